import { sql, type Kysely } from 'kysely';

// A statement line the import could not record (its amount differs from the amount due, or its
// reference names no application) is resolved by a person afterwards: matched to the payment it
// pays (which records that payment) or set aside with the reason. Who did it, when and how stay
// on the line.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bank_statement_lines
    add column resolution text check (resolution in ('matched', 'set_aside')),
    add column resolution_note text,
    add column resolved_by_id integer references users(id) on delete set null,
    add column resolved_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bank_statement_lines drop column resolution, drop column resolution_note, drop column resolved_by_id, drop column resolved_at`.execute(db);
}
