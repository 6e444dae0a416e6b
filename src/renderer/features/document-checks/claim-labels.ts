import type { TFunction } from 'i18next';
import type { CredentialCheckAnswer } from '../../../shared/api/document-seals';
import { RECOGNITION_OUTCOMES } from '../../../shared/api/recognition-decisions';

// Our own credential's claims (modules/issuance/document-credential.ts) read in the reader's
// language: each known path has a label, dates are formatted and the outcome is said in words.
// Another issuer's claims keep their own keys and values: the same key may mean something else
// there, and a label of ours would claim to know what it means.

/** The paths our credentials state, in the order the subject states them. */
export const OWN_CLAIM_PATHS = [
  'type',
  'name',
  'reference',
  'verificationCode',
  'qualification.name',
  'qualification.institution',
  'qualification.country',
  'qualification.graduationDate',
  'outcome.result',
  'outcome.detail',
  'recognisedAs.en',
  'recognisedAs.sq',
  'recognisedAs.sr',
  'decisionDate',
] as const;
type OwnClaimPath = (typeof OWN_CLAIM_PATHS)[number];

const DATE_CLAIMS: ReadonlySet<string> = new Set<OwnClaimPath>(['qualification.graduationDate', 'decisionDate']);
const isOwnClaim = (path: string): path is OwnClaimPath => (OWN_CLAIM_PATHS as readonly string[]).includes(path);
const isOutcome = (value: string): value is (typeof RECOGNITION_OUTCOMES)[number] => (RECOGNITION_OUTCOMES as readonly string[]).includes(value);

export interface ReadableClaim {
  path: string;
  label: string;
  value: string;
}

/** The claims as label and value: translated for our own credential's known paths, as stated otherwise. */
export function readableClaims(check: Pick<CredentialCheckAnswer, 'claims' | 'issuer_kind'>, t: TFunction, formatDate: (value: string) => string): ReadableClaim[] {
  if (check.issuer_kind !== 'ours') return check.claims.map(({ path, value }) => ({ path, label: path, value }));
  // In the order the office states them (a signed credential's keys come back in another order).
  const rank = (path: string) => (isOwnClaim(path) ? OWN_CLAIM_PATHS.indexOf(path) : OWN_CLAIM_PATHS.length);
  return [...check.claims]
    .sort((a, b) => rank(a.path) - rank(b.path))
    .map(({ path, value }) => {
      if (!isOwnClaim(path)) return { path, label: path, value };
      return { path, label: t(`verify-document:claimLabels.${path}`), value: ownValue(path, value, t, formatDate) };
    });
}

/** A value of ours in words: dates formatted, the outcome and the subject's kind translated. */
function ownValue(path: OwnClaimPath, value: string, t: TFunction, formatDate: (value: string) => string): string {
  if (DATE_CLAIMS.has(path) && /^\d{4}-\d{2}-\d{2}/.test(value)) return formatDate(value);
  if (path === 'outcome.result' && isOutcome(value)) return t(`verify-document:outcomes.${value}`);
  if (path === 'type' && value === 'Person') return t('verify-document:subjectKinds.person');
  return value;
}
