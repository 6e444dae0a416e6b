import { sql } from 'kysely';
import { CLOSED_STATUSES } from '../../shared/domain/application-status';
import { addDays, kosovoDate } from '../../shared/domain/deadline-dates';
import type { AppDatabase } from './database';

// The personal-data screens' demo: two applications closed seven years ago (past the five years
// their data is kept), one of them under a legal hold for a court case, so the retention preview
// lists one and keeps the other; and an erasure request waiting for a decision from a person
// whose application is still open (so the assessment shows what must be kept and why). They are
// generated applications moved back in time as a whole (with their history), not new ones, so
// the demo's counts stay as they were. A second run adds nothing.

const SEEDED_MARKER = 'demo.personal_data_seeded';
const SHIFT = sql`interval '7 years'`;

export async function seedDemoPersonalData(db: AppDatabase): Promise<number> {
  const marker = await db.selectFrom('system_settings').select('key').where('key', '=', SEEDED_MARKER).executeTakeFirst();
  if (marker) return 0;
  const admin = await db.selectFrom('users').select('id').where('username', '=', 'naric.admin').executeTakeFirst();
  // Generated ones only (the walkthrough's fixtures are 9000xx), closed, with no appeal or issued document to keep consistent.
  const closed = await db
    .selectFrom('applications as a')
    .select(['a.id', 'a.applicant_id'])
    .where('a.status', 'in', CLOSED_STATUSES)
    .where('a.reference', 'not like', 'NARIC-2026-9000%')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('appeals').select('appeals.id').whereRef('appeals.application_id', '=', 'a.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('issued_documents').select('issued_documents.id').whereRef('issued_documents.application_id', '=', 'a.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('applications as other').select('other.id').whereRef('other.applicant_id', '=', 'a.applicant_id').whereRef('other.id', '<>', 'a.id'))))
    .orderBy('a.id')
    .limit(2)
    .execute();
  const open = await db
    .selectFrom('applications as a')
    .select(['a.applicant_id'])
    .where('a.status', 'not in', CLOSED_STATUSES)
    .where('a.reference', 'not like', 'NARIC-2026-9000%')
    .orderBy('a.id')
    .executeTakeFirst();
  const [expired, held] = closed;
  if (!expired || !held || !open || !admin) return 0;

  const ids = [expired.id, held.id];
  await db
    .updateTable('applications')
    .set({
      submitted_at: sql`submitted_at - ${SHIFT}`,
      decided_at: sql`decided_at - ${SHIFT}`,
      closed_at: sql`coalesce(closed_at, decided_at, updated_at) - ${SHIFT}`,
      assigned_at: sql`assigned_at - ${SHIFT}`,
      review_date: sql`review_date - ${SHIFT}`,
      updated_at: sql`updated_at - ${SHIFT}`,
    })
    .where('id', 'in', ids)
    .execute();
  await sql`update application_history set created_at = created_at - ${SHIFT} where application_id in (${sql.join(ids)})`.execute(db);
  await db
    .updateTable('applications')
    .set({ legal_hold_reason: 'Court case: the applicant contests the decision before the Basic Court of Prishtina.', legal_hold_set_at: sql`now() - interval '40 days'`, legal_hold_set_by_id: admin.id })
    .where('id', '=', held.id)
    .execute();
  await db
    .insertInto('erasure_requests')
    .values({ applicant_id: open.applicant_id, received_on: addDays(kosovoDate(new Date()), -6), recorded_by_id: admin.id })
    .execute();
  await db.insertInto('system_settings').values({ key: SEEDED_MARKER, value: 'true' }).execute();
  return 3;
}
