import { sql, type Kysely } from 'kysely';

// Applications: applicants, councils, the application itself with its education info,
// document metadata, status history, notes and payments, and the officers' saved filters.
//
// The list screen filters, sorts and searches a million rows, so the applications table carries
// denormalised copies of what the list shows (applicant name, personal ID, institution, the
// assigned officer's name) and a lower-cased search text with a trigram index: the list never
// joins to filter or sort. The module that writes an application keeps the copies in step.
// Value lists are written out (not taken from src/shared) so this migration never changes.
// One statement per call (PGlite's extended protocol).

const STATUSES = sql.raw(`('submitted', 'processing', 'approved', 'rejected', 'pending', 'council_review',
  'council_assigned', 'document_verification', 'decision_pending', 'originality_verified',
  'pre_university_recognition', 'pre_university_non_recognition', 'payment_completed', 'payment_exempted',
  'payment_pending', 'original', 'verified', 'suspicious', 'inspectorate_pending', 'inspectorate_verified',
  'inspectorate_rejected', 'in_review', 'needs_clarification', 'assessment_completed', 'additional_info_required')`);
const FIELDS = sql.raw(`('natural_sciences', 'engineering_technology', 'medical_health', 'agricultural_sciences',
  'social_sciences', 'humanities_arts', 'education', 'law', 'economics_business')`);
const DOCUMENT_TYPES = sql.raw(`('original_diploma', 'diploma_translation', 'original_transcript',
  'transcript_translation', 'id_document', 'previous_education', 'curriculum', 'thesis_abstract', 'exemption_proof',
  'additional_document', 'verification_request')`);

const UP = [
  sql`create extension if not exists pg_trgm`,

  sql`create table applicants (
    id integer generated always as identity primary key,
    first_name text not null,
    last_name text not null,
    email text not null,
    phone text,
    personal_id text,
    date_of_birth date,
    gender text not null default 'not_specified' check (gender in ('male', 'female', 'other', 'prefer_not_to_say', 'not_specified')),
    country char(2) references countries (code),
    city text,
    address text,
    created_at timestamptz not null default now()
  )`,
  sql`create index applicants_personal_id_idx on applicants (personal_id)`,

  sql`create table councils (
    id integer generated always as identity primary key,
    name text not null unique,
    active boolean not null default true,
    academic_field_categories text[] not null default '{}',
    created_at timestamptz not null default now()
  )`,
  sql`create table council_members (
    council_id integer not null references councils (id) on delete cascade,
    user_id integer not null references users (id) on delete cascade,
    is_chair boolean not null default false,
    primary key (council_id, user_id)
  )`,
  sql`create index council_members_user_idx on council_members (user_id)`,

  sql`create table applications (
    id integer generated always as identity primary key,
    reference text not null unique,
    service_id integer not null references services (id),
    service_type integer not null check (service_type between 1 and 5),
    status text not null check (status in ${STATUSES}),
    previous_status text check (previous_status in ${STATUSES}),
    priority text not null default 'normal' check (priority in ('low', 'normal', 'high', 'urgent')),
    priority_rank smallint generated always as (
      case priority when 'low' then 0 when 'normal' then 1 when 'high' then 2 else 3 end) stored,
    applicant_id integer not null references applicants (id),
    applicant_name text not null,
    personal_id text,
    institution_name text,
    institution_country char(2),
    search_text text generated always as (lower(
      reference || ' ' || applicant_name || ' ' || coalesce(personal_id, '') || ' ' || coalesce(institution_name, ''))) stored,
    assigned_officer_id integer references users (id) on delete set null,
    assigned_officer_name text,
    assigned_at timestamptz,
    council_id integer references councils (id) on delete set null,
    submitted_at timestamptz not null default now(),
    deadline date,
    closed_at timestamptz,
    notes text,
    review_status text check (review_status in ('pending_review', 'in_review', 'completed')),
    review_due_date date,
    council_comments text,
    review_notes text,
    reviewed_by_id integer references users (id) on delete set null,
    review_date timestamptz,
    academic_field_category text check (academic_field_category in ${FIELDS}),
    decision_outcome text check (decision_outcome in ('approved', 'rejected')),
    decision_comments text,
    decided_by_id integer references users (id) on delete set null,
    decided_at timestamptz,
    inspectorate_outcome text check (inspectorate_outcome in ('verified', 'rejected')),
    inspectorate_verified_by_id integer references users (id) on delete set null,
    inspectorate_verified_at timestamptz,
    inspectorate_notes text,
    archived boolean not null default false,
    invalidated boolean not null default false,
    invalidated_reason text,
    incomplete boolean not null default false,
    version integer not null default 1,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // The default order (newest first) and the filters officers combine with it.
  sql`create index applications_submitted_idx on applications (submitted_at desc, id desc)`,
  sql`create index applications_status_idx on applications (status, submitted_at desc, id desc)`,
  sql`create index applications_service_idx on applications (service_type, submitted_at desc, id desc)`,
  sql`create index applications_officer_idx on applications (assigned_officer_id, submitted_at desc, id desc)`,
  sql`create index applications_council_idx on applications (council_id, submitted_at desc, id desc)`,
  sql`create index applications_open_deadline_idx on applications (deadline, id) where closed_at is null`,
  sql`create index applications_incomplete_idx on applications (submitted_at desc, id desc) where incomplete`,
  sql`create index applications_applicant_idx on applications (applicant_id)`,
  // The other sortable columns.
  sql`create index applications_applicant_name_idx on applications (applicant_name, id)`,
  sql`create index applications_institution_idx on applications (institution_name, id)`,
  sql`create index applications_priority_idx on applications (priority_rank, submitted_at desc, id desc)`,
  sql`create index applications_officer_name_idx on applications (assigned_officer_name, id)`,
  sql`create index applications_search_idx on applications using gin (search_text gin_trgm_ops)`,

  sql`create table education_info (
    application_id integer primary key references applications (id) on delete cascade,
    institution_name text not null,
    institution_country char(2),
    institution_email text,
    institution_website text,
    institution_type text check (institution_type in ('public', 'private')),
    program_name text,
    degree_level text check (degree_level in
      ('high_school', 'bachelor', 'master', 'phd', 'doctorate', 'professional', 'diploma', 'certificate', 'other')),
    duration text,
    graduation_date date,
    ects_credits integer check (ects_credits >= 0),
    purpose_details text
  )`,

  sql`create table application_documents (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    file_name text not null,
    document_type text not null check (document_type in ${DOCUMENT_TYPES}),
    kind text not null default 'original' check (kind in ('original', 'copy', 'translation')),
    media_type text not null default 'application/pdf',
    size bigint not null default 0 check (size >= 0),
    sha256 text,
    storage_key text unique,
    status text not null default 'pending' check (status in ('pending', 'verified', 'rejected')),
    review_notes text,
    reviewed_by_id integer references users (id) on delete set null,
    reviewed_at timestamptz,
    uploaded_by_id integer references users (id) on delete set null,
    uploaded_at timestamptz not null default now()
  )`,
  sql`create index application_documents_application_idx on application_documents (application_id, uploaded_at)`,
  sql`create index application_documents_status_idx on application_documents (status, document_type)`,

  // "Incomplete" (a required document of the service missing or rejected, or the applicant owes us
  // an answer) is one definition here, kept current by triggers, so every module that changes a
  // status or a document keeps the list's `incomplete` filter true without knowing the rule.
  sql`create function application_is_incomplete(app_id integer, app_status text, app_service_id integer)
    returns boolean language sql stable as $$
      select app_status in ('needs_clarification', 'additional_info_required')
        or exists (
          select 1 from service_document_requirements r
          where r.service_id = app_service_id and r.required
            and not exists (
              select 1 from application_documents d
              where d.application_id = app_id and d.document_type = r.document_type and d.status <> 'rejected'))
    $$`,
  sql`create function applications_set_incomplete() returns trigger language plpgsql as $$
    begin
      new.incomplete := application_is_incomplete(new.id, new.status, new.service_id);
      return new;
    end $$`,
  sql`create trigger applications_incomplete_trg before insert or update of status, service_id on applications
    for each row execute function applications_set_incomplete()`,
  sql`create function application_documents_refresh_incomplete() returns trigger language plpgsql as $$
    begin
      update applications a set incomplete = application_is_incomplete(a.id, a.status, a.service_id)
      where a.id in (select distinct application_id from changed_documents);
      return null;
    end $$`,
  sql`create trigger application_documents_inserted_trg after insert on application_documents
    referencing new table as changed_documents
    for each statement execute function application_documents_refresh_incomplete()`,
  sql`create trigger application_documents_updated_trg after update on application_documents
    referencing new table as changed_documents
    for each statement execute function application_documents_refresh_incomplete()`,
  sql`create trigger application_documents_deleted_trg after delete on application_documents
    referencing old table as changed_documents
    for each statement execute function application_documents_refresh_incomplete()`,

  sql`create table application_history (
    id bigint generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    action text not null,
    from_status text,
    to_status text,
    actor_id integer references users (id) on delete set null,
    notes text,
    created_at timestamptz not null default now()
  )`,
  sql`create index application_history_application_idx on application_history (application_id, created_at)`,
  sql`create index application_history_to_status_idx on application_history (to_status, created_at)`,

  sql`create table application_notes (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    author_id integer references users (id) on delete set null,
    text text not null,
    created_at timestamptz not null default now()
  )`,
  sql`create index application_notes_application_idx on application_notes (application_id, created_at)`,

  sql`create table application_payments (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    amount numeric(10, 2) not null check (amount >= 0),
    transaction_id text not null,
    paid_at timestamptz not null default now(),
    recorded_by_id integer references users (id) on delete set null
  )`,
  sql`create index application_payments_application_idx on application_payments (application_id, paid_at)`,

  sql`create table saved_filters (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    name text not null,
    query text not null,
    created_at timestamptz not null default now(),
    unique (user_id, name)
  )`,
];

const DOWN = [
  sql`drop table saved_filters`,
  sql`drop table application_payments`,
  sql`drop table application_notes`,
  sql`drop table application_history`,
  sql`drop table application_documents`,
  sql`drop function application_documents_refresh_incomplete`,
  sql`drop table education_info`,
  sql`drop table applications`,
  sql`drop function applications_set_incomplete`,
  sql`drop function application_is_incomplete`,
  sql`drop table council_members`,
  sql`drop table councils`,
  sql`drop table applicants`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
