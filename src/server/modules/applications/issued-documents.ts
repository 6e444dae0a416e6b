import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Database, IssuedDocumentKind } from '../../db/schema';

// Issuing is part of the decision: the issued document's row (with its public verification
// code) is written in the decision's transaction, and an invalidation revokes it in its own.
// The PDF is rendered later, on first download, by the issuance module.

// Crockford's base32 without I, L, O, U: nothing to misread on paper.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 characters from 60 random bits, as XXXX-XXXX-XXXX. */
export function newVerificationCode(): string {
  const bytes = randomBytes(12);
  const chars = [...bytes].map((byte) => ALPHABET[byte & 31]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

export async function issueDocument(
  trx: Transaction<Database>,
  application: { id: number; reference: string; applicant_name: string },
  kind: IssuedDocumentKind,
  issuedById: number,
  now: Date,
): Promise<void> {
  await trx
    .insertInto('issued_documents')
    .values({
      application_id: application.id,
      kind,
      verification_code: newVerificationCode(),
      reference: application.reference,
      holder_name: application.applicant_name,
      issued_by_id: issuedById,
      issued_at: now,
    })
    .execute();
}

export async function revokeIssuedDocuments(trx: Transaction<Database>, applicationId: number, reason: string | null, now: Date): Promise<void> {
  await trx
    .updateTable('issued_documents')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('application_id', '=', applicationId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** submit_verdict needs a submitted verdict with its PDF. */
export async function hasSubmittedVerdict(trx: Transaction<Database>, applicationId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('verdicts')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('status', '=', 'submitted')
    .where('storage_key', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}
