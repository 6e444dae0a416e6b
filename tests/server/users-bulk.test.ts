import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/shared/api/auth';
import { USER_LIMITS, USER_MESSAGES, USER_PATHS, bulkAnswer, bulkPreviewAnswer, type BulkRequest } from '../../src/shared/api/users';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';
import { DEMO_PASSWORD, bodySignedIn, createUser, freshAddress } from './auth/auth-test-helpers';

// Bulk actions (spec §2 "Users"): over a page selection or a filter, the count confirmed
// first, a cap, a result for every user (done, or skipped and why), the guards' skips, audited per
// user, all or nothing.

let server: ServerFixture;

async function post(path: string, payload: object, username = 'admin') {
  return server.app.inject({ method: 'POST', url: `/api${path}`, headers: await server.authorization(username), payload });
}
const bulk = (request: BulkRequest, username?: string) => post(USER_PATHS.bulk, request, username);
const preview = async (selection: BulkRequest['selection']) => bulkPreviewAnswer.parse((await post(USER_PATHS.bulkPreview, { selection })).json());
const idOf = async (username: string) => (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
const count = async (query: Promise<{ n: string | number }>) => Number((await query).n);

/** `total` users named <prefix>.00001 …, unverified, every `inactiveEvery`-th one deactivated: one statement. */
async function insertStaff(prefix: string, total: number, inactiveEvery = 0) {
  const hash = (await server.db.selectFrom('users').select('password_hash').where('username', '=', 'officer').executeTakeFirstOrThrow()).password_hash;
  await sql`
    insert into users (username, email, password_hash, first_name, last_name, is_staff, is_active, email_verified)
    select ${prefix} || '.' || lpad(n::text, 5, '0'), ${prefix} || '.' || n || '@staff.example', ${hash},
           'Bulk', 'Colleague ' || n, true, ${inactiveEvery} = 0 or n % ${inactiveEvery} <> 0, false
    from generate_series(1, ${total}) as n`.execute(server.db);
}

beforeAll(async () => {
  server = await createServerFixture();
  await insertStaff('bulkfilter', 2500, 10);
});
afterAll(async () => server?.close());

describe('by filter over 2,500 users', () => {
  const selection = { filter: { search: 'bulkfilter' } };

  it('previews the count, then verifies every e-mail within the cap, audited per user; a second run skips them all', async () => {
    expect(await preview(selection)).toEqual({ count: 2500, cap: USER_LIMITS.bulkCap, over_cap: false });
    const started = Date.now();
    const answer = await bulk({ action: 'verify_email', selection, expected_count: 2500 });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = bulkAnswer.parse(answer.json());
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(body).toMatchObject({ action: 'verify_email', done: 2500, skipped: 0 });
    expect(body.results).toHaveLength(2500);
    expect(new Set(body.results.map((result) => result.user_id)).size).toBe(2500);
    expect(body.results[0]).toMatchObject({ username: 'bulkfilter.00001', full_name: 'Bulk Colleague 1', outcome: 'done', reason: null });

    const unverified = await count(
      server.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('username', 'like', 'bulkfilter.%').where('email_verified', '=', false).executeTakeFirstOrThrow(),
    );
    expect(unverified).toBe(0);
    const audited = await count(
      server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('action', '=', 'user.email_verified').executeTakeFirstOrThrow(),
    );
    expect(audited).toBe(2500);

    const again = bulkAnswer.parse((await bulk({ action: 'verify_email', selection, expected_count: 2500 })).json());
    expect(again).toMatchObject({ done: 0, skipped: 2500 });
    expect(again.results.every((result) => result.reason === 'already_done')).toBe(true);
  });

  it('activates the inactive tenth and skips the rest as already done', async () => {
    const body = bulkAnswer.parse((await bulk({ action: 'activate', selection, expected_count: 2500 })).json());
    expect(body).toMatchObject({ done: 250, skipped: 2250 });
    expect(body.results.find((result) => result.username === 'bulkfilter.00010')).toMatchObject({ outcome: 'done' });
    expect(body.results.find((result) => result.username === 'bulkfilter.00011')).toMatchObject({ outcome: 'skipped', reason: 'already_done' });
  });

  it('refuses a count that changed since it was confirmed (409, nothing done)', async () => {
    const answer = await bulk({ action: 'deactivate', selection, expected_count: 2499 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ detail: USER_MESSAGES.selectionChanged, count: 2500 });
    const inactive = await count(
      server.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('username', 'like', 'bulkfilter.%').where('is_active', '=', false).executeTakeFirstOrThrow(),
    );
    expect(inactive).toBe(0);
  });

  it('sends a notification to each (e-mail through the outbox), one row per user', async () => {
    const answer = bulkAnswer.parse(
      (await bulk({ action: 'send_notification', selection: { filter: { search: 'bulkfilter.0000' } }, expected_count: 9, subject: 'Office closed', message: 'On Friday.' })).json(),
    );
    expect(answer).toMatchObject({ done: 9, skipped: 0 });
    const queued = await count(
      server.db.selectFrom('notification_outbox').select((eb) => eb.fn.countAll<string>().as('n')).where('subject', '=', 'Office closed').executeTakeFirstOrThrow(),
    );
    expect(queued).toBe(9);
  });
});

describe('the cap', () => {
  it('refuses a selection over USER_LIMITS.bulkCap (409) and the preview says so', async () => {
    await insertStaff('toomany', USER_LIMITS.bulkCap + 1);
    const selection = { filter: { search: 'toomany' } };
    expect(await preview(selection)).toEqual({ count: USER_LIMITS.bulkCap + 1, cap: USER_LIMITS.bulkCap, over_cap: true });
    const answer = await bulk({ action: 'verify_email', selection, expected_count: USER_LIMITS.bulkCap + 1 });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ detail: USER_MESSAGES.selectionTooLarge });
    const verified = await count(
      server.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('username', 'like', 'toomany.%').where('email_verified', '=', true).executeTakeFirstOrThrow(),
    );
    expect(verified).toBe(0);
  });
});

describe('page selections and the guards', () => {
  it('deactivating yourself is skipped (self); the others are deactivated and their sessions end', async () => {
    const admin = await idOf('admin');
    const colleague = await createUser(server.db, { username: 'bulk.colleague', groups: ['NARIC Officers'], is_staff: true });
    const login = await server.app.inject({ method: 'POST', url: `/api${AUTH_PATHS.adminLogin}`, payload: { username: 'bulk.colleague', password: DEMO_PASSWORD }, remoteAddress: freshAddress() });
    const session = bodySignedIn.parse(login.json());

    const body = bulkAnswer.parse((await bulk({ action: 'deactivate', selection: { ids: [admin, colleague, 999_999] }, expected_count: 2 })).json());
    expect(body.results).toEqual([
      { user_id: admin, username: 'admin', full_name: expect.any(String), outcome: 'skipped', reason: 'self' },
      { user_id: colleague, username: 'bulk.colleague', full_name: 'bulk.colleague', outcome: 'done', reason: null },
      { user_id: 999_999, username: '', full_name: '', outcome: 'skipped', reason: 'unknown_user' },
    ]);
    expect(body).toMatchObject({ done: 1, skipped: 2 });
    const me = await server.app.inject({ method: 'GET', url: `/api${AUTH_PATHS.me}`, headers: { authorization: `Bearer ${session.access}` } });
    expect(me.statusCode).toBe(401);
    const [entry] = await server.db.selectFrom('audit_log').select(['details', 'actor_id']).where('action', '=', 'user.deactivated').where('entity_id', '=', String(colleague)).execute();
    expect(entry).toMatchObject({ actor_id: admin, details: { bulk: true, before: { is_active: true }, after: { is_active: false }, sessions_ended: 1 } });
  });

  it('taking away your own administrator group is skipped (self); roles of others are managed, unknown groups refused', async () => {
    const naricAdmin = await idOf('naric.admin');
    const colleague = await createUser(server.db, { username: 'roles.colleague', groups: ['NARIC Officers'], is_staff: true });
    const body = bulkAnswer.parse(
      (
        await bulk(
          { action: 'manage_roles', selection: { ids: [naricAdmin, colleague] }, expected_count: 2, add: ['Evaluators'], remove: ['NARIC Administrators', 'NARIC Officers'] },
          'naric.admin',
        )
      ).json(),
    );
    expect(body.results.map((result) => [result.username, result.outcome, result.reason])).toEqual([
      ['naric.admin', 'skipped', 'self'],
      ['roles.colleague', 'done', null],
    ]);
    const groups = await server.db
      .selectFrom('user_groups')
      .innerJoin('groups', 'groups.id', 'user_groups.group_id')
      .select('groups.name')
      .where('user_groups.user_id', 'in', [naricAdmin, colleague])
      .orderBy('user_groups.user_id')
      .orderBy('groups.name')
      .execute();
    expect(groups.map((row) => row.name)).toEqual(['NARIC Administrators', 'Evaluators']);

    const unknown = await bulk({ action: 'assign_role', selection: { ids: [colleague] }, expected_count: 1, group: 'No Such Group' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ group: [USER_MESSAGES.unknownGroup] });

    const assigned = bulkAnswer.parse((await bulk({ action: 'assign_role', selection: { ids: [colleague] }, expected_count: 1, group: 'Evaluators' })).json());
    expect(assigned.results[0]).toMatchObject({ outcome: 'skipped', reason: 'already_done' });
  });

  // 'last_administrator' cannot be reached through the API alone (the acting administrator stays
  // one: their own change is refused as 'self'); user-guards.ts has it for races between requests.
  it('deactivating every other administrator at once: they all go but the superuser, the acting one stays (self)', async () => {
    // Leave two active administrators: the acting superuser 'admin' and one more.
    const second = await createUser(server.db, { username: 'second.admin', groups: ['Administrators'], is_staff: true });
    const admins = await server.db
      .selectFrom('users')
      .select('users.id')
      .where('users.is_active', '=', true)
      .where((eb) =>
        eb.or([
          eb('users.is_superuser', '=', true),
          eb.exists(eb.selectFrom('user_groups as ug').innerJoin('groups as g', 'g.id', 'ug.group_id').select('ug.user_id').whereRef('ug.user_id', '=', 'users.id').where('g.name', 'in', ['Administrators', 'NARIC Administrators'])),
        ]),
      )
      .execute();
    const others = admins.map((row) => row.id).filter((id) => id !== second);
    // second.admin deactivates every other administrator, itself last: the others go, itself is 'self'.
    const body = bulkAnswer.parse((await bulk({ action: 'deactivate', selection: { ids: [...others, second] }, expected_count: others.length + 1 }, 'second.admin')).json());
    expect(body.results.find((result) => result.user_id === second)).toMatchObject({ reason: 'self' });
    // The superuser's account is a superuser's to change: skipped, not deactivated.
    const superusers = (await server.db.selectFrom('users').select('id').where('is_superuser', '=', true).execute()).map((row) => row.id);
    for (const id of superusers) expect(body.results.find((result) => result.user_id === id)).toMatchObject({ reason: 'superuser' });
    expect(body.done).toBe(others.filter((id) => !superusers.includes(id)).length);
  });

  it('reset password by e-mail: directory users and deactivated ones are skipped', async () => {
    const local = await createUser(server.db, { username: 'bulk.reset.local', groups: ['NARIC Officers'], is_staff: true });
    const directory = await createUser(server.db, { username: 'bulk.reset.ldap', groups: ['NARIC Officers'], is_staff: true });
    const inactive = await createUser(server.db, { username: 'bulk.reset.gone', groups: ['NARIC Officers'], is_staff: true, is_active: false });
    await server.db.updateTable('users').set({ auth_source: 'ldap' }).where('id', '=', directory).execute();
    const body = bulkAnswer.parse((await bulk({ action: 'reset_password', selection: { ids: [local, directory, inactive] }, expected_count: 3 }, 'second.admin')).json());
    expect(body.results.map((result) => [result.username, result.outcome, result.reason])).toEqual([
      ['bulk.reset.local', 'done', null],
      ['bulk.reset.ldap', 'skipped', 'directory_user'],
      ['bulk.reset.gone', 'skipped', 'inactive'],
    ]);
    const rows = await server.db.selectFrom('users').select(['id', 'must_change_password']).where('id', 'in', [local, directory, inactive]).orderBy('id').execute();
    expect(rows.map((row) => row.must_change_password)).toEqual([true, false, false]);
    const mails = await server.db.selectFrom('notification_outbox').select('recipient_user_id').where('recipient_user_id', 'in', [local, directory, inactive]).execute();
    expect(mails.map((row) => row.recipient_user_id)).toEqual([local]);
    expect(JSON.stringify(body)).not.toMatch(/[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}/);
  });
});
