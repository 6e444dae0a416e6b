import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../../src/server/password-hashing';
import {
  createBackupCodes,
  createCodeHasher,
  createEmailCode,
  normaliseBackupCode,
  normaliseEmailCode,
} from '../../../src/server/modules/auth/one-time-codes';
import { judgeRefreshToken, REFRESH_TOKEN_TTL_MS } from '../../../src/server/modules/auth/refresh-token-rules';
import { createSecretBox } from '../../../src/server/modules/auth/secret-box';
import { mayUseBackOffice } from '../../../src/server/modules/auth/staff-access';
import { backoffMs, judgeAttempt, THROTTLE_RULES } from '../../../src/server/modules/auth/throttle-rules';
import { checkTotp, createTotpSecret, totpUri } from '../../../src/server/modules/auth/totp';

const SERVER_SECRET = 'a-test-server-secret-of-enough-length';

describe('secret box', () => {
  it('round-trips and never stores the plain text', () => {
    const box = createSecretBox(SERVER_SECRET);
    const sealed = box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DP');
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a box sealed with another secret and tampered text', () => {
    const sealed = createSecretBox(SERVER_SECRET).seal('secret');
    expect(() => createSecretBox('another-secret-of-enough-length').open(sealed)).toThrow();
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => createSecretBox(SERVER_SECRET).open(parts.join(':'))).toThrow();
    expect(() => createSecretBox(SERVER_SECRET).open('plain')).toThrow('Unreadable');
  });
});

describe('TOTP', () => {
  it('accepts the current and neighbouring steps, refuses older ones and replays', async () => {
    const secret = createTotpSecret();
    const now = new Date('2026-11-22T12:00:10Z');
    const seconds = Math.floor(now.getTime() / 1000);
    const current = await generate({ secret, epoch: seconds });
    const previous = await generate({ secret, epoch: seconds - 30 });
    const next = await generate({ secret, epoch: seconds + 30 });
    const stale = await generate({ secret, epoch: seconds - 90 });

    const accepted = await checkTotp(secret, current, null, now);
    expect(accepted.valid).toBe(true);
    expect((await checkTotp(secret, previous, null, now)).valid).toBe(true);
    expect((await checkTotp(secret, next, null, now)).valid).toBe(true);
    expect((await checkTotp(secret, stale, null, now)).valid).toBe(false);
    expect((await checkTotp(secret, 'abcdef', null, now)).valid).toBe(false);

    const step = accepted.valid ? accepted.timeStep : -1;
    expect((await checkTotp(secret, current, step, now)).valid).toBe(false);
    expect((await checkTotp(secret, previous, step, now)).valid).toBe(false);
    expect((await checkTotp(secret, next, step, now)).valid).toBe(true);
  });

  it('builds an otpauth URI with the issuer', () => {
    const uri = totpUri('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', 'naric.admin');
    expect(uri).toMatch(/^otpauth:\/\/totp\/NARIC%20Back-office:naric\.admin\?/);
    expect(uri).toContain('secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP');
    expect(uri).toContain('issuer=NARIC%20Back-office');
  });
});

describe('one-time codes', () => {
  it('makes 6-digit e-mail codes and ten distinct xxxx-xxxx backup codes', () => {
    for (let i = 0; i < 50; i += 1) expect(createEmailCode()).toMatch(/^\d{6}$/);
    const codes = createBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
  });

  it('normalises what people type', () => {
    expect(normaliseBackupCode(' ABCD efgh ')).toBe('abcd-efgh');
    expect(normaliseBackupCode('abcd-efgh')).toBe('abcd-efgh');
    expect(normaliseBackupCode('abc')).toBeNull();
    expect(normaliseEmailCode('123 456')).toBe('123456');
    expect(normaliseEmailCode('12345')).toBeNull();
  });

  it('hashes per purpose with the server secret', () => {
    const hasher = createCodeHasher(SERVER_SECRET);
    const stored = hasher.hash('backup', 'abcd-efgh');
    expect(stored).not.toContain('abcd');
    expect(hasher.matches('backup', 'abcd-efgh', stored)).toBe(true);
    expect(hasher.matches('email', 'abcd-efgh', stored)).toBe(false);
    expect(hasher.matches('backup', 'abcd-efgi', stored)).toBe(false);
    expect(createCodeHasher('other-secret-of-enough-length').matches('backup', 'abcd-efgh', stored)).toBe(false);
  });
});

describe('password hashing', () => {
  it('verifies Argon2id hashes and rejects wrong or malformed ones', async () => {
    const hasher = createPasswordHasher(true);
    const stored = await hasher.hash('Demo-2026!naric');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await hasher.verify(stored, 'Demo-2026!naric')).toBe(true);
    expect(await hasher.verify(stored, 'demo-2026!naric')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'Demo-2026!naric')).toBe(false);
    await expect(hasher.verifyAgainstNobody('anything')).resolves.toBeUndefined();
  });
});

describe('throttle rules', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const failures = (pair: number, account = pair, address = pair, last: Date | null = secondsAgo(0)) => ({
    pair,
    account,
    address,
    lastPairFailure: pair > 0 ? last : null,
  });

  it('backs off exponentially per pair after three failures, capped at 15 minutes', () => {
    expect([0, 2, 3, 4, 5, 10, 12, 13, 50].map((n) => backoffMs(n, THROTTLE_RULES.pair))).toEqual([
      0, 0, 1000, 2000, 4000, 128_000, 512_000, 900_000, 900_000,
    ]);
    expect(judgeAttempt(failures(2), THROTTLE_RULES, now)).toEqual({ allowed: true });
    expect(judgeAttempt(failures(5), THROTTLE_RULES, now)).toEqual({ allowed: false, retryAfterSeconds: 4 });
    // Measured from the pair's own last failure.
    expect(judgeAttempt(failures(5, 5, 5, secondsAgo(3)), THROTTLE_RULES, now)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(judgeAttempt(failures(5, 5, 5, secondsAgo(4)), THROTTLE_RULES, now)).toEqual({ allowed: true });
  });

  it('never delays a pair that has not failed, however busy the account and the address', () => {
    expect(judgeAttempt(failures(0, 10_000, 10_000), THROTTLE_RULES, now)).toEqual({ allowed: true });
  });

  it('the account-wide count only slows a pair that failed, by at most a minute', () => {
    expect(judgeAttempt(failures(1, 11), THROTTLE_RULES, now)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(judgeAttempt(failures(1, 10_000), THROTTLE_RULES, now)).toEqual({ allowed: false, retryAfterSeconds: 60 });
    expect(judgeAttempt(failures(1, 10_000, 1, secondsAgo(60)), THROTTLE_RULES, now)).toEqual({ allowed: true });
  });

  it('a spraying address slows its pairs that failed (30 free failures, then exponential up to 15 minutes)', () => {
    expect(judgeAttempt(failures(1, 1, 29), THROTTLE_RULES, now)).toEqual({ allowed: true });
    expect(judgeAttempt(failures(1, 1, 33), THROTTLE_RULES, now)).toEqual({ allowed: false, retryAfterSeconds: 8 });
    expect(judgeAttempt(failures(1, 1, 500), THROTTLE_RULES, now)).toEqual({ allowed: false, retryAfterSeconds: 900 });
  });
});

describe('refresh token rules', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const hours = (count: number) => count * 3600 * 1000;
  const fresh = {
    expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS),
    used_at: null,
    revoked_at: null,
    session_started_at: new Date(now.getTime() - hours(1)),
    session_last_seen_at: null,
  };
  const limits = { idleMs: hours(12), absoluteMs: hours(7 * 24) };
  it('rotates a fresh token and names every other case', () => {
    expect(judgeRefreshToken(fresh, now)).toBe('rotate');
    expect(judgeRefreshToken(undefined, now)).toBe('unknown');
    expect(judgeRefreshToken({ ...fresh, used_at: now }, now)).toBe('reused');
    expect(judgeRefreshToken({ ...fresh, revoked_at: now }, now)).toBe('revoked');
    expect(judgeRefreshToken({ ...fresh, expires_at: now }, now)).toBe('expired');
  });
  it('ends a session idle since its last refresh (or its sign-in) for the idle timeout', () => {
    const signedIn = new Date(now.getTime() - hours(12));
    expect(judgeRefreshToken({ ...fresh, session_started_at: signedIn }, now, limits)).toBe('idle');
    expect(judgeRefreshToken({ ...fresh, session_started_at: new Date(signedIn.getTime() + 1) }, now, limits)).toBe('rotate');
    // A refresh an hour ago counts, however long ago the sign-in was.
    expect(judgeRefreshToken({ ...fresh, session_started_at: new Date(now.getTime() - hours(30)), session_last_seen_at: new Date(now.getTime() - hours(1)) }, now, limits)).toBe('rotate');
    expect(judgeRefreshToken({ ...fresh, session_started_at: new Date(now.getTime() - hours(30)), session_last_seen_at: new Date(now.getTime() - hours(13)) }, now, limits)).toBe('idle');
  });
  it('ends a session at its absolute lifetime from the sign-in, however recently refreshed; reuse is judged first', () => {
    const week = { ...fresh, session_started_at: new Date(now.getTime() - hours(7 * 24)), session_last_seen_at: new Date(now.getTime() - 1000) };
    expect(judgeRefreshToken(week, now, limits)).toBe('past_lifetime');
    expect(judgeRefreshToken({ ...week, session_started_at: new Date(week.session_started_at.getTime() + 1) }, now, limits)).toBe('rotate');
    expect(judgeRefreshToken({ ...week, used_at: now }, now, limits)).toBe('reused');
  });
});

describe('back-office access', () => {
  const person = (groups: string[], flags: Partial<{ is_staff: boolean; is_superuser: boolean }> = {}) => ({
    is_staff: false,
    is_superuser: false,
    permissions: [],
    groups,
    ...flags,
  });
  it('lets in admins, staff and the centre’s agency, evaluator and inspectorate people', () => {
    expect(mayUseBackOffice(person([], { is_superuser: true }))).toBe(true);
    expect(mayUseBackOffice(person([], { is_staff: true }))).toBe(true);
    expect(mayUseBackOffice(person(['Payment Officers']))).toBe(true);
    expect(mayUseBackOffice(person(['Agency Officers']))).toBe(true);
    expect(mayUseBackOffice(person(['Evaluators']))).toBe(true);
    expect(mayUseBackOffice(person(['Inspectorate']))).toBe(true);
    expect(mayUseBackOffice(person(['Applicants']))).toBe(false);
    expect(mayUseBackOffice(person([]))).toBe(false);
  });
});
