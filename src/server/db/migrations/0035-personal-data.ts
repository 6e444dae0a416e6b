import { sql, type Kysely } from 'kysely';

// Personal data over its whole life.
// - backup_runs: every backup this server wrote (scheduled, by hand), with its file and outcome.
//   A scheduled run claims its calendar day (unique), so of several instances one writes it.
// - applications: a legal hold (an appeal, a court case) that stops erasure, with who set it and
//   why; and when the application's personal data was anonymised (its counts, times and
//   outcomes stay).
// - erasure_requests: a person's request to erase their data, what was answered and when.
// - system_setting_groups: two more groups, `backups` and `retention`.

const UP = [
  sql`create table backup_runs (
    id integer generated always as identity primary key,
    trigger text not null check (trigger in ('scheduled', 'manual')),
    scheduled_for date,
    started_at timestamptz not null default now(),
    finished_at timestamptz,
    status text not null default 'running' check (status in ('running', 'done', 'failed')),
    file_name text,
    bytes bigint,
    error text,
    started_by_id integer references users (id) on delete set null,
    check ((trigger = 'scheduled') = (scheduled_for is not null))
  )`,
  sql`create unique index backup_runs_scheduled_day_key on backup_runs (scheduled_for) where trigger = 'scheduled'`,
  sql`alter table applications
    add column legal_hold_reason text,
    add column legal_hold_set_at timestamptz,
    add column legal_hold_set_by_id integer references users (id) on delete set null,
    add column anonymised_at timestamptz`,
  sql`create index applications_retention_idx on applications (service_id, coalesce(closed_at, decided_at))
    where anonymised_at is null and legal_hold_reason is null`,
  sql`create table erasure_requests (
    id integer generated always as identity primary key,
    applicant_id integer not null references applicants (id) on delete restrict,
    received_on date not null,
    recorded_by_id integer references users (id) on delete set null,
    recorded_at timestamptz not null default now(),
    erased_at timestamptz,
    erased_by_id integer references users (id) on delete set null,
    answer_sent_on date,
    answer text
  )`,
  sql`create index erasure_requests_applicant_idx on erasure_requests (applicant_id)`,
  sql`alter table system_setting_groups drop constraint system_setting_groups_name_check`,
  sql`alter table system_setting_groups add constraint system_setting_groups_name_check
    check (name in ('security', 'uploads', 'general', 'verification', 'smtp', 'holidays', 'backups', 'retention'))`,
];

const DOWN = [
  sql`delete from system_setting_groups where name in ('backups', 'retention')`,
  sql`alter table system_setting_groups drop constraint system_setting_groups_name_check`,
  sql`alter table system_setting_groups add constraint system_setting_groups_name_check
    check (name in ('security', 'uploads', 'general', 'verification', 'smtp', 'holidays'))`,
  sql`drop table erasure_requests`,
  sql`drop index applications_retention_idx`,
  sql`alter table applications drop column legal_hold_reason, drop column legal_hold_set_at, drop column legal_hold_set_by_id, drop column anonymised_at`,
  sql`drop table backup_runs`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
