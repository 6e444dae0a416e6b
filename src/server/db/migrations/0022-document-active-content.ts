import { sql, type Kysely } from 'kysely';

// The active content found in each stored PDF on upload (src/server/storage/pdf-active-content.ts):
// the kinds, empty for a clean file. Every table that keeps an uploaded PDF gets the column;
// files stored before this have not been scanned and read as clean.

const KINDS = `array['javascript', 'open_action', 'launch', 'embedded_file', 'rich_media']::text[]`;

const COLUMNS = [
  ['application_documents', 'active_content'],
  ['intake_uploads', 'active_content'],
  ['verdicts', 'active_content'],
  ['council_meetings', 'minutes_active_content'],
  ['expert_reviews', 'report_active_content'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) {
    await sql`alter table ${sql.table(table)} add column ${sql.ref(column)} text[] not null default '{}' check (${sql.ref(column)} <@ ${sql.raw(KINDS)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of COLUMNS) await sql`alter table ${sql.table(table)} drop column ${sql.ref(column)}`.execute(db);
}
