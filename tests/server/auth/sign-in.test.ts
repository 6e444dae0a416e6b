import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_PATHS, loginAnswer, userSchema } from '../../../src/shared/api/auth';
import { authDatabase } from '../../../src/server/modules/auth/auth-database';
import { createPasswordHasher } from '../../../src/server/password-hashing';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { DEMO_PASSWORD, bodySignedIn, createUser, freshAddress, get, json, post, userId } from './auth-test-helpers';

describe('POST /api/auth/admin/login/', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  const login = (username: string, password: string, address = freshAddress()) =>
    post(server.app, AUTH_PATHS.adminLogin, { username, password }, { address });

  it('signs in by username: 200 with tokens and the user object, last_login set, audited', async () => {
    const answer = await login('officer', DEMO_PASSWORD);
    expect(answer.statusCode).toBe(200);
    const body = bodySignedIn.parse(answer.json());
    expect(body.user).toMatchObject({ username: 'officer', groups: ['NARIC Officers'], is_staff: true });
    expect(body.user.last_login).not.toBeNull();
    expect(body.access.split('.')).toHaveLength(3);
    expect(body.refresh.length).toBeGreaterThanOrEqual(40);

    const audit = await server.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', '=', 'auth.login')
      .where('actor_id', '=', body.user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('signs in by e-mail (any case) sent as the username', async () => {
    const answer = await login('Payments@NARIC.example', DEMO_PASSWORD);
    expect(answer.statusCode).toBe(200);
    expect(bodySignedIn.parse(answer.json()).user.username).toBe('payments');
  });

  it('stores the refresh token hashed, never as given', async () => {
    const { refresh } = bodySignedIn.parse((await login('verifier', DEMO_PASSWORD)).json());
    const stored = await authDatabase(server.db)
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .execute();
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((row) => row.token_hash === refresh)).toBe(false);
    expect(stored.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
  });

  it('answers 401 invalid_credentials with message and detail for a wrong password and for an unknown user', async () => {
    for (const [username, password] of [
      ['officer', 'wrong-password'],
      ['nobody-here', DEMO_PASSWORD],
    ]) {
      const answer = await login(username, password);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({
        detail: 'Invalid credentials',
        message: 'Invalid credentials',
        code: 'invalid_credentials',
      });
    }
    const failures = await server.db.selectFrom('audit_log').select('details').where('action', '=', 'auth.login_failed').execute();
    expect(failures.length).toBeGreaterThanOrEqual(2);
  });

  it('answers 400 with field errors when a field is missing', async () => {
    const answer = await post(server.app, AUTH_PATHS.adminLogin, { username: 'officer' }, { address: freshAddress() });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ password: ['This field is required'] });
  });

  it('refuses a disabled account with 401 "This account is disabled." (only after a right password)', async () => {
    await createUser(server.db, { username: 'retired.officer', groups: ['NARIC Officers'], is_active: false });
    const answer = await login('retired.officer', DEMO_PASSWORD);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ detail: 'This account is disabled.', message: 'This account is disabled.', code: 'account_inactive' });
    const wrong = await login('retired.officer', 'not-the-password');
    expect(wrong.json()).toMatchObject({ code: 'invalid_credentials' });
  });

  it('refuses a user who is neither staff nor admin with 403 Access denied', async () => {
    await createUser(server.db, { username: 'applicant.jane', groups: [] });
    const answer = await login('applicant.jane', DEMO_PASSWORD);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ detail: 'Access denied', message: 'Access denied', code: 'permission_denied' });
  });

  it('lets in the centre’s agency officers, evaluators and inspectorate though they are not is_staff', async () => {
    for (const username of ['agency', 'evaluator', 'inspector']) {
      const answer = await login(username, DEMO_PASSWORD);
      expect(answer.statusCode, username).toBe(200);
      expect(bodySignedIn.parse(answer.json()).user.is_staff).toBe(false);
    }
  });

  it('answers 202 requires_2fa for an account with 2FA (demo naric.admin, TOTP), without tokens', async () => {
    const answer = await login('naric.admin', DEMO_PASSWORD);
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ requires_2fa: true, two_factor_method: 'totp', username: 'naric.admin', challenge: expect.any(String) });
    expect(loginAnswer.safeParse(answer.json()).success).toBe(true);
  });

  it('verifies a password hashed with the production Argon2id cost as well', async () => {
    const id = await createUser(server.db, { username: 'strong.hash', groups: ['Payment Officers'] });
    const strong = await createPasswordHasher(false).hash('A-longer-Passw0rd!');
    expect(strong).toContain('m=19456,t=2,p=1');
    await server.db.updateTable('users').set({ password_hash: strong }).where('id', '=', id).execute();
    expect((await login('strong.hash', 'A-longer-Passw0rd!')).statusCode).toBe(200);
  });
});

describe('GET /api/auth/me/', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  it('answers the signed-in user object', async () => {
    const { access } = bodySignedIn.parse(
      (await post(server.app, AUTH_PATHS.adminLogin, { username: 'council', password: DEMO_PASSWORD })).json(),
    );
    const answer = await get(server.app, AUTH_PATHS.me, { token: access });
    expect(answer.statusCode).toBe(200);
    const user = userSchema.parse(answer.json());
    expect(user).toMatchObject({ id: await userId(server.db, 'council'), username: 'council', groups: ['Council Members'] });
  });

  it('answers 401 without a token and with a forged one', async () => {
    const none = await get(server.app, AUTH_PATHS.me);
    expect(none.statusCode).toBe(401);
    expect(json(none)).toMatchObject({ code: 'not_authenticated' });
    const forged = await get(server.app, AUTH_PATHS.me, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' });
    expect(forged.statusCode).toBe(401);
    expect(json(forged)).toMatchObject({ code: 'token_not_valid' });
  });
});

describe('OpenAPI', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());

  it('documents every sign-in call', async () => {
    const answer = await server.app.inject({ url: '/api/docs/json' });
    expect(answer.statusCode).toBe(200);
    const paths = (answer.json() as { paths: Record<string, Record<string, unknown>> }).paths;
    for (const path of Object.values(AUTH_PATHS)) {
      expect(paths[`/api${path}`], path).toBeDefined();
    }
    expect(Object.keys(paths['/api/auth/me/'])).toEqual(['get']);
    expect(Object.keys(paths['/api/auth/admin/login/'])).toEqual(['post']);
  });
});
