import { sql, type Kysely } from 'kysely';

// Reports. One statement per call (PGlite's extended protocol).
//
// - report_exports: a report written to a file in the background. The request inserts a queued
//   row and answers 202; a worker on any instance claims it (FOR UPDATE SKIP LOCKED, then a lease
//   in claimed_until so a crashed instance's export is taken up again), writes the file in
//   batches while it moves progress from 0 to 100, and keeps the file in the document storage
//   (storage_key). Only its owner lists or downloads it.
// - Two indexes the reports' period scans use on a million applications: decisions by day, and
//   issued documents by day (the others ride on the list's submitted_at and assigned indexes).

const UP = [
  sql`create table report_exports (
    id bigserial primary key,
    owner_id bigint not null references users (id) on delete cascade,
    report text not null,
    filters jsonb not null default '{}',
    format text not null check (format in ('csv', 'xlsx', 'pdf')),
    language text not null default 'en' check (language in ('en', 'sq', 'sr')),
    status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
    progress integer not null default 0 check (progress between 0 and 100),
    rows integer not null default 0 check (rows >= 0),
    storage_key text,
    file_name text,
    size bigint,
    error text,
    attempts integer not null default 0,
    claimed_until timestamptz,
    created_at timestamptz not null default now(),
    finished_at timestamptz
  )`,
  sql`create index report_exports_owner_idx on report_exports (owner_id, created_at desc)`,
  sql`create index report_exports_waiting_idx on report_exports (created_at) where status in ('queued', 'running')`,
  sql`create index applications_decided_at_idx on applications (decided_at) include (service_type, status, decision_outcome)
    where decided_at is not null`,
  sql`create index issued_documents_issued_at_idx on issued_documents (issued_at)`,
];

const DOWN = [
  sql`drop index issued_documents_issued_at_idx`,
  sql`drop index applications_decided_at_idx`,
  sql`drop table report_exports`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
