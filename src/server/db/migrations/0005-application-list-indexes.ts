import { sql, type Kysely } from 'kysely';

// Indexes found by the list benchmark (bench/applications-list.ts, 1,000,000 applications): the
// default lists leave archived applications out, so these are partial on `not archived`, and each
// serves one common filter with its order and its capped count from the index alone.
// One statement per call (PGlite's extended protocol).

const UP = [
  // "Overdue": open applications, newest first, the deadline checked in the index.
  sql`create index applications_open_submitted_idx on applications (submitted_at desc, id desc) include (deadline)
    where closed_at is null and not archived`,
  // A status filter sorted by deadline (the officers' work queue).
  sql`create index applications_status_deadline_idx on applications (status, deadline, id) where not archived`,
  // "Assigned to me" within one service.
  sql`create index applications_officer_service_idx on applications (assigned_officer_id, service_type, submitted_at desc, id desc)
    where not archived`,
];

const DOWN = [
  sql`drop index applications_officer_service_idx`,
  sql`drop index applications_status_deadline_idx`,
  sql`drop index applications_open_submitted_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
