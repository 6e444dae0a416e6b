import { sql, type Kysely } from 'kysely';

// Sign-in state that must survive restarts and be shared by several server instances:
// refresh tokens (hashed, rotated, grouped in families), failed attempts for throttling,
// half-finished sign-ins, two-factor set-ups, e-mailed codes, backup codes and the last TOTP
// step used. One statement per call (PGlite's extended protocol).

const UP = [
  sql`create table refresh_tokens (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    family_id uuid not null,
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz,
    revoked_at timestamptz,
    replaced_by integer references refresh_tokens (id) on delete set null
  )`,
  sql`create index refresh_tokens_family_idx on refresh_tokens (family_id)`,
  sql`create index refresh_tokens_user_idx on refresh_tokens (user_id)`,

  sql`create table login_attempts (
    id integer generated always as identity primary key,
    action text not null check (action in ('login', 'two_factor', 'password_check', 'send_code')),
    scope text not null check (scope in ('account', 'address')),
    subject text not null,
    attempted_at timestamptz not null default now()
  )`,
  sql`create index login_attempts_lookup_idx on login_attempts (action, scope, subject, attempted_at)`,

  sql`create table auth_challenges (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    kind text not null check (kind in ('two_factor', 'two_factor_setup')),
    client_address text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    consumed_at timestamptz
  )`,
  sql`create index auth_challenges_user_idx on auth_challenges (user_id, kind, expires_at)`,

  sql`create table two_factor_enrolments (
    user_id integer primary key references users (id) on delete cascade,
    method text not null check (method in ('totp', 'email')),
    sealed_secret text,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    check ((method = 'totp') = (sealed_secret is not null))
  )`,

  sql`create table two_factor_email_codes (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    purpose text not null check (purpose in ('sign_in', 'setup')),
    code_hash text not null,
    created_at timestamptz not null default now(),
    expires_at timestamptz not null,
    used_at timestamptz
  )`,
  sql`create index two_factor_email_codes_user_idx on two_factor_email_codes (user_id, purpose)`,

  sql`create table two_factor_backup_codes (
    id integer generated always as identity primary key,
    user_id integer not null references users (id) on delete cascade,
    code_hash text not null,
    created_at timestamptz not null default now(),
    used_at timestamptz,
    unique (user_id, code_hash)
  )`,

  sql`create table two_factor_totp_steps (
    user_id integer primary key references users (id) on delete cascade,
    last_step integer not null
  )`,
];

const DOWN = [
  sql`drop table two_factor_totp_steps`,
  sql`drop table two_factor_backup_codes`,
  sql`drop table two_factor_email_codes`,
  sql`drop table two_factor_enrolments`,
  sql`drop table auth_challenges`,
  sql`drop table login_attempts`,
  sql`drop table refresh_tokens`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
