import { sql, type Kysely } from 'kysely';

// Issued documents keep the bytes they were issued with: certificates and verification documents,
// payment receipts and verdicts are rendered once, when they are issued, stored in the document
// storage, and served from there ever after. Recorded beside each: the SHA-256, the size, when the
// bytes were made and from which template versions. Once stored, the bytes' record cannot be
// changed (the triggers below), so no later code path can swap an issued document.

const UP = [
  sql`alter table issued_documents
    add column rendered_at timestamptz,
    add column template_versions jsonb`,
  // Documents rendered on a first download before this migration: their bytes were made then.
  sql`update issued_documents set rendered_at = issued_at where storage_key is not null`,
  sql`alter table application_payments
    add column receipt_storage_key text,
    add column receipt_sha256 text,
    add column receipt_size integer check (receipt_size > 0),
    add column receipt_rendered_at timestamptz,
    add constraint application_payments_receipt_file_whole check (
      (receipt_storage_key is null) = (receipt_sha256 is null)
      and (receipt_storage_key is null) = (receipt_size is null)
      and (receipt_storage_key is null) = (receipt_rendered_at is null))`,
  sql`alter table verdicts add column template_version integer`,
  sql`create function keep_issued_document_bytes() returns trigger language plpgsql as $$
    begin
      if old.storage_key is not null and (new.storage_key is distinct from old.storage_key
          or new.sha256 is distinct from old.sha256 or new.size is distinct from old.size
          or new.rendered_at is distinct from old.rendered_at or new.template_versions is distinct from old.template_versions) then
        raise exception 'an issued document''s bytes never change' using errcode = 'integrity_constraint_violation';
      end if;
      return new;
    end $$`,
  sql`create trigger issued_documents_keep_bytes_trg before update on issued_documents
    for each row execute function keep_issued_document_bytes()`,
  sql`create function keep_receipt_bytes() returns trigger language plpgsql as $$
    begin
      if old.receipt_storage_key is not null and (new.receipt_storage_key is distinct from old.receipt_storage_key
          or new.receipt_sha256 is distinct from old.receipt_sha256 or new.receipt_size is distinct from old.receipt_size
          or new.receipt_rendered_at is distinct from old.receipt_rendered_at) then
        raise exception 'an issued receipt''s bytes never change' using errcode = 'integrity_constraint_violation';
      end if;
      return new;
    end $$`,
  sql`create trigger application_payments_keep_receipt_trg before update on application_payments
    for each row execute function keep_receipt_bytes()`,
  sql`create function keep_submitted_verdict_bytes() returns trigger language plpgsql as $$
    begin
      if old.status = 'submitted' and (new.storage_key is distinct from old.storage_key
          or new.sha256 is distinct from old.sha256 or new.size is distinct from old.size) then
        raise exception 'a submitted verdict''s bytes never change' using errcode = 'integrity_constraint_violation';
      end if;
      return new;
    end $$`,
  sql`create trigger verdicts_keep_submitted_bytes_trg before update on verdicts
    for each row execute function keep_submitted_verdict_bytes()`,
];

const DOWN = [
  sql`drop trigger verdicts_keep_submitted_bytes_trg on verdicts`,
  sql`drop function keep_submitted_verdict_bytes()`,
  sql`drop trigger application_payments_keep_receipt_trg on application_payments`,
  sql`drop function keep_receipt_bytes()`,
  sql`drop trigger issued_documents_keep_bytes_trg on issued_documents`,
  sql`drop function keep_issued_document_bytes()`,
  sql`alter table verdicts drop column template_version`,
  sql`alter table application_payments drop constraint application_payments_receipt_file_whole,
    drop column receipt_storage_key, drop column receipt_sha256, drop column receipt_size, drop column receipt_rendered_at`,
  sql`alter table issued_documents drop column rendered_at, drop column template_versions`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
