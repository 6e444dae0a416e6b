import { sql } from 'kysely';
import type { AppDatabase } from './db/database';

// Which verification PDF belongs to the inspectorate's current request (spec §4: one per
// request): a `verification_request` document uploaded since the application was last sent to the
// inspectorate. The documents module refuses a second one with it; the applications module
// refuses approval without one and names it in the detail.

/** The current inspectorate request's verification PDF (the newest if several), or null; `db` may be a transaction. */
export async function currentInspectorateDocumentId(db: AppDatabase, applicationId: number): Promise<number | null> {
  const row = await db
    .selectFrom('application_documents')
    .select('id')
    .where('application_id', '=', applicationId)
    .where('document_type', '=', 'verification_request')
    .where((eb) =>
      eb(
        'uploaded_at',
        '>=',
        eb
          .selectFrom('application_history')
          .select(sql<Date>`coalesce(max(created_at), '-infinity'::timestamptz)`.as('requested'))
          .where('application_id', '=', applicationId)
          .where('action', '=', 'request_inspectorate'),
      ),
    )
    .orderBy('uploaded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Whether the current inspectorate request already has its document. */
export async function hasInspectorateDocument(db: AppDatabase, applicationId: number): Promise<boolean> {
  return (await currentInspectorateDocumentId(db, applicationId)) !== null;
}
