import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../src/shared/api/auth';
import { USER_MESSAGES, USER_PATHS, temporaryPasswordAnswer } from '../../src/shared/api/users';
import sq from '../../locales/sq/server.json';
import { authDatabase } from '../../src/server/modules/auth/auth-database';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';
import { DEMO_PASSWORD, bodySignedIn, createUser, freshAddress } from './auth/auth-test-helpers';

// The single-user actions (spec §2 "Users"): reset password, end sessions, turn off
// two-factor, notify; each audited, each refusal translated.

let server: ServerFixture;
let adminId: number;

async function call(method: 'POST' | 'DELETE' | 'GET', path: string, payload?: object, headers: Record<string, string> = {}) {
  return server.app.inject({ method, url: `/api${path}`, headers: { ...(await server.authorization('admin')), ...headers }, ...(payload ? { payload } : {}) });
}

async function signIn(username: string, password = DEMO_PASSWORD) {
  const answer = await server.app.inject({ method: 'POST', url: `/api${AUTH_PATHS.adminLogin}`, payload: { username, password }, remoteAddress: freshAddress() });
  expect(answer.statusCode, answer.body).toBe(200);
  return bodySignedIn.parse(answer.json());
}

const me = (access: string) => server.app.inject({ method: 'GET', url: `/api${AUTH_PATHS.me}`, headers: { authorization: `Bearer ${access}` } });

async function auditOf(userId: number, action: string) {
  return server.db
    .selectFrom('audit_log')
    .select(['actor_id', 'details', 'entity_type'])
    .where('action', '=', action)
    .where('entity_id', '=', String(userId))
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  server = await createServerFixture();
  adminId = (await server.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

describe('reset password', () => {
  it('shown once: a temporary password that signs in with the forced change; sessions ended; audited without the password', async () => {
    const id = await createUser(server.db, { username: 'reset.shown', groups: ['NARIC Officers'], is_staff: true });
    const before = await signIn('reset.shown');
    const answer = await call('POST', USER_PATHS.resetPassword(id), { delivery: 'show' });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = temporaryPasswordAnswer.parse(answer.json());
    expect(body.delivery).toBe('show');
    expect(body.temporary_password).toMatch(/^[A-Za-z0-9-]{12,}$/);
    expect(new Date(body.expires_at!).getTime()).toBeGreaterThan(Date.now() + 71 * 3600_000);

    expect((await me(before.access)).statusCode).toBe(401);
    const after = await signIn('reset.shown', body.temporary_password!);
    expect(after.user.password_change_required).toBe(true);

    const [entry] = await auditOf(id, 'user.password_reset');
    expect(entry).toMatchObject({ actor_id: adminId, entity_type: 'user', details: { delivery: 'show' } });
    expect(JSON.stringify(entry.details)).not.toContain(body.temporary_password!);
    // Nothing e-mailed when shown.
    expect(await server.db.selectFrom('notification_outbox').select('id').where('recipient_user_id', '=', id).execute()).toHaveLength(0);
  });

  it('by e-mail: the password is in the queued e-mail only, not in the answer', async () => {
    const id = await createUser(server.db, { username: 'reset.mailed', groups: ['NARIC Officers'], is_staff: true });
    const answer = await call('POST', USER_PATHS.resetPassword(id), {});
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ temporary_password: null, delivery: 'email' });
    const mail = await server.db.selectFrom('notification_outbox').select(['kind', 'recipient_email', 'message']).where('recipient_user_id', '=', id).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ kind: 'email', recipient_email: 'reset.mailed@naric.example' });
    const password = /([A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4}-[A-Za-z0-9]{4})/.exec(mail.message)?.[1];
    expect(password).toBeDefined();
    expect((await signIn('reset.mailed', password!)).user.password_change_required).toBe(true);
  });

  it('refuses a directory user (409, translated) and an unknown user (404); nothing changes', async () => {
    const id = await createUser(server.db, { username: 'reset.directory', groups: ['NARIC Officers'], is_staff: true });
    await server.db.updateTable('users').set({ auth_source: 'ldap' }).where('id', '=', id).execute();
    const refused = await call('POST', USER_PATHS.resetPassword(id), { delivery: 'show' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: USER_MESSAGES.directoryPassword });
    const albanian = await call('POST', USER_PATHS.resetPassword(id), { delivery: 'show' }, { 'accept-language': 'sq' });
    expect(albanian.json()).toMatchObject({ detail: sq.users.messages.directoryPassword });
    const row = await server.db.selectFrom('users').select('must_change_password').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.must_change_password).toBe(false);
    expect((await call('POST', USER_PATHS.resetPassword(987_654), { delivery: 'show' })).statusCode).toBe(404);
    expect(await auditOf(id, 'user.password_reset')).toHaveLength(0);
  });
});

describe('sessions', () => {
  it('revoke-all ends every open session and counts them', async () => {
    const id = await createUser(server.db, { username: 'two.sessions', groups: ['NARIC Officers'], is_staff: true });
    const first = await signIn('two.sessions');
    const second = await signIn('two.sessions');
    const answer = await call('POST', USER_PATHS.revokeSessions(id));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ revoked: 2 });
    expect((await me(first.access)).statusCode).toBe(401);
    expect((await me(second.access)).statusCode).toBe(401);
    const refresh = await server.app.inject({ method: 'POST', url: `/api${AUTH_PATHS.tokenRefresh}`, payload: { refresh: second.refresh } });
    expect(refresh.statusCode).toBe(401);
    expect((await auditOf(id, 'user.sessions_revoked'))[0]).toMatchObject({ actor_id: adminId, details: { revoked: 2 } });
    // Nothing open any more: zero.
    expect((await call('POST', USER_PATHS.revokeSessions(id))).json()).toEqual({ revoked: 0 });
  });

  it('ends one session; the other goes on; an ended, unknown or other user’s session is 404', async () => {
    const id = await createUser(server.db, { username: 'one.session', groups: ['NARIC Officers'], is_staff: true });
    const otherId = await createUser(server.db, { username: 'someone.else', groups: ['NARIC Officers'], is_staff: true });
    const kept = await signIn('one.session');
    const ended = await signIn('one.session');
    await signIn('someone.else');
    const sessions = await authDatabase(server.db).selectFrom('auth_sessions').select(['id', 'user_id']).where('user_id', 'in', [id, otherId]).orderBy('started_at').execute();
    const [keptSession, endedSession] = sessions.filter((session) => session.user_id === id);
    const otherSession = sessions.find((session) => session.user_id === otherId)!;
    expect(keptSession && endedSession).toBeTruthy();

    const answer = await call('DELETE', USER_PATHS.session(id, endedSession.id));
    expect(answer.statusCode).toBe(204);
    expect((await me(ended.access)).statusCode).toBe(401);
    expect((await me(kept.access)).statusCode).toBe(200);

    const again = await call('DELETE', USER_PATHS.session(id, endedSession.id));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ detail: USER_MESSAGES.noSuchSession });
    expect((await call('DELETE', USER_PATHS.session(id, otherSession.id))).statusCode).toBe(404);
    expect((await call('DELETE', USER_PATHS.session(id, 'not-a-uuid'))).statusCode).toBe(404);
    expect((await auditOf(id, 'user.session_revoked'))[0]).toMatchObject({ details: { session_id: endedSession.id } });
  });
});

describe('turning off two-factor', () => {
  it('needs the identity check and a reason (400), then clears the method, secret and backup codes; audited with the reason', async () => {
    const id = (await server.db.selectFrom('users').select('id').where('username', '=', 'naric.admin').executeTakeFirstOrThrow()).id;
    const codes = () => authDatabase(server.db).selectFrom('two_factor_backup_codes').select('id').where('user_id', '=', id).execute();
    expect((await codes()).length).toBeGreaterThan(0);

    const unchecked = await call('POST', USER_PATHS.disableTwoFactor(id), { identity_checked: false, reason: 'Lost phone' });
    expect(unchecked.statusCode).toBe(400);
    expect(unchecked.json()).toMatchObject({ identity_checked: [USER_MESSAGES.identityNotChecked] });
    const noReason = await call('POST', USER_PATHS.disableTwoFactor(id), { identity_checked: true, reason: '' });
    expect(noReason.statusCode).toBe(400);

    const answer = await call('POST', USER_PATHS.disableTwoFactor(id), { identity_checked: true, reason: 'Lost her phone; ID card checked at the desk' });
    expect(answer.statusCode).toBe(204);
    const row = await server.db.selectFrom('users').select(['two_factor_enabled', 'two_factor_method', 'two_factor_secret']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ two_factor_enabled: false, two_factor_method: null, two_factor_secret: null });
    expect(await codes()).toHaveLength(0);
    const [entry] = await auditOf(id, 'user.two_factor_disabled');
    expect(entry).toMatchObject({ actor_id: adminId, details: { identity_checked: true, reason: 'Lost her phone; ID card checked at the desk' } });
    // Signs in on the password now.
    expect((await signIn('naric.admin')).user.two_factor_enabled).toBe(false);

    const again = await call('POST', USER_PATHS.disableTwoFactor(id), { identity_checked: true, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: USER_MESSAGES.twoFactorNotEnabled });
  });
});

describe('notify', () => {
  it('queues an e-mail, or an in-app notification; refuses a deactivated user; audited', async () => {
    const id = await createUser(server.db, { username: 'to.notify', groups: ['NARIC Officers'], is_staff: true });
    const mail = await call('POST', USER_PATHS.notify(id), { subject: 'Training on Monday', message: 'Room 2, 9:00.\nBring the manual.' });
    expect(mail.statusCode).toBe(200);
    expect(mail.json()).toEqual({ queued: 1 });
    const inApp = await call('POST', USER_PATHS.notify(id), { kind: 'system', subject: 'New template', message: 'See the library.' });
    expect(inApp.json()).toEqual({ queued: 1 });
    const rows = await server.db.selectFrom('notification_outbox').select(['kind', 'recipient_email', 'subject', 'message', 'status']).where('recipient_user_id', '=', id).orderBy('id').execute();
    expect(rows).toEqual([
      { kind: 'email', recipient_email: 'to.notify@naric.example', subject: 'Training on Monday', message: 'Room 2, 9:00.\nBring the manual.', status: expect.any(String) },
      { kind: 'system', recipient_email: null, subject: 'New template', message: 'See the library.', status: 'sent' },
    ]);
    expect((await auditOf(id, 'user.notified')).map((entry) => entry.details)).toEqual([
      { kind: 'email', subject: 'Training on Monday' },
      { kind: 'system', subject: 'New template' },
    ]);

    expect((await call('POST', USER_PATHS.notify(id), { subject: '', message: 'x' })).json()).toMatchObject({ subject: [USER_MESSAGES.required] });
    await server.db.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    const refused = await call('POST', USER_PATHS.notify(id), { subject: 'Hello', message: 'Text' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: USER_MESSAGES.inactiveUser });
  });
});
