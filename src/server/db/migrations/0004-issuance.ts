import { sql, type Kysely } from 'kysely';

// Issued documents (verification documents and recognition certificates) with their public
// verification codes, the templates they are rendered from, and the final verification verdicts
// of service 3. An issued document's row is written in the same transaction as the decision that
// issues it; its PDF is rendered on first download and then kept (storage_key, sha256).
// One statement per call (PGlite's extended protocol).

const UP = [
  sql`create table issued_documents (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete restrict,
    kind text not null check (kind in ('verification_document', 'recognition_certificate')),
    verification_code text not null unique,
    reference text not null,
    holder_name text not null,
    issued_by_id integer references users (id) on delete set null,
    issued_at timestamptz not null default now(),
    revoked_at timestamptz,
    revoked_reason text,
    storage_key text,
    sha256 text,
    size bigint
  )`,
  sql`create index issued_documents_application_idx on issued_documents (application_id)`,
  sql`create index issued_documents_issued_idx on issued_documents (issued_at desc, id desc)`,

  sql`create table document_templates (
    id integer generated always as identity primary key,
    kind text not null check (kind in ('verification_document', 'recognition_certificate', 'verdict')),
    language text not null check (language in ('en', 'sq', 'sr')),
    version integer not null check (version > 0),
    title text not null,
    body text not null,
    active boolean not null default true,
    uploaded_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    unique (kind, language, version)
  )`,
  sql`create unique index document_templates_active_idx on document_templates (kind, language) where active`,

  sql`create table verdicts (
    id integer generated always as identity primary key,
    application_id integer not null references applications (id) on delete cascade,
    status text not null default 'draft' check (status in ('draft', 'submitted')),
    body text not null default '',
    file_name text,
    storage_key text,
    sha256 text,
    size bigint,
    created_by_id integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    submitted_at timestamptz,
    version integer not null default 1
  )`,
  sql`create index verdicts_application_idx on verdicts (application_id, created_at)`,
];

const DOWN = [sql`drop table verdicts`, sql`drop table document_templates`, sql`drop table issued_documents`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
