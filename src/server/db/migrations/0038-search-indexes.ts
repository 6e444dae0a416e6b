import { sql, type Kysely } from 'kysely';

// A search for a common word (an institution's city, a frequent surname) lists the newest matches:
// PostgreSQL walks applications_submitted_idx newest first and tests each row's search_text until
// it has a page, reading a heap page per row it tests (2,358 rows and pages for "ljubljana" on
// 336,000 applications: 27 ms warm, 98 ms cold). The trigram index would find all 4,262 matches
// and then sort them, which reads even more of the table. The same walk over an index that holds
// search_text itself reads no table page (3.7 ms cold): applications_search_order_idx. The
// trigram index stays for rare words and references, where the planner estimates few matches.
//
// What the per-request read of the signed-in user needs to be kept in memory safely
// (signed-in-users.ts): every change to what the user object is made of notifies the channel
// naric_auth in its own transaction, so each instance drops the user it kept. The payload is the
// user's id, or '*' (every user) for the rare changes that reach many users at once: a group's
// permissions, a group's name, a permission's codename.
//
// Row triggers: a bulk action notifies once per row, and PostgreSQL sends a payload only once
// per transaction however often it is repeated.

const UP = [
  sql`create index applications_search_order_idx on applications (submitted_at desc, id desc) include (search_text) where not archived`,
  sql`create function auth_user_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('naric_auth', (case when tg_op = 'DELETE' then to_jsonb(old) else to_jsonb(new) end ->> tg_argv[0]));
      if tg_op = 'UPDATE' and (to_jsonb(old) ->> tg_argv[0]) is distinct from (to_jsonb(new) ->> tg_argv[0]) then
        perform pg_notify('naric_auth', to_jsonb(old) ->> tg_argv[0]);
      end if;
      return null;
    end $$`,
  sql`create function auth_everyone_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('naric_auth', '*');
      return null;
    end $$`,
  sql`create trigger auth_users_changed_trg after update or delete on users
    for each row execute function auth_user_changed('id')`,
  sql`create trigger auth_user_groups_changed_trg after insert or update or delete on user_groups
    for each row execute function auth_user_changed('user_id')`,
  sql`create trigger auth_user_permissions_changed_trg after insert or update or delete on user_permissions
    for each row execute function auth_user_changed('user_id')`,
  // A session's end refuses its tokens; a new session is never kept before it is read.
  sql`create trigger auth_sessions_changed_trg after update of ended_at, user_id or delete on auth_sessions
    for each row execute function auth_user_changed('user_id')`,
  sql`create trigger auth_group_permissions_changed_trg after insert or update or delete on group_permissions
    for each statement execute function auth_everyone_changed()`,
  sql`create trigger auth_groups_changed_trg after update of name or delete on groups
    for each statement execute function auth_everyone_changed()`,
  sql`create trigger auth_permissions_changed_trg after update or delete on permissions
    for each statement execute function auth_everyone_changed()`,
];

const DOWN = [
  sql`drop trigger auth_permissions_changed_trg on permissions`,
  sql`drop trigger auth_groups_changed_trg on groups`,
  sql`drop trigger auth_group_permissions_changed_trg on group_permissions`,
  sql`drop trigger auth_sessions_changed_trg on auth_sessions`,
  sql`drop trigger auth_user_permissions_changed_trg on user_permissions`,
  sql`drop trigger auth_user_groups_changed_trg on user_groups`,
  sql`drop trigger auth_users_changed_trg on users`,
  sql`drop function auth_everyone_changed()`,
  sql`drop function auth_user_changed()`,
  sql`drop index applications_search_order_idx`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
