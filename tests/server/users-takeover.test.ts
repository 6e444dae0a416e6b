import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_MESSAGES, USER_PATHS, bulkAnswer, userDetail, type UserDetail } from '../../src/shared/api/users';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';
import { createUser } from './auth/auth-test-helpers';
import { userUpdateBody } from '../support/user-update-body';

// Nobody takes over an account above theirs: a NARIC Administrator (an administrator, not a
// superuser) may not reset the superuser's password, turn off its two-factor, edit it, change its
// groups or (de)activate it, alone or in a bulk action; nor change another administrator's e-mail
// address. No administrator's temporary password is ever shown, whoever resets it.

let server: ServerFixture;
let superuserId: number;
let naricAdminId: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
async function send(username: string, method: Method, path: string, payload?: object) {
  return server.app.inject({ method, url: `/api${path}`, headers: await server.authorization(username), ...(payload ? { payload } : {}) });
}
const row = (id: number) => server.db.selectFrom('users').select(['password_hash', 'two_factor_enabled', 'is_active', 'email', 'version', 'must_change_password']).where('id', '=', id).executeTakeFirstOrThrow();
const detail = async (id: number): Promise<UserDetail> => userDetail.parse((await send('admin', 'GET', USER_PATHS.detail(id))).json());
const updateBody = userUpdateBody;

beforeAll(async () => {
  server = await createServerFixture();
  const idOf = async (username: string) => (await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  superuserId = await idOf('admin');
  naricAdminId = await idOf('naric.admin');
  await server.db.updateTable('users').set({ two_factor_enabled: true, two_factor_method: 'totp' }).where('id', '=', superuserId).execute();
});
afterAll(async () => server?.close());

describe('a NARIC Administrator and the superuser', () => {
  it('may not reset its password, shown or e-mailed (403); nothing changes', async () => {
    const before = await row(superuserId);
    for (const delivery of ['show', 'email'] as const) {
      const answer = await send('naric.admin', 'POST', USER_PATHS.resetPassword(superuserId), { delivery });
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toEqual({ detail: USER_MESSAGES.superuserOnly, code: 'user_superuser_only' });
      expect(answer.body).not.toMatch(/temporary_password/);
    }
    expect(await row(superuserId)).toEqual(before);
  });

  it('may not turn off its two-factor (403); it stays on', async () => {
    const answer = await send('naric.admin', 'POST', USER_PATHS.disableTwoFactor(superuserId), { identity_checked: true, reason: 'Says he lost his phone' });
    expect(answer.statusCode, answer.body).toBe(403);
    expect((await row(superuserId)).two_factor_enabled).toBe(true);
  });

  it('may not edit, deactivate or regroup it (403)', async () => {
    const user = await detail(superuserId);
    const before = await row(superuserId);
    const edits = [
      await send('naric.admin', 'PATCH', USER_PATHS.detail(superuserId), updateBody(user, { email: 'attacker@evil.example' })),
      await send('naric.admin', 'PATCH', USER_PATHS.detail(superuserId), updateBody(user, { is_active: false })),
      await send('naric.admin', 'PUT', USER_PATHS.roles(superuserId), { groups: ['Evaluators'], version: user.version }),
    ];
    for (const answer of edits) expect(answer.statusCode, answer.body).toBe(403);
    expect(await row(superuserId)).toEqual(before);
  });

  it('skips it in every bulk action but a notification', async () => {
    const colleague = await createUser(server.db, { username: 'takeover.colleague', groups: ['NARIC Officers'], is_staff: true, is_active: false });
    const selection = { ids: [superuserId, colleague] };
    const before = await row(superuserId);
    for (const request of [
      { action: 'deactivate', selection, expected_count: 2 },
      { action: 'reset_password', selection, expected_count: 2 },
      { action: 'assign_role', selection, expected_count: 2, group: 'Evaluators' },
      { action: 'manage_roles', selection, expected_count: 2, add: [], remove: ['Administrators'] },
      { action: 'verify_email', selection, expected_count: 2 },
    ]) {
      const answer = await send('naric.admin', 'POST', USER_PATHS.bulk, request);
      expect(answer.statusCode, answer.body).toBe(200);
      const result = bulkAnswer.parse(answer.json()).results.find((entry) => entry.user_id === superuserId);
      expect(result, request.action).toMatchObject({ outcome: 'skipped', reason: 'superuser' });
    }
    const after = await row(superuserId);
    expect({ ...after, version: before.version }).toEqual(before);
    expect(after.version).toBe(before.version);
    const notified = bulkAnswer.parse((await send('naric.admin', 'POST', USER_PATHS.bulk, { action: 'send_notification', selection: { ids: [superuserId] }, expected_count: 1, kind: 'system', subject: 'Hello', message: 'A note' })).json());
    expect(notified.done).toBe(1);
  });

  it('may not change another administrator’s e-mail address; the superuser may', async () => {
    const peer = await createUser(server.db, { username: 'takeover.peer', groups: ['Administrators'], is_staff: true });
    await server.db.updateTable('users').set({ first_name: 'Peer', last_name: 'Administrator' }).where('id', '=', peer).execute();
    const refused = await send('naric.admin', 'PATCH', USER_PATHS.detail(peer), updateBody(await detail(peer), { email: 'attacker@evil.example' }));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().detail).toBe(USER_MESSAGES.administratorEmail);
    expect((await row(peer)).email).toBe('takeover.peer@naric.example');
    // Other fields of a peer stay the administrators' to edit.
    const renamed = await send('naric.admin', 'PATCH', USER_PATHS.detail(peer), updateBody(await detail(peer), { first_name: 'Renamed' }));
    expect(renamed.statusCode, renamed.body).toBe(200);
    const bySuperuser = await send('admin', 'PATCH', USER_PATHS.detail(peer), updateBody(await detail(peer), { email: 'peer.new@naric.example' }));
    expect(bySuperuser.statusCode, bySuperuser.body).toBe(200);
  });
});

describe('a shown temporary password', () => {
  it('is refused for any administrator account, even to the superuser; e-mailed is fine', async () => {
    const before = await row(naricAdminId);
    const shown = await send('admin', 'POST', USER_PATHS.resetPassword(naricAdminId), { delivery: 'show' });
    expect(shown.statusCode, shown.body).toBe(403);
    expect(shown.json().detail).toBe(USER_MESSAGES.administratorPasswordShown);
    expect(await row(naricAdminId)).toEqual(before);
    const superuserShown = await send('admin', 'POST', USER_PATHS.resetPassword(superuserId), { delivery: 'show' });
    expect(superuserShown.statusCode).toBe(403);

    const mailed = await send('admin', 'POST', USER_PATHS.resetPassword(naricAdminId), { delivery: 'email' });
    expect(mailed.statusCode, mailed.body).toBe(200);
    expect(mailed.json()).toMatchObject({ temporary_password: null, delivery: 'email' });
  });

  it('is still shown for an account that administers nothing', async () => {
    const officer = await createUser(server.db, { username: 'takeover.officer', groups: ['NARIC Officers'], is_staff: true });
    const shown = await send('admin', 'POST', USER_PATHS.resetPassword(officer), { delivery: 'show' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().temporary_password).toEqual(expect.any(String));
  });
});
