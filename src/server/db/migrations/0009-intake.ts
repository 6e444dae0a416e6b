import { sql, type Kysely } from 'kysely';

// Applications typed in at the counter, possibly offline, arrive later, once. Their
// files are staged first under a key the client chose (intake_uploads: a retried upload finds
// its row and stores nothing twice); the submission carries an Idempotency-Key, kept per user
// with the hash of the request (intake_submissions: a repeat answers the application it already
// made, a different request under the same key is refused). Applications keep the reason of an
// exemption request, and the counter's duplicate check looks them up by personal ID. References
// are numbered from a per-year counter.
// One statement per call (PGlite's extended protocol).

const UP = [
  sql`create table intake_uploads (
    upload_key uuid primary key,
    owner_id integer not null references users (id) on delete cascade,
    storage_key text not null unique,
    file_name text not null,
    size bigint not null check (size >= 0),
    sha256 text not null,
    application_id integer references applications (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  // The sweep of unclaimed uploads reads only these.
  sql`create index intake_uploads_unclaimed_idx on intake_uploads (created_at) where application_id is null`,
  sql`create index intake_uploads_application_idx on intake_uploads (application_id) where application_id is not null`,

  sql`create table intake_submissions (
    owner_id integer not null references users (id) on delete cascade,
    idempotency_key uuid not null,
    request_hash text not null,
    application_id integer references applications (id) on delete cascade,
    created_at timestamptz not null default now(),
    primary key (owner_id, idempotency_key)
  )`,

  // The last reference number given per year, so numbering a submission is one row update, not a
  // scan of every application (seeded from the year's highest reference on its first use).
  sql`create table application_reference_counters (
    year integer primary key,
    last_number integer not null check (last_number > 0)
  )`,

  sql`alter table applications add column exemption_reason text`,
  sql`create index applications_personal_id_idx on applications (personal_id) where personal_id is not null`,
];

const DOWN = [
  sql`drop index applications_personal_id_idx`,
  sql`alter table applications drop column exemption_reason`,
  sql`drop table application_reference_counters`,
  sql`drop table intake_submissions`,
  sql`drop table intake_uploads`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
