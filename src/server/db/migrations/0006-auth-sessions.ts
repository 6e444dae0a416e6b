import { sql, type Kysely } from 'kysely';

// A sign-in session of its own (auth_sessions): access tokens name it (`sid`), so
// ending it (logout, refresh-token reuse, password change) refuses its access tokens at once.
// The refresh-token family id is the session id. Sign-in throttling gains the account-and-address
// pair scope. One statement per call (PGlite's extended protocol).

const UP = [
  sql`create table auth_sessions (
    id uuid primary key,
    user_id integer not null references users (id) on delete cascade,
    started_at timestamptz not null default now(),
    ended_at timestamptz
  )`,
  sql`create index auth_sessions_user_idx on auth_sessions (user_id)`,
  // Families signed in before this migration become sessions; a fully revoked family has ended.
  sql`insert into auth_sessions (id, user_id, started_at, ended_at)
    select family_id, min(user_id), min(created_at),
      case when bool_and(revoked_at is not null) then max(revoked_at) end
    from refresh_tokens group by family_id`,
  sql`alter table refresh_tokens add constraint refresh_tokens_session_fk
    foreign key (family_id) references auth_sessions (id) on delete cascade`,
  sql`alter table login_attempts drop constraint login_attempts_scope_check`,
  sql`alter table login_attempts add constraint login_attempts_scope_check
    check (scope in ('pair', 'account', 'address'))`,
];

const DOWN = [
  sql`delete from login_attempts where scope = 'pair'`,
  sql`alter table login_attempts drop constraint login_attempts_scope_check`,
  sql`alter table login_attempts add constraint login_attempts_scope_check check (scope in ('account', 'address'))`,
  sql`alter table refresh_tokens drop constraint refresh_tokens_session_fk`,
  sql`drop table auth_sessions`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
