import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, adminTwoFactorConfirmAnswer, twoFactorSetupAnswer } from '../../../src/shared/api/auth';
import { authDatabase } from '../../../src/server/modules/auth/auth-database';
import { DEMO_TOTP_SECRET } from '../../../src/server/modules/auth/demo-two-factor';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import {
  DEMO_PASSWORD,
  bodyPair,
  bodySignedIn,
  createUser,
  forgetFailedAttempts,
  forgetTotpSteps,
  freshAddress,
  get,
  latestEmailedCode,
  outboxCount,
  post,
  setRequire2fa,
  totpCode,
  userId,
} from './auth-test-helpers';

// The 2FA challenge (docs/api.md): after the password step, only the client holding the random
// challenge it was handed can go on with that sign-in. A user id or username, even from the same
// address, opens nothing.

const NO_PENDING_SIGN_IN = { code: 'two_factor_invalid', error: 'This sign-in has expired. Please sign in again.' };
const THROTTLED = { code: 'throttled', message: 'Too many attempts. Please wait and try again.' };

describe('the 2FA challenge', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());
  beforeEach(() => forgetFailedAttempts(server.db));

  const passwordStep = async (username: string, address: string) => {
    const answer = await post(server.app, AUTH_PATHS.adminLogin, { username, password: DEMO_PASSWORD }, { address });
    expect(answer.statusCode).toBe(202);
    return (answer.json() as { challenge: string }).challenge;
  };
  const setup = (challenge: string, address: string, extra: Record<string, unknown> = {}) =>
    post(server.app, AUTH_PATHS.adminTwoFactorSetup, { method: 'totp', challenge, ...extra }, { address });
  const confirm = (challenge: string, code: string, address: string, extra: Record<string, unknown> = {}) =>
    post(server.app, AUTH_PATHS.adminTwoFactorConfirm, { code, challenge, ...extra }, { address });
  const verify = (username: string, code: string, challenge: string, address: string, is_backup_code = false) =>
    post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username, code, challenge, is_backup_code }, { address });
  const storedChallenges = (id: number) =>
    authDatabase(server.db).selectFrom('auth_challenges').selectAll().where('user_id', '=', id).orderBy('id').execute();

  /** A user the staff policy makes set up 2FA at sign-in. */
  async function newcomer(username: string) {
    const id = await createUser(server.db, { username, is_staff: true, groups: ['NARIC Officers'] });
    await server.db.updateTable('users').set({ two_factor_required: true }).where('id', '=', id).execute();
    return id;
  }

  it('set-up: a second client with the user id, from the same address, cannot get a secret or confirm its own code', async () => {
    const id = await newcomer('taken.over');
    const address = freshAddress();
    const challenge = await passwordStep('taken.over', address);

    // The second client knows the id and shares the address (same office proxy), not the challenge.
    const stolenSetup = await setup('guessed-challenge', address, { user_id: id });
    expect(stolenSetup.statusCode).toBe(403);
    expect(stolenSetup.json()).toMatchObject({ code: 'permission_denied' });
    expect(await authDatabase(server.db).selectFrom('two_factor_enrolments').select('user_id').where('user_id', '=', id).execute()).toEqual([]);

    // The right person starts the set-up; the other client, with a code from that secret, still cannot finish it.
    const { secret } = twoFactorSetupAnswer.parse((await setup(challenge, address)).json());
    const stolenConfirm = await confirm('guessed-challenge', await totpCode(secret!), address, { user_id: id });
    expect(stolenConfirm.statusCode).toBe(403);
    expect(stolenConfirm.json()).not.toHaveProperty('access');
    const user = await server.db.selectFrom('users').select('two_factor_enabled').where('id', '=', id).executeTakeFirstOrThrow();
    expect(user.two_factor_enabled).toBe(false);

    const confirmed = await confirm(challenge, await totpCode(secret!), address);
    expect(confirmed.statusCode).toBe(200);
    expect(adminTwoFactorConfirmAnswer.parse(confirmed.json()).user.username).toBe('taken.over');
  });

  it('verify and send-otp: the username and the right code, from the same address, are not enough without the challenge', async () => {
    const address = freshAddress();
    const admin = await userId(server.db, 'naric.admin');
    const challenge = await passwordStep('naric.admin', address);
    const stolen = await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET), 'guessed-challenge', address);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject(NO_PENDING_SIGN_IN);
    expect(stolen.json()).not.toHaveProperty('access');
    expect((await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET), challenge, address)).statusCode).toBe(200);
    await forgetTotpSteps(server.db, admin);

    const id = await createUser(server.db, { username: 'mail.signer', groups: ['Content Managers'] });
    await server.db.updateTable('users').set({ two_factor_enabled: true, two_factor_method: 'email' }).where('id', '=', id).execute();
    const mailChallenge = await passwordStep('mail.signer', address);
    const sent = await outboxCount(server.db, id);
    const resend = await post(server.app, AUTH_PATHS.sendOtp, { username: 'mail.signer', challenge: 'guessed-challenge' }, { address });
    // The same answer as ever, and nothing sent.
    expect(resend.statusCode).toBe(200);
    expect(await outboxCount(server.db, id)).toBe(sent);
    expect((await post(server.app, AUTH_PATHS.sendOtp, { username: 'mail.signer', challenge: mailChallenge }, { address })).statusCode).toBe(200);
    expect(await outboxCount(server.db, id)).toBe(sent + 1);
    const code = await latestEmailedCode(server.db, id);
    expect((await verify('mail.signer', code, 'guessed-challenge', address)).json()).toMatchObject(NO_PENDING_SIGN_IN);
    expect((await verify('mail.signer', code, mailChallenge, address)).statusCode).toBe(200);
  });

  it('is single use: once a verify or a confirm has signed in, the same challenge opens nothing', async () => {
    const address = freshAddress();
    const admin = await userId(server.db, 'naric.admin');
    const challenge = await passwordStep('naric.admin', address);
    // A wrong code leaves the step open; the right one spends it.
    expect((await verify('naric.admin', '000000', challenge, address)).statusCode).toBe(400);
    expect((await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET), challenge, address)).statusCode).toBe(200);
    const again = await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET, 1), challenge, address);
    expect(again.json()).toMatchObject(NO_PENDING_SIGN_IN);
    await forgetTotpSteps(server.db, admin);

    await newcomer('single.use');
    const setupChallenge = await passwordStep('single.use', address);
    const { secret } = twoFactorSetupAnswer.parse((await setup(setupChallenge, address)).json());
    expect((await confirm(setupChallenge, await totpCode(secret!), address)).statusCode).toBe(200);
    expect((await confirm(setupChallenge, await totpCode(secret!, 1), address)).statusCode).toBe(403);
    expect((await setup(setupChallenge, address)).statusCode).toBe(403);
  });

  it('expires after ten minutes, and a new password step replaces the old challenge', async () => {
    const id = await newcomer('slow.enroller');
    const address = freshAddress();
    const first = await passwordStep('slow.enroller', address);
    const second = await passwordStep('slow.enroller', address);
    expect((await setup(first, address)).statusCode).toBe(403);
    await authDatabase(server.db).updateTable('auth_challenges').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', id).execute();
    expect((await setup(second, address)).statusCode).toBe(403);
  });

  it('is bound to its user and its step', async () => {
    const address = freshAddress();
    await newcomer('step.bound');
    const signInChallenge = await passwordStep('naric.admin', address);
    const setupChallenge = await passwordStep('step.bound', address);
    // A `two_factor` challenge does not open a set-up, nor a set-up challenge a verify.
    expect((await setup(signInChallenge, address)).statusCode).toBe(403);
    expect((await confirm(signInChallenge, '123456', address)).statusCode).toBe(403);
    expect((await verify('step.bound', '123456', setupChallenge, address)).json()).toMatchObject(NO_PENDING_SIGN_IN);
    // Another user's challenge does not verify this one.
    const other = await createUser(server.db, { username: 'other.signer', groups: ['Content Managers'] });
    await server.db.updateTable('users').set({ two_factor_enabled: true, two_factor_method: 'email' }).where('id', '=', other).execute();
    await passwordStep('other.signer', address);
    const code = await latestEmailedCode(server.db, other);
    expect((await verify('other.signer', code, signInChallenge, address)).json()).toMatchObject(NO_PENDING_SIGN_IN);
  });

  it('is stored hashed: the database never holds the challenge itself', async () => {
    const id = await newcomer('hashed.step');
    const challenge = await passwordStep('hashed.step', freshAddress());
    const rows = await storedChallenges(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.challenge_hash).toBe(createHash('sha256').update(challenge).digest('hex'));
    const everything = await sql<{ row: string }>`select t::text as row from auth_challenges t`.execute(server.db);
    for (const { row } of everything.rows) expect(row).not.toContain(challenge);
  });

  it('set-up calls are throttled per user (each set-up started counts) with retry_after', async () => {
    await newcomer('eager.enroller');
    const address = freshAddress();
    const challenge = await passwordStep('eager.enroller', address);
    for (let i = 0; i < 3; i += 1) expect((await setup(challenge, address)).statusCode).toBe(200);
    const blocked = await setup(challenge, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ ...THROTTLED, retry_after: Number(blocked.headers['retry-after']) });
    expect((await confirm(challenge, '123456', address)).statusCode).toBe(429);
  });

  it('set-up calls are throttled per address: guessed challenges are counted', async () => {
    const address = freshAddress();
    for (let i = 0; i < 3; i += 1) expect((await setup(`guess-${i}`, address)).statusCode).toBe(403);
    const blocked = await confirm('guess-3', '123456', address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ ...THROTTLED, retry_after: Number(blocked.headers['retry-after']) });
    // Another address is not slowed by this one's guesses.
    expect((await setup('guess-4', freshAddress())).statusCode).toBe(403);
  });

  it('refresh with the staff policy switched on, for a user without 2FA: 202 requires_2fa_setup with a challenge, no tokens, the session ends', async () => {
    const id = await createUser(server.db, { username: 'policy.latecomer', is_staff: true, groups: ['NARIC Officers'] });
    const address = freshAddress();
    const signedIn = bodySignedIn.parse((await post(server.app, AUTH_PATHS.adminLogin, { username: 'policy.latecomer', password: DEMO_PASSWORD }, { address })).json());
    // Someone already using 2FA goes on as before.
    const admin = await userId(server.db, 'naric.admin');
    const adminChallenge = await passwordStep('naric.admin', address);
    const adminSession = bodySignedIn.parse((await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET), adminChallenge, address)).json());
    await forgetTotpSteps(server.db, admin);

    await setRequire2fa(server.db, true);
    try {
      const owed = await post(server.app, AUTH_PATHS.tokenRefresh, { refresh: signedIn.refresh }, { address });
      expect(owed.statusCode).toBe(202);
      expect(owed.json()).toEqual({ requires_2fa_setup: true, challenge: expect.stringMatching(/^[\w-]{43}$/) });
      const { challenge } = owed.json() as { challenge: string };
      // The session is over: its access token and any refresh token of it are refused.
      expect((await get(server.app, AUTH_PATHS.me, { token: signedIn.access })).statusCode).toBe(401);
      const session = await authDatabase(server.db).selectFrom('auth_sessions').select('ended_at').where('user_id', '=', id).executeTakeFirstOrThrow();
      expect(session.ended_at).not.toBeNull();

      const { secret } = twoFactorSetupAnswer.parse((await setup(challenge, address)).json());
      const confirmed = await confirm(challenge, await totpCode(secret!), address);
      expect(confirmed.statusCode).toBe(200);
      expect(adminTwoFactorConfirmAnswer.parse(confirmed.json()).user.two_factor_enabled).toBe(true);

      const adminRefresh = await post(server.app, AUTH_PATHS.tokenRefresh, { refresh: adminSession.refresh }, { address });
      expect(adminRefresh.statusCode).toBe(200);
      bodyPair.parse(adminRefresh.json());
    } finally {
      await setRequire2fa(server.db, false);
    }
  });
});
