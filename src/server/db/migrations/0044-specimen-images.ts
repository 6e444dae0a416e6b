import { sql, type Kysely } from 'kysely';

// A specimen's genuine document may be an image (a scan or photograph of the diploma: PNG or
// JPEG, re-encoded by the server as every uploaded image is) as well as a PDF: the issue's "the
// genuine document (PDF or images)". The version records which, so the download is sent with its
// own type and the comparison draws it as a picture or as PDF pages. Versions written before it
// held PDFs only.

const UP = [
  sql`alter table diploma_specimen_versions add column media_type text not null default 'application/pdf'
    check (media_type in ('application/pdf', 'image/png', 'image/jpeg'))`,
];

const DOWN = [sql`alter table diploma_specimen_versions drop column media_type`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
