import { sql, type Kysely } from 'kysely';

// The structured recognition decision of services 1 and 2 (shared/design/recognition.md).
// - recognition_decisions: one decision as prepared and approved, with the comparison it was made
//   from kept as it stood then (the application's education info and the reference data may change
//   afterwards, the decision may not), its appeal notice and who prepared and approved it. A
//   decision is never rewritten: preparing again, or changing it on appeal, writes a new row and
//   marks the old one superseded (superseded_by), so at most one is current per application.
// - recognition_decision_differences: the substantial differences found, each an element of the
//   EAR manual with the officer's explanation.
// - recognition_decision_legal_bases: the legal reasons cited; a cited reason cannot be deleted
//   (restrict), only deactivated.
// Services gain the appeal notice every decision states: the period in days and the appeal body.

const OUTCOMES = sql`('full', 'partial', 'alternative', 'conditional', 'non_recognition')`;
const ACCREDITATION = sql`('accredited', 'not_accredited', 'expired', 'unknown')`;

const UP = [
  sql`alter table services
    add column appeal_period_days smallint check (appeal_period_days between 1 and 365),
    add column appeal_body_en text not null default '',
    add column appeal_body_sq text not null default '',
    add column appeal_body_sr text not null default ''`,
  // Kosovo's procedure: an appeal within 15 days of the decision, to the ministry's appeals commission.
  sql`update services set
    appeal_period_days = 15,
    appeal_body_en = 'Appeals Commission of the Ministry of Education, Science, Technology and Innovation',
    appeal_body_sq = 'Komisioni i Ankesave i Ministrisë së Arsimit, Shkencës, Teknologjisë dhe Inovacionit',
    appeal_body_sr = 'Komisija za žalbe Ministarstva obrazovanja, nauke, tehnologije i inovacija'
    where service_type in (1, 2)`,

  sql`create table recognition_decisions (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    outcome text not null check (outcome in ${OUTCOMES}),
    outcome_detail text check (outcome_detail <> ''),
    foreign_institution_name text,
    foreign_accreditation text not null check (foreign_accreditation in ${ACCREDITATION}),
    foreign_programme text,
    foreign_degree_level text,
    foreign_eqf_level smallint check (foreign_eqf_level between 1 and 8),
    foreign_nqf_level smallint check (foreign_nqf_level between 1 and 8),
    foreign_duration text,
    foreign_ects integer check (foreign_ects >= 0),
    foreign_profile text not null check (foreign_profile in ('academic', 'professional')),
    national_qualification_id integer not null references national_qualifications (id) on delete restrict,
    national_name_en text not null,
    national_name_sq text not null,
    national_name_sr text not null,
    national_degree_level text not null,
    national_eqf_level smallint not null,
    national_nqf_level smallint not null,
    national_ects integer,
    national_duration_years numeric(3, 1),
    national_profile text not null check (national_profile in ('academic', 'professional')),
    appeal_body_en text not null check (appeal_body_en <> ''),
    appeal_body_sq text not null check (appeal_body_sq <> ''),
    appeal_body_sr text not null check (appeal_body_sr <> ''),
    appeal_period_days smallint not null check (appeal_period_days > 0),
    appeal_last_day date not null,
    departure_reason text check (departure_reason <> ''),
    state text not null default 'prepared' check (state in ('prepared', 'approved', 'superseded')),
    superseded_by integer references recognition_decisions (id),
    prepared_by_id integer not null references users (id),
    prepared_at timestamptz not null,
    approved_by_id integer references users (id),
    approved_at timestamptz,
    version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    check ((outcome in ('partial', 'alternative', 'conditional')) = (outcome_detail is not null)),
    check (superseded_by is null or state = 'superseded'),
    check ((state = 'approved') <= (approved_at is not null and approved_by_id is not null))
  )`,
  // The current decision of an application: the one not superseded.
  sql`create unique index recognition_decisions_current_idx on recognition_decisions (application_id) where state <> 'superseded'`,
  sql`create index recognition_decisions_application_idx on recognition_decisions (application_id, id)`,

  sql`create table recognition_decision_differences (
    id integer generated always as identity primary key,
    decision_id integer not null references recognition_decisions (id) on delete cascade,
    position smallint not null,
    element text not null check (element in ('level', 'workload', 'quality', 'profile', 'learning_outcomes')),
    explanation text not null check (explanation <> ''),
    unique (decision_id, position)
  )`,

  sql`create table recognition_decision_legal_bases (
    decision_id integer not null references recognition_decisions (id) on delete cascade,
    legal_reason_id integer not null references legal_reasons (id) on delete restrict,
    position smallint not null,
    primary key (decision_id, legal_reason_id)
  )`,
  sql`create index recognition_decision_legal_bases_reason_idx on recognition_decision_legal_bases (legal_reason_id)`,
];

const DOWN = [
  sql`drop table recognition_decision_legal_bases`,
  sql`drop table recognition_decision_differences`,
  sql`drop table recognition_decisions`,
  sql`alter table services drop column appeal_period_days, drop column appeal_body_en, drop column appeal_body_sq, drop column appeal_body_sr`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
