import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { authDatabase } from '../../../src/server/modules/auth/auth-database';
import { USER_AGENT_MAX } from '../../../src/server/modules/auth/refresh-tokens';
import sq from '../../../locales/sq/errors.json';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { API, DEMO_PASSWORD, bodyPair, bodySignedIn, createUser, freshAddress, get, post } from './auth-test-helpers';

// A temporary password signs in, but nothing except me, the password change, refresh
// and logout answers until it is changed; it expires; two-factor may be required of one user;
// sessions record where they signed in from and when they were last refreshed.

const TEMPORARY = 'Temporary-Pass-2026';
const HOUR = 3600 * 1000;

describe('the forced change of a temporary password', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  async function newcomer(username: string, expiresInMs = 72 * HOUR) {
    const id = await createUser(server.db, { username, password: TEMPORARY, groups: ['NARIC Officers'], is_staff: true });
    await server.db
      .updateTable('users')
      .set({ must_change_password: true, temporary_password_expires_at: new Date(Date.now() + expiresInMs) })
      .where('id', '=', id)
      .execute();
    return id;
  }

  const signIn = (username: string, password: string, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url: `${API}${AUTH_PATHS.adminLogin}`,
      payload: { username, password },
      remoteAddress: freshAddress(),
      headers,
    });

  it('signs in with the temporary password; the user object says the change is required', async () => {
    await newcomer('new.officer.1');
    const answer = await signIn('new.officer.1', TEMPORARY);
    expect(answer.statusCode).toBe(200);
    const body = bodySignedIn.parse(answer.json());
    expect(body.user.password_change_required).toBe(true);
    const me = await get(server.app, AUTH_PATHS.me, { token: body.access });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ username: 'new.officer.1', password_change_required: true });
  });

  it('refuses every other call with 403 password_change_required (translated), until the password is changed', async () => {
    const id = await newcomer('new.officer.2');
    const session = bodySignedIn.parse((await signIn('new.officer.2', TEMPORARY)).json());

    const refused = await get(server.app, '/applications/', { token: session.access });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'password_change_required', detail: 'Change your temporary password before you continue.' });
    const inAlbanian = await server.app.inject({
      method: 'GET',
      url: `${API}/applications/`,
      headers: { authorization: `Bearer ${session.access}`, 'accept-language': 'sq' },
    });
    expect(inAlbanian.json()).toEqual({ code: 'password_change_required', detail: sq.password_change_required });
    // Other signed-in-only routes too (2FA status), not just permission-guarded ones.
    expect((await get(server.app, AUTH_PATHS.twoFactorStatus, { token: session.access })).statusCode).toBe(403);

    // Refresh still works (the session must survive until the change).
    const refreshed = await post(server.app, AUTH_PATHS.tokenRefresh, { refresh: session.refresh });
    expect(refreshed.statusCode).toBe(200);
    const pair = bodyPair.parse(refreshed.json());

    // The wrong current password is refused, as in any password change.
    const wrong = await post(server.app, AUTH_PATHS.changePassword, { current_password: 'not-the-temporary', new_password: 'My-Own-Password-2026' }, { token: pair.access });
    expect(wrong.statusCode).toBe(400);

    const changed = await post(server.app, AUTH_PATHS.changePassword, { current_password: TEMPORARY, new_password: 'My-Own-Password-2026' }, { token: pair.access });
    expect(changed.statusCode).toBe(200);
    const fresh = bodyPair.parse(changed.json());
    const row = await server.db.selectFrom('users').select(['must_change_password', 'temporary_password_expires_at']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ must_change_password: false, temporary_password_expires_at: null });

    const me = await get(server.app, AUTH_PATHS.me, { token: fresh.access });
    expect(me.json()).toMatchObject({ password_change_required: false });
    expect((await get(server.app, '/applications/', { token: fresh.access })).statusCode).toBe(200);
    // The temporary password is spent; the new one signs in without the flag.
    expect((await signIn('new.officer.2', TEMPORARY)).statusCode).toBe(401);
    const again = bodySignedIn.parse((await signIn('new.officer.2', 'My-Own-Password-2026')).json());
    expect(again.user.password_change_required).toBe(false);
  });

  it('logout works while the change is pending', async () => {
    await newcomer('new.officer.3');
    const session = bodySignedIn.parse((await signIn('new.officer.3', TEMPORARY)).json());
    expect((await post(server.app, AUTH_PATHS.logout, { refresh_token: session.refresh })).statusCode).toBe(204);
    expect((await get(server.app, AUTH_PATHS.me, { token: session.access })).statusCode).toBe(401);
  });

  it('an expired temporary password: the right one hears it expired, a wrong one only "Invalid credentials"', async () => {
    const id = await newcomer('late.officer', -HOUR);
    const right = await signIn('late.officer', TEMPORARY);
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({
      code: 'temporary_password_expired',
      detail: 'Your temporary password has expired. Ask an administrator for a new one.',
      message: 'Your temporary password has expired. Ask an administrator for a new one.',
    });
    const wrong = await signIn('late.officer', 'Something-Else-2026');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
    const audited = await server.db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'auth.login_failed')
      .where('entity_id', '=', String(id))
      .execute();
    expect(audited.some((entry) => (entry.details as { reason?: string }).reason === 'temporary_password_expired')).toBe(true);
    // No session was started.
    const sessions = await authDatabase(server.db).selectFrom('auth_sessions').select('id').where('user_id', '=', id).execute();
    expect(sessions).toHaveLength(0);
  });

  it('a user who must have two-factor sets it up at sign-in, whatever the staff-wide setting', async () => {
    const id = await createUser(server.db, { username: 'careful.officer', groups: ['NARIC Officers'], is_staff: true });
    expect((await signIn('careful.officer', DEMO_PASSWORD)).statusCode).toBe(200);
    await server.db.updateTable('users').set({ two_factor_required: true }).where('id', '=', id).execute();
    const answer = await signIn('careful.officer', DEMO_PASSWORD);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ requires_2fa_setup: true, challenge: expect.any(String) });
  });

  it('a session keeps its address and client (bounded, no control characters); a refresh sets last_seen_at', async () => {
    const id = await createUser(server.db, { username: 'travelling.officer', groups: ['NARIC Officers'], is_staff: true });
    const address = freshAddress();
    const agent = `NARIC-Desktop/1.0\u0007 (X11)${'x'.repeat(400)}`;
    const answer = await server.app.inject({
      method: 'POST',
      url: `${API}${AUTH_PATHS.adminLogin}`,
      payload: { username: 'travelling.officer', password: DEMO_PASSWORD },
      remoteAddress: address,
      headers: { 'user-agent': agent },
    });
    const session = bodySignedIn.parse(answer.json());
    const sessions = authDatabase(server.db).selectFrom('auth_sessions').selectAll().where('user_id', '=', id);
    const started = await sessions.executeTakeFirstOrThrow();
    expect(started.client_address).toBe(address);
    expect(started.user_agent).toBe(`NARIC-Desktop/1.0 (X11)${'x'.repeat(USER_AGENT_MAX - 'NARIC-Desktop/1.0 (X11)'.length)}`);
    expect(started.user_agent).toHaveLength(USER_AGENT_MAX);
    expect(started.last_seen_at).toBeNull();

    expect((await post(server.app, AUTH_PATHS.tokenRefresh, { refresh: session.refresh })).statusCode).toBe(200);
    const refreshed = await sessions.executeTakeFirstOrThrow();
    expect(refreshed.last_seen_at).not.toBeNull();
    expect(refreshed.last_seen_at!.getTime()).toBeGreaterThanOrEqual(started.started_at.getTime());
  });
});
