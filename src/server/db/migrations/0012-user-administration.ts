import { sql, type Kysely } from 'kysely';

// User administration and directory sign-in. One statement per call (PGlite's
// extended protocol).
//
// - users: a temporary password (set by an administrator's reset or at creation) must be changed
//   at the next sign-in and stops working when it expires; two-factor can be required of one
//   user; a directory user keeps the DN it was last bound as and when it was last synchronised.
// - auth_sessions: where and with what a session signed in, and when it was last refreshed, so an
//   administrator sees the open sessions and can end each one.
// - groups: a description, whether the group is one of the seeded groups the access rules name
//   (never renamed or deleted), and a version for optimistic locking.

const UP = [
  sql`alter table users
    add column must_change_password boolean not null default false,
    add column temporary_password_expires_at timestamptz,
    add column two_factor_required boolean not null default false,
    add column directory_dn text,
    add column directory_synced_at timestamptz,
    add column updated_at timestamptz not null default now()`,
  sql`alter table users add constraint users_auth_source_check check (auth_source in ('local', 'ldap'))`,
  // The list filters and sorts by these; the name search uses the lower() expressions.
  sql`create index users_last_name_idx on users (lower(last_name), lower(first_name), id)`,
  sql`create index users_last_login_idx on users (last_login)`,

  sql`alter table auth_sessions
    add column client_address text,
    add column user_agent text,
    add column last_seen_at timestamptz`,
  sql`create index auth_sessions_open_user_idx on auth_sessions (user_id) where ended_at is null`,

  sql`alter table groups
    add column description text not null default '',
    add column builtin boolean not null default false,
    add column version integer not null default 1`,

  // Who did what to whom: the activity tab reads a user's own actions and the entries about them.
  sql`create index audit_log_actor_idx on audit_log (actor_id, created_at)`,
];

const DOWN = [
  sql`drop index audit_log_actor_idx`,
  sql`alter table groups drop column version, drop column builtin, drop column description`,
  sql`drop index auth_sessions_open_user_idx`,
  sql`alter table auth_sessions drop column last_seen_at, drop column user_agent, drop column client_address`,
  sql`drop index users_last_login_idx`,
  sql`drop index users_last_name_idx`,
  sql`alter table users drop constraint users_auth_source_check`,
  sql`alter table users
    drop column updated_at,
    drop column directory_synced_at,
    drop column directory_dn,
    drop column two_factor_required,
    drop column temporary_password_expires_at,
    drop column must_change_password`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
