import { sql, type Kysely } from 'kysely';

// Diploma specimens: the genuine documents an institution issues, kept to compare submitted
// diplomas with (shared/design/recognition.md, "Authenticity in practice").
// - diploma_specimens: one per institution and qualification, pointing at its current version.
// - diploma_specimen_versions: every state a specimen had, never changed once written: the period
//   of issue it covers, its security features, the numbering format (a regular expression matched
//   whole), the signatories' titles, notes and the genuine document (PDF in the documents storage).
//   An edit or a new file writes a new version; a comparison names the version it was made against.
// - document_specimen_comparisons: an officer's comparison of a submitted document with a
//   specimen version: the features ticked (by their place in the version's list), the number typed
//   and whether it matched the format, who and when. Kept, newest read first.

const UP = [
  sql`create table diploma_specimens (
    id integer generated always as identity primary key,
    institution_id integer not null references institutions (id) on delete cascade,
    current_version integer not null default 1 check (current_version >= 1),
    created_at timestamptz not null default now()
  )`,
  sql`create index diploma_specimens_institution_idx on diploma_specimens (institution_id)`,

  sql`create table diploma_specimen_versions (
    id integer generated always as identity primary key,
    specimen_id integer not null references diploma_specimens (id) on delete cascade,
    version integer not null check (version >= 1),
    qualification text not null check (qualification <> ''),
    issued_from date not null,
    issued_to date,
    security_features text[] not null default '{}',
    number_pattern text not null check (char_length(number_pattern) between 1 and 120),
    signatories text[] not null default '{}',
    notes text,
    storage_key text,
    file_name text,
    size integer,
    sha256 text,
    active_content text[] not null default '{}',
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    unique (specimen_id, version),
    check (issued_to is null or issued_to >= issued_from),
    check ((storage_key is null) = (file_name is null))
  )`,

  sql`create table document_specimen_comparisons (
    id integer generated always as identity primary key,
    document_id integer not null references application_documents (id) on delete cascade,
    specimen_version_id integer not null references diploma_specimen_versions (id) on delete restrict,
    features_present integer[] not null default '{}',
    number_typed text,
    number_matches boolean,
    compared_by_id integer references users (id) on delete set null,
    compared_at timestamptz not null default now(),
    check ((number_typed is null) = (number_matches is null))
  )`,
  sql`create index document_specimen_comparisons_document_idx on document_specimen_comparisons (document_id, compared_at desc, id desc)`,
];

const DOWN = [sql`drop table document_specimen_comparisons`, sql`drop table diploma_specimen_versions`, sql`drop table diploma_specimens`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
