import { sql, type Kysely } from 'kysely';

// Documents anyone can verify without calling the office.
// - document_seal: the office's seal (one row): the PKCS#12 an administrator uploaded (or the demo
//   generated), its password sealed under the server secret (write-only, like the mail password),
//   what its certificate says (shown in the settings without opening the file), and the timestamp
//   authority's address when the seal's signatures are to be timestamped.
// - credential_keys: the Ed25519 keys credentials are signed with. One is current (retired_at is
//   null); a rotation retires it and adds the next, and retired keys stay listed in the did:web
//   document so that what they signed still verifies.
// - issued_documents.sealed_by: the seal certificate's subject a PDF was signed with (null: issued
//   without a seal); credential: the verifiable credential issued beside it, never changed after.
//   The bitstring status list index of a document is its id.

const UP = [
  sql`create table document_seal (
    id integer primary key check (id = 1),
    version integer not null default 1,
    pkcs12 bytea,
    password_sealed text,
    subject text,
    issuer text,
    serial_number text,
    not_before timestamptz,
    not_after timestamptz,
    demo boolean not null default false,
    timestamp_authority_url text,
    updated_at timestamptz not null default now(),
    updated_by_id integer references users (id) on delete set null
  )`,
  sql`create table credential_keys (
    id serial primary key,
    public_key_multibase text not null unique,
    secret_key_sealed text not null,
    created_at timestamptz not null default now(),
    created_by_id integer references users (id) on delete set null,
    retired_at timestamptz
  )`,
  sql`create unique index credential_keys_current_idx on credential_keys ((true)) where retired_at is null`,
  sql`alter table issued_documents add column sealed_by text, add column credential jsonb`,
  // The status list is made from the revoked rows of one range of ids.
  sql`create index issued_documents_revoked_idx on issued_documents (id) where revoked_at is not null`,
];

const DOWN = [
  sql`drop index issued_documents_revoked_idx`,
  sql`alter table issued_documents drop column credential, drop column sealed_by`,
  sql`drop table credential_keys`,
  sql`drop table document_seal`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
