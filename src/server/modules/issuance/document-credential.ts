import type { AppDatabase } from '../../db/database';
import type { ServerConfig } from '../../config';
import { issuerDid } from '../../credentials/current-issuer';
import { statusEntry } from '../../credentials/status-entry';
import { issuedDocumentValues, statedDecision } from './issued-document-queries';
import { verificationUrl } from './rendering';

// The verifiable credential issued beside an issued document's PDF: who holds it, the
// qualification, the outcome (for a statement), the issuing office and the date, with the
// document's revocation entry. Its id is the document's public verification address.

const SUBJECT_TYPES = { verification_document: 'VerificationDocument', recognition_certificate: 'RecognitionCertificate', recognition_statement: 'RecognitionStatement' } as const;
const NAMES = { verification_document: 'Verification document', recognition_certificate: 'Recognition certificate', recognition_statement: 'Recognition statement' } as const;

const day = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString().slice(0, 10) : undefined);

/** Drops absent values: a claim the application does not have is left out, not stated as empty. */
function present<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined && entry !== null && entry !== '')) as Partial<T>;
}

export async function documentCredential(db: AppDatabase, id: number, input: { publicVerifyUrl: string; organisationName: string }) {
  const row = await issuedDocumentValues(db, id);
  const decision = row.kind === 'recognition_statement' ? await statedDecision(db, row.application_id) : undefined;
  const did = issuerDid(input.publicVerifyUrl);
  return {
    // The office's own claims (qualification, outcome …) are issuer-dependent terms.
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/ns/credentials/undefined-terms/v2'],
    id: verificationUrl(input.publicVerifyUrl, row.verification_code),
    type: ['VerifiableCredential', SUBJECT_TYPES[row.kind]],
    name: `${NAMES[row.kind]} ${row.reference}`,
    issuer: { id: did, name: input.organisationName },
    validFrom: new Date(row.issued_at).toISOString(),
    credentialSubject: present({
      type: 'Person',
      name: row.holder_name,
      reference: row.reference,
      verificationCode: row.verification_code,
      qualification: present({
        name: row.program_name,
        institution: row.institution_name,
        country: row.institution_country?.trim(),
        graduationDate: day(row.graduation_date),
      }),
      outcome: decision ? present({ result: decision.outcome, detail: decision.outcome_detail }) : undefined,
      recognisedAs: decision ? present({ en: decision.national_name_en, sq: decision.national_name_sq, sr: decision.national_name_sr }) : undefined,
      decisionDate: day(row.decided_at),
    }),
    credentialStatus: statusEntry(input.publicVerifyUrl, row.id),
  };
}

/** Signs the document's credential with the office's current key (the credentials code loads with the first one). */
export async function issueDocumentCredential(db: AppDatabase, config: Pick<ServerConfig, 'jwtSecret'>, id: number, input: { publicVerifyUrl: string; organisationName: string }) {
  const { signCredential } = await import('../../credentials/credentials');
  const unsigned = await documentCredential(db, id, input);
  return signCredential({ db, secret: config.jwtSecret, did: unsigned.issuer.id, publicVerifyUrl: input.publicVerifyUrl }, unsigned);
}
