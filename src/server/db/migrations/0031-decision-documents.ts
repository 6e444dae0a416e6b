import { sql, type Kysely } from 'kysely';

// What a recognition decision issues (shared/design/recognition.md, "What a reasoned decision
// contains"):
// - Its decision PDF, rendered once when the decision is approved (or taken at once, service 2),
//   in the applicant's language: the bytes' record sits on the decision's own row, as a receipt's
//   sits on its payment's, because a decision has exactly one PDF, made with it and never again.
//   The trigger keeps that record as 0023 keeps the other issued files': a decision row is still
//   updated later (superseded on appeal), its PDF never.
// - A positive service-1 decision's recognition statement: an issued document of a new kind, with
//   its verification code and templates like service 2's recognition certificate.
// - The built-in texts of service 2's decision e-mails said "the written decision explains" how to
//   appeal; they now state the appeal notice. A version 1 nobody replaced is dropped here, and the
//   seed stores the new built-in text as version 1 when the server starts; an edited template stays.

const UP = [
  sql`alter table recognition_decisions
    add column pdf_storage_key text,
    add column pdf_sha256 text,
    add column pdf_size integer check (pdf_size > 0),
    add column pdf_language text check (pdf_language in ('en', 'sq', 'sr')),
    add column pdf_rendered_at timestamptz,
    add constraint recognition_decisions_pdf_whole check (
      (pdf_storage_key is null) = (pdf_sha256 is null)
      and (pdf_storage_key is null) = (pdf_size is null)
      and (pdf_storage_key is null) = (pdf_language is null)
      and (pdf_storage_key is null) = (pdf_rendered_at is null)),
    add constraint recognition_decisions_pdf_approved check (pdf_storage_key is null or approved_at is not null)`,
  sql`create function keep_decision_pdf_bytes() returns trigger language plpgsql as $$
    begin
      if old.pdf_storage_key is not null and (new.pdf_storage_key is distinct from old.pdf_storage_key
          or new.pdf_sha256 is distinct from old.pdf_sha256 or new.pdf_size is distinct from old.pdf_size
          or new.pdf_language is distinct from old.pdf_language or new.pdf_rendered_at is distinct from old.pdf_rendered_at) then
        raise exception 'a decision''s PDF never changes' using errcode = 'integrity_constraint_violation';
      end if;
      return new;
    end $$`,
  sql`create trigger recognition_decisions_keep_pdf_trg before update on recognition_decisions
    for each row execute function keep_decision_pdf_bytes()`,
  // The backfill looks for approved decisions without their PDF.
  sql`create index recognition_decisions_pdf_missing_idx on recognition_decisions (approved_at desc, id desc)
    where pdf_storage_key is null and approved_at is not null`,

  sql`alter table issued_documents drop constraint issued_documents_kind_check`,
  sql`alter table issued_documents add constraint issued_documents_kind_check
    check (kind in ('verification_document', 'recognition_certificate', 'recognition_statement'))`,
  sql`alter table document_templates drop constraint document_templates_kind_check`,
  sql`alter table document_templates add constraint document_templates_kind_check
    check (kind in ('verification_document', 'recognition_certificate', 'recognition_statement', 'verdict'))`,

  sql`delete from notification_templates t
    where t.event in ('recognition_certificate_issued', 'pre_university_recognition_denied') and t.version = 1
      and not exists (select 1 from notification_templates later
        where later.event = t.event and later.language = t.language and later.version > 1)`,
];

const DOWN = [
  sql`delete from document_templates where kind = 'recognition_statement'`,
  sql`alter table document_templates drop constraint document_templates_kind_check`,
  sql`alter table document_templates add constraint document_templates_kind_check
    check (kind in ('verification_document', 'recognition_certificate', 'verdict'))`,
  sql`alter table issued_documents drop constraint issued_documents_kind_check`,
  sql`alter table issued_documents add constraint issued_documents_kind_check
    check (kind in ('verification_document', 'recognition_certificate'))`,
  sql`drop index recognition_decisions_pdf_missing_idx`,
  sql`drop trigger recognition_decisions_keep_pdf_trg on recognition_decisions`,
  sql`drop function keep_decision_pdf_bytes()`,
  sql`alter table recognition_decisions drop constraint recognition_decisions_pdf_approved, drop constraint recognition_decisions_pdf_whole,
    drop column pdf_storage_key, drop column pdf_sha256, drop column pdf_size, drop column pdf_language, drop column pdf_rendered_at`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
