import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { DEMO_TOTP_SECRET } from '../../../src/server/modules/auth/demo-two-factor';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { DEMO_PASSWORD, createUser, forgetFailedAttempts, freshAddress, post, totpCode } from './auth-test-helpers';

const THROTTLED = {
  detail: 'Too many attempts. Please wait and try again.',
  message: 'Too many attempts. Please wait and try again.',
  code: 'throttled',
};

describe('throttling of sign-in attempts', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());
  beforeEach(() => forgetFailedAttempts(server.db));

  const login = (username: string, password: string, address: string) =>
    post(server.app, AUTH_PATHS.adminLogin, { username, password }, { address });

  it('per account: after 5 failures in 15 minutes even the right password answers 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) {
      // From five different machines: the account counter is what stops this.
      expect((await login('Officer', `wrong-${i}`, freshAddress())).statusCode).toBe(401);
    }
    const blocked = await login('officer', DEMO_PASSWORD, freshAddress());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(THROTTLED);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(890);
    expect(retryAfter).toBeLessThanOrEqual(900);
    // Other accounts are not affected.
    expect((await login('payments', DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('a successful sign-in clears the account’s counter', async () => {
    const address = freshAddress();
    for (let i = 0; i < 4; i += 1) await login('verifier', 'wrong', address);
    expect((await login('verifier', DEMO_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await login('verifier', 'wrong', address)).statusCode).toBe(401);
    expect((await login('verifier', DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('per address: 20 failures from one address (any accounts) block that address only', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await login(`guess-${i}@naric.example`, 'wrong', address)).statusCode).toBe(401);
    }
    const blocked = await login('content', DEMO_PASSWORD, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(THROTTLED);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await login('content', DEMO_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('failures older than 15 minutes no longer count', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) await login('council', 'wrong', address);
    expect((await login('council', DEMO_PASSWORD, address)).statusCode).toBe(429);
    await sql`update login_attempts set attempted_at = ${new Date(Date.now() - 16 * 60 * 1000)}`.execute(server.db);
    expect((await login('council', DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('2FA verification: 5 wrong codes block further codes for that account, right ones included', async () => {
    const address = freshAddress();
    expect((await login('naric.admin', DEMO_PASSWORD, address)).statusCode).toBe(202);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'naric.admin', code: '000000' }, { address });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await post(
      server.app,
      AUTH_PATHS.adminTwoFactorVerify,
      { username: 'naric.admin', code: await totpCode(DEMO_TOTP_SECRET) },
      { address },
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(THROTTLED);
  });

  it('send-otp: at most 5 requests per account in 15 minutes', async () => {
    await createUser(server.db, { username: 'mailbox.owner', groups: ['Content Managers'] });
    for (let i = 0; i < 5; i += 1) {
      expect((await post(server.app, AUTH_PATHS.sendOtp, { username: 'mailbox.owner' }, { address: freshAddress() })).statusCode).toBe(200);
    }
    const blocked = await post(server.app, AUTH_PATHS.sendOtp, { username: 'mailbox.owner' }, { address: freshAddress() });
    expect(blocked.statusCode).toBe(429);
  });
});
