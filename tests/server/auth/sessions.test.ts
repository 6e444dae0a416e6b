import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { authDatabase } from '../../../src/server/modules/auth/auth-database';
import { SETTINGS_PATHS, type SettingsAnswer } from '../../../src/shared/api/settings';
import { DEFAULT_SESSION_LIMITS, hashRefreshToken } from '../../../src/server/modules/auth/refresh-token-rules';
import { rotateRefreshToken, startRefreshFamily } from '../../../src/server/modules/auth/refresh-tokens';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { DEMO_PASSWORD, bodyPair, bodySignedIn, createUser, freshAddress, get, json, post } from './auth-test-helpers';

const TOKEN_INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const SESSION_EXPIRED = { detail: 'Session expired', code: 'session_expired' };
const HOUR = 3600 * 1000;

describe('refresh, logout and password change', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  async function signIn(username: string, password = DEMO_PASSWORD) {
    const answer = await post(server.app, AUTH_PATHS.adminLogin, { username, password }, { address: freshAddress() });
    expect(answer.statusCode).toBe(200);
    return bodySignedIn.parse(answer.json());
  }
  const refresh = (token: string) => post(server.app, AUTH_PATHS.tokenRefresh, { refresh: token });
  const tokenRow = (token: string) =>
    authDatabase(server.db)
      .selectFrom('refresh_tokens')
      .selectAll()
      .where('token_hash', '=', hashRefreshToken(token))
      .executeTakeFirstOrThrow();

  it('rotates: a refresh answers a new access token and a new refresh token; the old one is spent', async () => {
    const session = await signIn('officer');
    const answer = await refresh(session.refresh);
    expect(answer.statusCode).toBe(200);
    const next = bodyPair.parse(answer.json());
    expect(next.refresh).not.toBe(session.refresh);
    expect((await get(server.app, AUTH_PATHS.me, { token: next.access })).statusCode).toBe(200);

    const spent = await tokenRow(session.refresh);
    const successor = await tokenRow(next.refresh);
    expect(spent.used_at).not.toBeNull();
    expect(spent.replaced_by).toBe(successor.id);
    expect(successor.family_id).toBe(spent.family_id);
    expect(successor.expires_at.getTime() - successor.created_at.getTime()).toBe(14 * 24 * 3600 * 1000);

    // The successor rotates in turn.
    expect((await refresh(next.refresh)).statusCode).toBe(200);
  });

  it('detects reuse: a spent token answers 401 token_not_valid and revokes the whole family', async () => {
    const session = await signIn('payments');
    const other = await signIn('payments');
    const first = bodyPair.parse((await refresh(session.refresh)).json());

    const replay = await refresh(session.refresh);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual(TOKEN_INVALID);

    // The legitimate holder's newer token is dead too: the family is gone.
    const afterTheft = await refresh(first.refresh);
    expect(afterTheft.statusCode).toBe(401);
    expect((await tokenRow(first.refresh)).revoked_at).not.toBeNull();
    // Another session (another family) of the same user is untouched.
    expect((await refresh(other.refresh)).statusCode).toBe(200);

    const audit = await server.db.selectFrom('audit_log').select('action').where('action', '=', 'auth.refresh_token_reused').execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 401 for an unknown and an expired token (session_expired), and a malformed body gets 400', async () => {
    expect((await refresh('not-a-token-we-issued')).json()).toEqual(TOKEN_INVALID);
    const session = await signIn('verifier');
    await authDatabase(server.db)
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashRefreshToken(session.refresh))
      .execute();
    const expired = await refresh(session.refresh);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(SESSION_EXPIRED);
    const missing = await post(server.app, AUTH_PATHS.tokenRefresh, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ refresh: ['This field is required'] });
  });

  it('refuses a refresh once the account is disabled, and ends that session', async () => {
    const id = await createUser(server.db, { username: 'leaving.officer', groups: ['NARIC Officers'] });
    const session = await signIn('leaving.officer');
    await server.db.updateTable('users').set({ is_active: false }).where('id', '=', id).execute();
    const answer = await refresh(session.refresh);
    expect(answer.statusCode).toBe(401);
    expect(json(answer)).toMatchObject({ code: 'account_inactive', detail: 'This account is disabled.' });
    expect((await tokenRow(session.refresh)).revoked_at).not.toBeNull();
  });

  it('logout answers 204, revokes the family, and is idempotent', async () => {
    const session = await signIn('content');
    const rotated = bodyPair.parse((await refresh(session.refresh)).json());
    const answer = await post(server.app, AUTH_PATHS.logout, { refresh_token: rotated.refresh });
    expect(answer.statusCode).toBe(204);
    expect(answer.body).toBe('');
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
    expect((await post(server.app, AUTH_PATHS.logout, { refresh_token: rotated.refresh })).statusCode).toBe(204);
    expect((await post(server.app, AUTH_PATHS.logout, { refresh_token: 'never-issued' })).statusCode).toBe(204);
    expect((await post(server.app, AUTH_PATHS.logout, {})).statusCode).toBe(400);
  });

  it('password change: checks the current password, ends every session, returns a fresh pair', async () => {
    await createUser(server.db, { username: 'changing.officer', groups: ['NARIC Officers'] });
    const first = await signIn('changing.officer');
    const second = await signIn('changing.officer');

    const wrong = await post(
      server.app,
      '/auth/password/change/',
      { current_password: 'not-it', new_password: 'A-new-passphrase-2026' },
      { token: first.access },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ current_password: ['The current password is not correct.'] });

    const tooShort = await post(
      server.app,
      AUTH_PATHS.changePassword,
      { current_password: DEMO_PASSWORD, new_password: 'short' },
      { token: first.access },
    );
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ new_password: ['Invalid format'] });

    const same = await post(
      server.app,
      AUTH_PATHS.changePassword,
      { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD },
      { token: first.access },
    );
    expect(same.json()).toMatchObject({ new_password: ['The new password must differ from the current one.'] });

    const unauthenticated = await post(server.app, AUTH_PATHS.changePassword, {
      current_password: DEMO_PASSWORD,
      new_password: 'A-new-passphrase-2026',
    });
    expect(unauthenticated.statusCode).toBe(401);

    const changed = await post(
      server.app,
      AUTH_PATHS.changePassword,
      { current_password: DEMO_PASSWORD, new_password: 'A-new-passphrase-2026' },
      { token: first.access },
    );
    expect(changed.statusCode).toBe(200);
    const fresh = bodyPair.parse(changed.json());
    expect((await refresh(first.refresh)).statusCode).toBe(401);
    expect((await refresh(second.refresh)).statusCode).toBe(401);
    expect((await refresh(fresh.refresh)).statusCode).toBe(200);

    const oldPassword = await post(server.app, AUTH_PATHS.adminLogin, { username: 'changing.officer', password: DEMO_PASSWORD });
    expect(oldPassword.statusCode).toBe(401);
    await signIn('changing.officer', 'A-new-passphrase-2026');
  });
});

describe('session lifetime: idle timeout and absolute lifetime', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  const db = () => authDatabase(server.db);
  const sessionRow = (id: string) => db().selectFrom('auth_sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const familyOf = async (token: string) =>
    (await db().selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashRefreshToken(token)).executeTakeFirstOrThrow()).family_id;
  const at = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR);

  it('keeps a session in use going past the idle timeout, each refresh counting from the last', async () => {
    const user = await createUser(server.db, { username: 'busy.officer', groups: ['NARIC Officers'] });
    const start = new Date('2026-03-02T08:00:00Z');
    const family = await startRefreshFamily(db(), user, start);
    let token = family.refresh;
    // Every 11 hours, four times: 44 hours in all, never 12 idle.
    for (let step = 1; step <= 4; step += 1) {
      const outcome = await rotateRefreshToken(db(), token, at(start, 11 * step));
      expect(outcome.verdict).toBe('rotated');
      if (outcome.verdict === 'rotated') token = outcome.token;
    }
    // Idle for 12 hours after the last refresh: the session ends and is no longer open.
    const idle = await rotateRefreshToken(db(), token, at(start, 44 + 12));
    expect(idle).toMatchObject({ verdict: 'idle', userId: user, familyId: family.sessionId });
    expect((await sessionRow(family.sessionId)).ended_at).toEqual(at(start, 56));
    expect((await rotateRefreshToken(db(), token, at(start, 44 + 12))).verdict).toBe('revoked');
  });

  it('ends a session at its absolute lifetime from the sign-in: rotated tokens keep the family’s start', async () => {
    const user = await createUser(server.db, { username: 'steady.officer', groups: ['NARIC Officers'] });
    const start = new Date('2026-03-02T08:00:00Z');
    const family = await startRefreshFamily(db(), user, start);
    let token = family.refresh;
    // Refreshed every 10 hours for just under seven days: each rotation stays in the same session.
    let hours = 0;
    while (hours + 10 < 7 * 24) {
      hours += 10;
      const outcome = await rotateRefreshToken(db(), token, at(start, hours));
      expect(outcome.verdict).toBe('rotated');
      if (outcome.verdict === 'rotated') {
        expect(outcome.familyId).toBe(family.sessionId);
        token = outcome.token;
      }
    }
    expect((await sessionRow(family.sessionId)).started_at).toEqual(start);
    // Refreshed an hour ago, yet seven days old: over.
    const late = await rotateRefreshToken(db(), token, at(start, 7 * 24));
    expect(late.verdict).toBe('past_lifetime');
    expect((await sessionRow(family.sessionId)).ended_at).not.toBeNull();
    expect(DEFAULT_SESSION_LIMITS).toMatchObject({ idleMs: 12 * HOUR, absoluteMs: 7 * 24 * HOUR });
  });

  it('answers a timed-out refresh 401 session_expired and ends the session’s access tokens; the saved settings apply at once', async () => {
    await createUser(server.db, { username: 'idle.officer', groups: ['NARIC Officers'] });
    const signIn = async () => {
      const answer = await post(server.app, AUTH_PATHS.adminLogin, { username: 'idle.officer', password: DEMO_PASSWORD }, { address: freshAddress() });
      expect(answer.statusCode).toBe(200);
      return bodySignedIn.parse(answer.json());
    };
    const refresh = (token: string) => post(server.app, AUTH_PATHS.tokenRefresh, { refresh: token });
    // started_at is never updated by the app (its type says so): moved back with plain SQL.
    const backdate = async (token: string, started: number, lastSeen: number | null) =>
      sql`update auth_sessions set started_at = ${new Date(Date.now() - started)}, last_seen_at = ${lastSeen === null ? null : new Date(Date.now() - lastSeen)}
        where id = ${await familyOf(token)}`.execute(server.db);

    // Signed in 13 hours ago, never refreshed: idle (default 12 hours).
    const idle = await signIn();
    await backdate(idle.refresh, 13 * HOUR, null);
    const refused = await refresh(idle.refresh);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(SESSION_EXPIRED);
    expect((await get(server.app, AUTH_PATHS.me, { token: idle.access })).statusCode).toBe(401);

    // Signed in eight days ago, refreshed a minute ago: past the absolute lifetime (default 7 days).
    const old = await signIn();
    await backdate(old.refresh, 8 * 24 * HOUR, 60_000);
    expect((await refresh(old.refresh)).json()).toEqual(SESSION_EXPIRED);

    // A session refreshed 2 hours ago is fine, until the idle timeout is lowered to an hour.
    const open = await signIn();
    await backdate(open.refresh, 3 * HOUR, 2 * HOUR);
    const headers = await server.authorization('admin');
    const current = (await server.app.inject({ method: 'GET', url: `/api${SETTINGS_PATHS.all}`, headers })).json() as SettingsAnswer;
    const saved = await server.app.inject({
      method: 'PUT',
      url: `/api${SETTINGS_PATHS.group('security')}`,
      headers,
      payload: { version: current.security.version, values: { ...current.security.values, session_idle_timeout_minutes: 60 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await refresh(open.refresh)).json()).toEqual(SESSION_EXPIRED);

    // Access tokens never outlive the idle timeout: a session in use refreshes within it.
    const fresh = await signIn();
    const { exp, iat } = JSON.parse(Buffer.from(fresh.access.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(exp - iat).toBeLessThanOrEqual(3600);
  });
});
