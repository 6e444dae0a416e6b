import { sql, type Kysely } from 'kysely';

// Plain SQL, one statement per call: PGlite's extended protocol takes a single statement.
// Checks hold the enumerations of src/shared so no other value can be stored.

const UP = [
  sql`create table users (
    id serial primary key,
    username text not null check (length(username) between 1 and 150),
    email text not null,
    password_hash text not null default '',
    first_name text not null default '',
    last_name text not null default '',
    is_superuser boolean not null default false,
    is_staff boolean not null default false,
    is_active boolean not null default true,
    auth_source text not null default 'local',
    phone text,
    country char(2),
    address text,
    personal_id text,
    date_of_birth date,
    gender text not null default 'not_specified'
      check (gender in ('male', 'female', 'other', 'prefer_not_to_say', 'not_specified')),
    email_verified boolean not null default false,
    two_factor_enabled boolean not null default false,
    two_factor_method text check (two_factor_method in ('totp', 'email')),
    two_factor_secret text,
    last_login timestamptz,
    date_joined timestamptz not null default now(),
    version integer not null default 1
  )`,
  // Case-insensitive uniqueness: "Officer" and "officer" are the same person signing in.
  sql`create unique index users_username_lower_key on users (lower(username))`,
  sql`create unique index users_email_lower_key on users (lower(email))`,

  sql`create table groups (
    id serial primary key,
    name text not null unique
  )`,
  sql`create table permissions (
    id serial primary key,
    app_label text not null,
    codename text not null,
    name text not null,
    unique (app_label, codename)
  )`,
  sql`create table group_permissions (
    group_id integer not null references groups (id) on delete cascade,
    permission_id integer not null references permissions (id) on delete cascade,
    primary key (group_id, permission_id)
  )`,
  sql`create table user_groups (
    user_id integer not null references users (id) on delete cascade,
    group_id integer not null references groups (id) on delete cascade,
    primary key (user_id, group_id)
  )`,
  sql`create index user_groups_group_id_idx on user_groups (group_id)`,
  sql`create table user_permissions (
    user_id integer not null references users (id) on delete cascade,
    permission_id integer not null references permissions (id) on delete cascade,
    primary key (user_id, permission_id)
  )`,

  sql`create table countries (
    code char(2) primary key check (code ~ '^[A-Z]{2}$'),
    alpha3 char(3),
    name_en text not null,
    name_sq text not null,
    name_sr text not null
  )`,

  sql`create table services (
    id serial primary key,
    service_type integer not null unique check (service_type between 1 and 5),
    category text not null check (category in
      ('higher_education', 'pre_university', 'kosovo_verification', 'abroad_verification', 'academic_information')),
    name text not null,
    description text not null default '',
    fee numeric(10, 2) not null default 0 check (fee >= 0),
    fee_enabled boolean not null default true,
    base_fee_amount numeric(10, 2) check (base_fee_amount >= 0),
    fee_exemption_allowed boolean not null default false,
    processing_time_days integer not null check (processing_time_days > 0),
    requirements text not null default '',
    enabled boolean not null default true,
    council_required boolean not null default false,
    degree_options text[] not null default '{}'
  )`,
  sql`create table service_document_requirements (
    id serial primary key,
    service_id integer not null references services (id) on delete cascade,
    document_type text not null check (document_type in
      ('original_diploma', 'diploma_translation', 'original_transcript', 'transcript_translation', 'id_document',
       'previous_education', 'curriculum', 'thesis_abstract', 'exemption_proof', 'additional_document',
       'verification_request')),
    required boolean not null default true,
    description text not null default '',
    unique (service_id, document_type)
  )`,

  sql`create table system_settings (
    key text primary key,
    value jsonb not null,
    updated_at timestamptz not null default now()
  )`,

  sql`create table audit_log (
    id bigserial primary key,
    actor_id integer references users (id) on delete set null,
    action text not null,
    entity_type text not null,
    entity_id text,
    details jsonb not null default '{}',
    ip text,
    created_at timestamptz not null default now()
  )`,
  sql`create index audit_log_entity_idx on audit_log (entity_type, entity_id, created_at)`,
  sql`create index audit_log_created_at_idx on audit_log (created_at)`,

  sql`create table notification_outbox (
    id bigserial primary key,
    recipient_user_id integer references users (id) on delete set null,
    recipient_email text,
    kind text not null check (kind in ('email', 'system')),
    subject text not null,
    message text not null,
    status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
    attempts integer not null default 0,
    last_error text,
    created_at timestamptz not null default now(),
    sent_at timestamptz,
    check (recipient_user_id is not null or recipient_email is not null)
  )`,
  // The outbox worker only ever looks for pending rows, oldest first.
  sql`create index notification_outbox_pending_idx on notification_outbox (created_at) where status = 'pending'`,
];

const DOWN = [
  sql`drop table notification_outbox`,
  sql`drop table audit_log`,
  sql`drop table system_settings`,
  sql`drop table service_document_requirements`,
  sql`drop table services`,
  sql`drop table countries`,
  sql`drop table user_permissions`,
  sql`drop table user_groups`,
  sql`drop table group_permissions`,
  sql`drop table permissions`,
  sql`drop table groups`,
  sql`drop table users`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
