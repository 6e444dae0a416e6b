import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '../../src/shared/api/auth';
import { ALL_PERMISSIONS, DEFAULT_GROUP_PERMISSIONS, GROUPS } from '../../src/shared/auth/permissions';
import { currentUser, loadUserObject, requireAdmin, requirePermission, requireUser, signAccessToken, verifyAccessToken } from '../../src/server/auth-context';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

const NOT_AUTHENTICATED = { detail: 'Authentication credentials were not provided.', code: 'not_authenticated' };
const TOKEN_NOT_VALID = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const ACCESS_DENIED = { detail: 'Access denied', code: 'permission_denied' };

describe('auth context', () => {
  let server: ServerFixture;

  beforeAll(async () => {
    server = await createServerFixture();
    await server.app.register(
      async (scope) => {
        scope.get('/whoami/', { preHandler: requireUser() }, async (request) => ({ username: currentUser(request).username }));
        scope.get('/mark-paid/', { preHandler: requirePermission('payments.mark_paid') }, async () => ({ ok: true }));
        scope.get('/publish/', { preHandler: requirePermission('news.publish_news') }, async () => ({ ok: true }));
        scope.get('/admin-only/', { preHandler: requireAdmin() }, async () => ({ ok: true }));
      },
      { prefix: '/api' },
    );
  });
  afterAll(() => server.close());

  const get = async (url: string, authorization?: string) =>
    server.app.inject({ url, headers: authorization ? { authorization } : {} });

  describe('requireUser', () => {
    it('answers 401 not_authenticated without credentials, with a Bearer challenge', async () => {
      const answer = await get('/api/whoami/');
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual(NOT_AUTHENTICATED);
      expect(answer.headers['www-authenticate']).toBe('Bearer realm="api"');
      expect((await get('/api/whoami/', 'Basic YWRtaW46cGFzcw==')).json()).toEqual(NOT_AUTHENTICATED);
    });

    it('answers 401 token_not_valid for a bad token', async () => {
      const otherSecret = new TextEncoder().encode('another-secret-that-is-long-enough-to-sign');
      const officerId = (await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow()).id;
      const forged = await new SignJWT({ type: 'access' }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(officerId)).setExpirationTime('5m').sign(otherSecret);
      const secret = new TextEncoder().encode(server.config.jwtSecret);
      const expired = await new SignJWT({ type: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(officerId))
        .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
        .sign(secret);
      const refreshType = await new SignJWT({ type: 'refresh' }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(officerId)).setExpirationTime('5m').sign(secret);
      const unknownUser = await signAccessToken(server.config, 999_999);
      const valid = await signAccessToken(server.config, officerId);
      const [header, payload] = valid.split('.');
      const signatureStripped = `${header}.${payload}.`;
      const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;

      for (const token of ['garbage', forged, expired, refreshType, unknownUser, signatureStripped, noneAlg]) {
        const answer = await get('/api/whoami/', `Bearer ${token}`);
        expect(answer.statusCode, token).toBe(401);
        expect(answer.json()).toEqual(TOKEN_NOT_VALID);
      }
      expect((await get('/api/whoami/', 'Bearer')).json()).toEqual(TOKEN_NOT_VALID);
      expect((await get('/api/whoami/', `Bearer ${valid} extra`)).json()).toEqual(TOKEN_NOT_VALID);
    });

    it('lets a valid token through, whatever the case of the scheme', async () => {
      const token = await server.tokenFor('officer');
      for (const scheme of ['Bearer', 'bearer']) {
        const answer = await get('/api/whoami/', `${scheme} ${token}`);
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual({ username: 'officer' });
      }
    });

    it('refuses the token of a disabled account', async () => {
      const token = await server.tokenFor('content');
      await server.db.updateTable('users').set({ is_active: false }).where('username', '=', 'content').execute();
      try {
        const answer = await get('/api/whoami/', `Bearer ${token}`);
        expect(answer.statusCode).toBe(401);
        expect(answer.json()).toEqual({ detail: 'This account is disabled.', code: 'account_inactive' });
      } finally {
        await server.db.updateTable('users').set({ is_active: true }).where('username', '=', 'content').execute();
      }
    });

    it('refuses a token once its lifetime is over', async () => {
      const user = await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow();
      const token = await signAccessToken({ ...server.config, accessTokenTtlSeconds: 1 }, user.id);
      expect((await get('/api/whoami/', `Bearer ${token}`)).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect((await get('/api/whoami/', `Bearer ${token}`)).json()).toEqual(TOKEN_NOT_VALID);
    });
  });

  describe('requirePermission', () => {
    it('answers 401 before looking at permissions', async () => {
      expect((await get('/api/mark-paid/')).json()).toEqual(NOT_AUTHENTICATED);
    });

    it.each([
      ['payments', 200],
      ['officer', 200], // NARIC Officers hold payments.mark_paid implicitly
      ['admin', 200], // superuser
      ['naric.admin', 200],
      ['content', 403],
      ['council', 403],
      ['agency', 403],
    ])('payments.mark_paid for %s → %i', async (username, status) => {
      const answer = await get('/api/mark-paid/', (await server.authorization(username)).authorization);
      expect(answer.statusCode).toBe(status);
      if (status === 403) expect(answer.json()).toEqual(ACCESS_DENIED);
    });

    it('follows a permission granted to the user directly, not only through groups', async () => {
      const auth = (await server.authorization('verifier')).authorization;
      expect((await get('/api/publish/', auth)).statusCode).toBe(403);
      const user = await server.db.selectFrom('users').select('id').where('username', '=', 'verifier').executeTakeFirstOrThrow();
      const permission = await server.db
        .selectFrom('permissions')
        .select('id')
        .where('app_label', '=', 'news')
        .where('codename', '=', 'publish_news')
        .executeTakeFirstOrThrow();
      await server.db.insertInto('user_permissions').values({ user_id: user.id, permission_id: permission.id }).execute();
      try {
        expect((await get('/api/publish/', auth)).statusCode).toBe(200);
      } finally {
        await server.db.deleteFrom('user_permissions').where('user_id', '=', user.id).execute();
      }
    });
  });

  describe('requireAdmin', () => {
    it.each([
      ['admin', 200],
      ['naric.admin', 200],
      ['officer', 403],
      ['council', 403],
    ])('%s → %i', async (username, status) => {
      expect((await get('/api/admin-only/', (await server.authorization(username)).authorization)).statusCode).toBe(status);
    });
  });

  describe('loadUserObject', () => {
    it('returns the shared user object with group names and full permission names', async () => {
      const row = await server.db.selectFrom('users').select('id').where('username', '=', 'payments').executeTakeFirstOrThrow();
      const user = userSchema.parse(await loadUserObject(server.db, row.id));
      expect(user).toMatchObject({
        username: 'payments',
        email: 'payments@naric.example',
        groups: [GROUPS.paymentOfficers],
        full_name: 'Fatmir Shala',
        is_superuser: false,
        is_staff: true,
        auth_source: 'local',
        country: 'XK',
        two_factor_enabled: false,
        two_factor_method: null,
      });
      expect(user.permissions).toEqual([...DEFAULT_GROUP_PERMISSIONS[GROUPS.paymentOfficers]].sort());
      expect(Date.parse(user.date_joined)).not.toBeNaN();
    });

    it('gives the admin groups every permission of the catalogue', async () => {
      const row = await server.db.selectFrom('users').select('id').where('username', '=', 'naric.admin').executeTakeFirstOrThrow();
      const user = await loadUserObject(server.db, row.id);
      expect(user?.permissions).toEqual([...ALL_PERMISSIONS].sort());
    });

    it('reads dates as calendar dates and returns null for an unknown id', async () => {
      await server.db.updateTable('users').set({ date_of_birth: '1990-01-31' }).where('username', '=', 'council').execute();
      const row = await server.db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirstOrThrow();
      expect((await loadUserObject(server.db, row.id))?.date_of_birth).toBe('1990-01-31');
      expect(await loadUserObject(server.db, 999_999)).toBeNull();
    });
  });
});

describe('verifyAccessToken', () => {
  const config = { jwtSecret: 'verify-secret-verify-secret-verify-secret', accessTokenTtlSeconds: 60 };

  it('remembers a checked token only until it expires, and only for the secret that signed it', async () => {
    const token = await signAccessToken(config, 42);
    const now = Date.now();
    expect(await verifyAccessToken(config, token, now)).toBe(42);
    // Answered from the remembered check, still with the expiry applied.
    expect(await verifyAccessToken(config, token, now + 30_000)).toBe(42);
    await expect(verifyAccessToken(config, token, now + 61_000)).rejects.toMatchObject({ status: 401, code: 'token_not_valid' });
    // Forgotten once expired: the full check refuses it too.
    await expect(verifyAccessToken(config, token, now + 62_000)).rejects.toMatchObject({ status: 401, code: 'token_not_valid' });

    const again = await signAccessToken(config, 43);
    expect(await verifyAccessToken(config, again)).toBe(43);
    await expect(verifyAccessToken({ jwtSecret: 'another-secret-another-secret-another' }, again)).rejects.toMatchObject({ status: 401, code: 'token_not_valid' });
  });
});
