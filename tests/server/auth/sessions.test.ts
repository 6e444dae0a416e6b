import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { authDatabase } from '../../../src/server/modules/auth/auth-database';
import { hashRefreshToken } from '../../../src/server/modules/auth/refresh-token-rules';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { DEMO_PASSWORD, bodyPair, bodySignedIn, createUser, freshAddress, get, json, post } from './auth-test-helpers';

const TOKEN_INVALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };

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

  it('answers 401 for an unknown, an expired, and a malformed body gets 400', async () => {
    expect((await refresh('not-a-token-we-issued')).json()).toEqual(TOKEN_INVALID);
    const session = await signIn('verifier');
    await authDatabase(server.db)
      .updateTable('refresh_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashRefreshToken(session.refresh))
      .execute();
    const expired = await refresh(session.refresh);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(TOKEN_INVALID);
    const missing = await post(server.app, AUTH_PATHS.tokenRefresh, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required'] });
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
    expect(wrong.json()).toEqual({ current_password: ['The current password is not correct.'] });

    const tooShort = await post(
      server.app,
      AUTH_PATHS.changePassword,
      { current_password: DEMO_PASSWORD, new_password: 'short' },
      { token: first.access },
    );
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toEqual({ new_password: ['Invalid format'] });

    const same = await post(
      server.app,
      AUTH_PATHS.changePassword,
      { current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD },
      { token: first.access },
    );
    expect(same.json()).toEqual({ new_password: ['The new password must differ from the current one.'] });

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
