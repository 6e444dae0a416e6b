import { sql, type Kysely } from 'kysely';

// Councils and expert commissions review recognition applications.
//
// - Councils gain a quorum (how many non-conflicted members a decision needs), a description and
//   a version for edits (412 on a stale one). A council is active or inactive; its per-application
//   decision is pending review until recorded, then approved or rejected (docs/workflow.md).
// - Meetings: date and place, an agenda of applications, attendance per member and the minutes
//   (a PDF kept in the document storage).
// - A member declares a conflict of interest on an application (with a reason): from then on the
//   member takes no part in its review or decision.
// - Each recorded council decision keeps who took part (the quorum is checked on them), the
//   meeting it was taken at if any, the outcome and the comments; applications keep a copy of the
//   outcome (council_outcome) so analytics read one table.
// - Expert commissions (evaluators, with a chair) review an application on request; a review is
//   assigned to one evaluator of the commission, has a due date, and once submitted is locked.
// One statement per call (PGlite's extended protocol).

const FIELDS = sql.raw(`('natural_sciences', 'engineering_technology', 'medical_health', 'agricultural_sciences',
  'social_sciences', 'humanities_arts', 'education', 'law', 'economics_business')`);

const UP = [
  sql`alter table councils add column description text`,
  sql`alter table councils add column quorum smallint not null default 2 check (quorum between 1 and 50)`,
  sql`alter table councils add column version integer not null default 1`,
  sql`alter table councils add column updated_at timestamptz not null default now()`,

  sql`alter table applications add column council_outcome text check (council_outcome in ('approved', 'rejected'))`,

  sql`create table council_meetings (
    id integer generated always as identity primary key,
    council_id integer not null references councils (id) on delete cascade,
    scheduled_at timestamptz not null,
    place text not null,
    status text not null default 'scheduled' check (status in ('scheduled', 'held', 'cancelled')),
    notes text,
    minutes_storage_key text unique,
    minutes_file_name text,
    minutes_size bigint check (minutes_size >= 0),
    minutes_sha256 text,
    minutes_uploaded_by_id integer references users (id) on delete set null,
    minutes_uploaded_at timestamptz,
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    version integer not null default 1
  )`,
  sql`create index council_meetings_council_idx on council_meetings (council_id, scheduled_at desc)`,
  sql`create index council_meetings_upcoming_idx on council_meetings (scheduled_at) where status = 'scheduled'`,

  sql`create table council_meeting_agenda (
    meeting_id integer not null references council_meetings (id) on delete cascade,
    application_id integer not null references applications (id) on delete cascade,
    position smallint not null default 0,
    primary key (meeting_id, application_id)
  )`,
  sql`create index council_meeting_agenda_application_idx on council_meeting_agenda (application_id)`,

  sql`create table council_meeting_attendance (
    meeting_id integer not null references council_meetings (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    present boolean not null,
    primary key (meeting_id, user_id)
  )`,

  sql`create table council_conflicts (
    application_id integer not null references applications (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    council_id integer not null references councils (id) on delete cascade,
    reason text not null,
    declared_at timestamptz not null default now(),
    primary key (application_id, user_id)
  )`,

  sql`create table council_decisions (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    council_id integer not null references councils (id) on delete cascade,
    meeting_id integer references council_meetings (id) on delete set null,
    outcome text not null check (outcome in ('approved', 'rejected')),
    comments text not null,
    review_notes text,
    participant_ids integer[] not null,
    recorded_by_id integer references users (id) on delete set null,
    recorded_at timestamptz not null default now()
  )`,
  sql`create index council_decisions_application_idx on council_decisions (application_id)`,
  sql`create index council_decisions_council_idx on council_decisions (council_id, recorded_at desc)`,

  sql`create table expert_commissions (
    id integer generated always as identity primary key,
    name text not null unique,
    description text,
    academic_field_category text check (academic_field_category in ${FIELDS}),
    active boolean not null default true,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  sql`create table expert_commission_members (
    commission_id integer not null references expert_commissions (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    is_chair boolean not null default false,
    primary key (commission_id, user_id)
  )`,
  sql`create index expert_commission_members_user_idx on expert_commission_members (user_id)`,

  sql`create table expert_reviews (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    commission_id integer not null references expert_commissions (id),
    reviewer_id integer not null references users (id),
    requested_by_id integer references users (id) on delete set null,
    requested_at timestamptz not null default now(),
    due_date date not null,
    status text not null default 'requested' check (status in ('requested', 'submitted')),
    assessment text,
    recommendation text check (recommendation in ('recognise', 'recognise_with_conditions', 'do_not_recognise')),
    comments text,
    report_storage_key text unique,
    report_file_name text,
    report_size bigint check (report_size >= 0),
    report_sha256 text,
    submitted_at timestamptz,
    version integer not null default 1
  )`,
  sql`create index expert_reviews_reviewer_idx on expert_reviews (reviewer_id, status, due_date)`,
  sql`create index expert_reviews_application_idx on expert_reviews (application_id)`,
];

const DOWN = [
  sql`drop table expert_reviews`,
  sql`drop table expert_commission_members`,
  sql`drop table expert_commissions`,
  sql`drop table council_decisions`,
  sql`drop table council_conflicts`,
  sql`drop table council_meeting_attendance`,
  sql`drop table council_meeting_agenda`,
  sql`drop table council_meetings`,
  sql`alter table applications drop column council_outcome`,
  sql`alter table councils drop column updated_at`,
  sql`alter table councils drop column version`,
  sql`alter table councils drop column quorum`,
  sql`alter table councils drop column description`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
