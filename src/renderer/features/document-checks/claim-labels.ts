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
  return check.claims.map(({ path, value }) => {
    if (check.issuer_kind !== 'ours' || !isOwnClaim(path)) return { path, label: path, value };
    const said = DATE_CLAIMS.has(path) && /^\d{4}-\d{2}-\d{2}/.test(value) ? formatDate(value) : path === 'outcome.result' && isOutcome(value) ? t(`verify-document:outcomes.${value}`) : value;
    return { path, label: t(`verify-document:claimLabels.${path}`), value: said };
  });
}
