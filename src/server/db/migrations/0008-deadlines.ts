import { sql, type Kysely } from 'kysely';

// Deadline configurations (spec §3), the holiday calendar the working-day clock skips,
// each application's running deadlines (started, paused, due, completed), and one row per sent
// reminder or escalation, unique per occurrence, so several API instances send each exactly once.
// A configuration's history is the audit log (entity 'deadline_configuration'). One statement per call.

const UP = [
  sql`create table deadline_configurations (
    id serial primary key,
    name_en text not null,
    name_sq text not null,
    name_sr text not null,
    deadline_type text not null check (deadline_type in ('document_upload', 'fee_payment', 'service_completion', 'council_review',
      'application_submission', 'document_verification', 'administrative_review', 'final_decision')),
    service_category text not null check (service_category in ('higher_education', 'pre_university', 'kosovo_verification',
      'abroad_verification', 'academic_information')),
    days_from_start integer not null check (days_from_start between 1 and 730),
    working_days boolean not null default false,
    conditional boolean not null default false,
    condition text,
    mandatory boolean not null default true,
    mandatory_by_law boolean not null default false,
    legal_basis text,
    reminder_enabled boolean not null default false,
    reminder_days_before integer check (reminder_days_before between 1 and 365),
    reminder_frequency text check (reminder_frequency in ('once', 'daily', 'weekly')),
    escalation_enabled boolean not null default false,
    escalation_days_after integer check (escalation_days_after between 0 and 365),
    escalation_recipients jsonb not null default '[]',
    active boolean not null default true,
    version integer not null default 1,
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check (not conditional or condition is not null),
    check (not mandatory_by_law or legal_basis is not null),
    check (not reminder_enabled or (reminder_days_before is not null and reminder_frequency is not null)),
    check (not escalation_enabled or escalation_days_after is not null)
  )`,
  sql`create index deadline_configurations_lookup_idx on deadline_configurations (service_category, deadline_type) where active`,

  sql`create table holidays (
    id serial primary key,
    date date not null unique,
    name_en text not null,
    name_sq text not null,
    name_sr text not null,
    source text not null check (source in ('library', 'manual')),
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`,

  sql`create table application_deadlines (
    id serial primary key,
    application_id integer not null references applications (id) on delete cascade,
    configuration_id integer not null references deadline_configurations (id),
    deadline_type text not null,
    days integer not null,
    working_days boolean not null,
    started_at timestamptz not null,
    start_date date not null,
    due_date date not null,
    pauses jsonb not null default '[]',
    paused_since timestamptz,
    completed_at timestamptz,
    next_reminder_on date,
    escalate_on date
  )`,
  sql`create index application_deadlines_application_idx on application_deadlines (application_id)`,
  sql`create index application_deadlines_configuration_idx on application_deadlines (configuration_id)`,
  sql`create index application_deadlines_reminder_idx on application_deadlines (next_reminder_on) where next_reminder_on is not null`,
  sql`create index application_deadlines_escalation_idx on application_deadlines (escalate_on) where escalate_on is not null`,

  sql`create table deadline_notifications (
    id serial primary key,
    application_deadline_id integer not null references application_deadlines (id) on delete cascade,
    kind text not null check (kind in ('reminder', 'escalation')),
    occurrence date not null,
    recipients integer not null,
    sent_at timestamptz not null default now(),
    unique (application_deadline_id, kind, occurrence)
  )`,
];

const DOWN = [
  sql`drop table deadline_notifications`,
  sql`drop table application_deadlines`,
  sql`drop table holidays`,
  sql`drop table deadline_configurations`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
