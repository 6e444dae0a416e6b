import { sql, type Kysely } from 'kysely';

// The logo issued documents carry at the top left of their letterhead (system
// settings). One row at most (id 1); its bytes in the row (at most 512 KB, a PNG or JPEG checked
// by its signature), so the PDF code gets them with the settings and no storage round trip.
// Removing the logo keeps the row with no content and a higher version: versions only grow,
// and every server instance notices a change by them (src/server/system-settings.ts).

const UP = [
  sql`create table letterhead_logo (
    id integer primary key check (id = 1),
    content bytea,
    media_type text check (media_type in ('image/png', 'image/jpeg')),
    byte_size integer check (byte_size > 0),
    sha256 text,
    version integer not null default 1 check (version > 0),
    updated_at timestamptz not null default now(),
    updated_by_id integer references users (id) on delete set null,
    check ((content is null) = (media_type is null) and (content is null) = (byte_size is null) and (content is null) = (sha256 is null))
  )`,
];

const DOWN = [sql`drop table letterhead_logo`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
