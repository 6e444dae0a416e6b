import type { Transaction } from 'kysely';
import type { Database, IssuedDocumentKind } from '../db/schema';
import { issuedDocumentRow } from '../issued-document-rows';

// Issuing is part of the decision: the issued document's row (with its public verification
// code, issued-document-rows.ts) is written in the decision's transaction, where the workflow then
// has its PDF rendered and stored (issued-files.ts); an invalidation revokes it in its own.

export async function issueDocument(
  trx: Transaction<Database>,
  application: { id: number; reference: string; applicant_name: string },
  kind: IssuedDocumentKind,
  issuedById: number,
  now: Date,
): Promise<number> {
  const row = await trx.insertInto('issued_documents').values(issuedDocumentRow(application, kind, issuedById, now)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes the application's issued documents (of one kind, when given); answers how many were still valid. */
export async function revokeIssuedDocuments(trx: Transaction<Database>, applicationId: number, reason: string | null, now: Date, kind?: IssuedDocumentKind): Promise<number> {
  let query = trx
    .updateTable('issued_documents')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('application_id', '=', applicationId)
    .where('revoked_at', 'is', null);
  if (kind) query = query.where('kind', '=', kind);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
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
