import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS } from '../../../src/shared/api/auth';
import { loadConfig } from '../../../src/server/config';
import { DEMO_TOTP_SECRET } from '../../../src/server/modules/auth/demo-two-factor';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import { API, DEMO_PASSWORD, createUser, forgetFailedAttempts, freshAddress, post, totpCode } from './auth-test-helpers';

// Throttling slows guessing per account-and-address pair and never locks the right
// person out (rules: throttle-rules.ts and docs/api.md "Sign-in throttling").

const THROTTLED = {
  detail: 'Too many attempts. Please wait and try again.',
  message: 'Too many attempts. Please wait and try again.',
  code: 'throttled',
};

describe('sign-in throttling', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());
  beforeEach(() => forgetFailedAttempts(server.db));

  const login = (username: string, password: string, address: string) =>
    post(server.app, AUTH_PATHS.adminLogin, { username, password }, { address });
  /** Lets `seconds` pass for every recorded failure. */
  const pass = (seconds: number) =>
    sql`update login_attempts set attempted_at = attempted_at - make_interval(secs => ${seconds})`.execute(server.db);

  it('the attacker’s pair is slowed with a growing Retry-After, not locked', async () => {
    const attacker = freshAddress();
    for (let i = 0; i < 3; i += 1) expect((await login('officer', `guess-${i}`, attacker)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const refused = await login('officer', 'guess-again', attacker);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ ...THROTTLED, retry_after: Number(refused.headers['retry-after']) });
      waits.push(Number(refused.headers['retry-after']));
      // A refused try is not a guess: it is not counted and the wait stays the same.
      expect(Number((await login('officer', 'guess-again', attacker)).headers['retry-after'])).toBe(waits.at(-1));
      await pass(waits.at(-1)!);
      expect((await login('officer', `guess-after-${round}`, attacker)).statusCode).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8, 16]);
  });

  it('the right person signs in while an attacker hammers their account from another address', async () => {
    const attacker = freshAddress();
    // An hour of hammering, compressed: 200 failures of this account from the attacker's address.
    for (let guesses = 0; guesses < 200; ) {
      const answer = await login('verifier', `guess-${guesses}`, attacker);
      if (answer.statusCode === 429) await pass(Number(answer.headers['retry-after']));
      else {
        expect(answer.statusCode).toBe(401);
        guesses += 1;
      }
    }
    expect((await login('verifier', DEMO_PASSWORD, attacker)).statusCode).toBe(429);

    const owner = freshAddress();
    expect((await login('verifier', DEMO_PASSWORD, owner)).statusCode).toBe(200);
    // Even after mistyping, the owner waits at most a minute (the account-wide slowdown) after
    // their own failure, whatever the attacker does meanwhile.
    expect((await login('verifier', 'mistyped', owner)).statusCode).toBe(401);
    const slowed = await login('verifier', DEMO_PASSWORD, owner);
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
    await pass(60);
    expect((await login('verifier', 'still-guessing', attacker)).statusCode).toBe(429);
    expect((await login('verifier', DEMO_PASSWORD, owner)).statusCode).toBe(200);
  });

  it('staff behind one proxy address: one person mistyping, or a spray from that address, does not block the others', async () => {
    const proxy = freshAddress();
    for (let i = 0; i < 8; i += 1) {
      const answer = await login('payments', `mistyped-${i}`, proxy);
      if (answer.statusCode === 429) await pass(Number(answer.headers['retry-after']));
    }
    for (let i = 0; i < 40; i += 1) await login(`nobody-${i}@naric.example`, 'wrong', proxy);
    for (const colleague of ['officer', 'verifier', 'content', 'council']) {
      expect((await login(colleague, DEMO_PASSWORD, proxy)).statusCode).toBe(200);
    }
    // The one who mistyped is slowed (the address is noisy), never locked: after the wait, in.
    const slowed = await login('payments', DEMO_PASSWORD, proxy);
    expect(slowed.statusCode).toBe(429);
    await pass(Number(slowed.headers['retry-after']));
    expect((await login('payments', DEMO_PASSWORD, proxy)).statusCode).toBe(200);
  });

  it('a success clears its pair; failures older than an hour no longer count', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) await login('council', 'wrong', address);
    expect((await login('council', DEMO_PASSWORD, address)).statusCode).toBe(429);
    await pass(1);
    expect((await login('council', DEMO_PASSWORD, address)).statusCode).toBe(200);
    for (let i = 0; i < 2; i += 1) expect((await login('council', 'wrong', address)).statusCode).toBe(401);
    expect((await login('council', DEMO_PASSWORD, address)).statusCode).toBe(200);

    for (let i = 0; i < 3; i += 1) await login('content', 'wrong', address);
    expect((await login('content', DEMO_PASSWORD, address)).statusCode).toBe(429);
    await sql`update login_attempts set attempted_at = ${new Date(Date.now() - 61 * 60 * 1000)}`.execute(server.db);
    expect((await login('content', DEMO_PASSWORD, address)).statusCode).toBe(200);
  });

  it('2FA verification: wrong codes slow that pair, and a right code goes through after the wait', async () => {
    const address = freshAddress();
    const step = await login('naric.admin', DEMO_PASSWORD, address);
    expect(step.statusCode).toBe(202);
    const { challenge } = step.json() as { challenge: string };
    const verify = async (code: string) =>
      post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'naric.admin', code, challenge }, { address });
    for (let i = 0; i < 3; i += 1) expect((await verify('000000')).statusCode).toBe(400);
    const blocked = await verify(await totpCode(DEMO_TOTP_SECRET));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject(THROTTLED);
    await pass(Number(blocked.headers['retry-after']));
    expect((await verify(await totpCode(DEMO_TOTP_SECRET))).statusCode).toBe(200);
  });

  it('send-otp: three requests per pair at once, then each waits longer', async () => {
    await createUser(server.db, { username: 'mailbox.owner', groups: ['Content Managers'] });
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) {
      expect((await post(server.app, AUTH_PATHS.sendOtp, { username: 'mailbox.owner', challenge: 'any' }, { address })).statusCode).toBe(200);
    }
    const blocked = await post(server.app, AUTH_PATHS.sendOtp, { username: 'mailbox.owner', challenge: 'any' }, { address });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
  });
});

describe('NARIC_TRUST_PROXY', () => {
  it('parses off, true, a hop count and proxy lists, and refuses anything else', () => {
    const trust = (value?: string) => loadConfig({ NARIC_JWT_SECRET: 'x'.repeat(32), ...(value === undefined ? {} : { NARIC_TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
    expect(() => trust('proxy.example')).toThrow(/NARIC_TRUST_PROXY/);
  });

  for (const [name, trustProxy] of [
    ['an address list', ['127.0.0.1']],
    ['a hop count', 1],
  ] as const) {
    describe(`with ${name}`, () => {
      let server: ServerFixture;
      beforeAll(async () => {
        server = await createServerFixture({ config: { trustProxy: typeof trustProxy === 'number' ? trustProxy : [...trustProxy] } });
      });
      afterAll(() => server.close());

      it('counts the client of X-Forwarded-For, so staff behind the proxy have pairs of their own', async () => {
        const viaProxy = (client: string, password: string) =>
          server.app.inject({
            method: 'POST',
            url: `${API}${AUTH_PATHS.adminLogin}`,
            payload: { username: 'officer', password },
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': client },
          });
        for (let i = 0; i < 3; i += 1) expect((await viaProxy('203.0.113.5', `guess-${i}`)).statusCode).toBe(401);
        expect((await viaProxy('203.0.113.5', DEMO_PASSWORD)).statusCode).toBe(429);
        expect((await viaProxy('203.0.113.6', DEMO_PASSWORD)).statusCode).toBe(200);
        const recorded = await sql<{ subject: string }>`select subject from login_attempts where scope = 'address'`.execute(server.db);
        expect(new Set(recorded.rows.map((row) => row.subject))).toEqual(new Set(['203.0.113.5']));
      });
    });
  }

  it('off by default: X-Forwarded-For is ignored, so a client cannot make up fresh addresses', async () => {
    const server = await createServerFixture();
    try {
      const spoofing = (client: string) =>
        server.app.inject({
          method: 'POST',
          url: `${API}${AUTH_PATHS.adminLogin}`,
          payload: { username: 'officer', password: 'guess' },
          remoteAddress: '198.51.100.7',
          headers: { 'x-forwarded-for': client },
        });
      for (let i = 0; i < 3; i += 1) expect((await spoofing(`203.0.113.${i}`)).statusCode).toBe(401);
      expect((await spoofing('203.0.113.99')).statusCode).toBe(429);
    } finally {
      await server.close();
    }
  });
});
