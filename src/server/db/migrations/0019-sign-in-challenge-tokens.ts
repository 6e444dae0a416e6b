import { sql, type Kysely } from 'kysely';

// A half-finished sign-in (second factor owed, or its set-up) is continued only with the random
// challenge the password step handed out, never with a user id or username alone: anyone can
// know those. Only the challenge's sha256 is kept, so the table cannot be used to take a sign-in
// over. Steps opened before this migration have no challenge and can never be finished: they go.
// The set-up calls get a throttle of their own.

const UP = [
  sql`delete from auth_challenges`,
  sql`alter table auth_challenges add column challenge_hash text not null`,
  sql`create unique index auth_challenges_hash_idx on auth_challenges (challenge_hash)`,
  sql`alter table login_attempts drop constraint login_attempts_action_check`,
  sql`alter table login_attempts add constraint login_attempts_action_check
    check (action in ('login', 'two_factor', 'password_check', 'send_code', 'two_factor_setup'))`,
];

const DOWN = [
  sql`delete from login_attempts where action = 'two_factor_setup'`,
  sql`alter table login_attempts drop constraint login_attempts_action_check`,
  sql`alter table login_attempts add constraint login_attempts_action_check
    check (action in ('login', 'two_factor', 'password_check', 'send_code'))`,
  sql`drop index auth_challenges_hash_idx`,
  sql`alter table auth_challenges drop column challenge_hash`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
