import { sql, type Kysely } from 'kysely';

// System settings. One statement per call (PGlite's extended protocol).
//
// - system_setting_groups: one row per group an administrator saved (security, uploads, general,
//   verification, smtp, holidays), its values as JSON, a version for optimistic locking (412 on a
//   stale save) and who saved it last. A group without a row is the server's configuration
//   (config.ts) as it is. Every server instance notices a save by the sum of the versions, which
//   only grows (src/server/system-settings.ts reads it at most every two seconds).
// - The mail password is stored sealed (AES-256-GCM under a key derived from the JWT secret),
//   never in clear, in `smtp_password_sealed`, so the values column can be shown as it is.
// - Two-factor for staff stays in system_settings (`security.require_2fa_for_staff`, from 0001),
//   which the sign-in already reads on every attempt; the security group reads and writes it there.

const UP = [
  sql`create table system_setting_groups (
    name text primary key check (name in ('security', 'uploads', 'general', 'verification', 'smtp', 'holidays')),
    "values" jsonb not null,
    version integer not null default 1 check (version > 0),
    smtp_password_sealed text,
    updated_at timestamptz not null default now(),
    updated_by_id integer references users (id) on delete set null
  )`,
];

const DOWN = [sql`drop table system_setting_groups`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
