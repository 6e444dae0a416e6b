import { sql, type Kysely } from 'kysely';

// Retention, legal holds on people and erasure decisions (the columns of 0035 were the start).
// - applicants: a legal hold on the person (a court case about them) stops the anonymisation of
//   every application of theirs, with who set it and why; and when the person's own record was
//   anonymised (only once none of their applications keeps personal data).
// - erasure_requests: the decision on a request (erased, partly erased where a hold or the law
//   keeps something, refused) with its legal basis and who decided.
// - retention_runs: every run of the anonymisation (the daily one claims its calendar day, so of
//   several instances one runs it; a run by hand has no day), with what it anonymised.

const UP = [
  sql`alter table applicants
    add column legal_hold_reason text,
    add column legal_hold_set_at timestamptz,
    add column legal_hold_set_by_id integer references users (id) on delete set null,
    add column anonymised_at timestamptz`,
  sql`alter table erasure_requests
    add column outcome text check (outcome in ('erased', 'partly_erased', 'refused')),
    add column legal_basis text,
    add column decided_by_id integer references users (id) on delete set null,
    add column decided_at timestamptz,
    add constraint erasure_requests_decision_check check ((outcome is null) = (decided_at is null))`,
  sql`create table retention_runs (
    id integer generated always as identity primary key,
    trigger text not null check (trigger in ('scheduled', 'manual')),
    scheduled_for date,
    started_at timestamptz not null default now(),
    finished_at timestamptz,
    applications integer not null default 0,
    documents integer not null default 0,
    started_by_id integer references users (id) on delete set null,
    check ((trigger = 'scheduled') = (scheduled_for is not null))
  )`,
  sql`create unique index retention_runs_scheduled_day_key on retention_runs (scheduled_for) where trigger = 'scheduled'`,
];

const DOWN = [
  sql`drop table retention_runs`,
  sql`alter table erasure_requests drop constraint erasure_requests_decision_check,
    drop column outcome, drop column legal_basis, drop column decided_by_id, drop column decided_at`,
  sql`alter table applicants drop column legal_hold_reason, drop column legal_hold_set_at, drop column legal_hold_set_by_id, drop column anonymised_at`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
