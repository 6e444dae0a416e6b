import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  adminTwoFactorConfirmAnswer,
  backupCodesAnswer,
  twoFactorConfirmAnswer,
  twoFactorSetupAnswer,
  twoFactorStatusAnswer,
} from '../../../src/shared/api/auth';
import { authDatabase } from '../../../src/server/modules/auth/auth-database';
import {
  DEMO_BACKUP_CODES,
  DEMO_TOTP_SECRET,
  DEMO_TOTP_SECRET_MARKER,
} from '../../../src/server/modules/auth/demo-two-factor';
import { createServerFixture, type ServerFixture } from '../../support/server-fixture';
import {
  DEMO_PASSWORD,
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
  bodySignedIn,
} from './auth-test-helpers';

const INVALID_CODE = { error: 'The code is not valid.', detail: 'The code is not valid.', code: 'two_factor_invalid' };

describe('two-factor sign-in', () => {
  let server: ServerFixture;
  let naricAdmin: number;
  beforeAll(async () => {
    server = await createServerFixture();
    naricAdmin = await userId(server.db, 'naric.admin');
  });
  afterAll(() => server.close());
  // These tests fail codes on purpose; throttling has its own tests.
  beforeEach(() => forgetFailedAttempts(server.db));

  const passwordStep = async (username: string, address: string) => {
    const answer = await post(server.app, AUTH_PATHS.adminLogin, { username, password: DEMO_PASSWORD }, { address });
    expect(answer.statusCode).toBe(202);
    return answer.json() as { requires_2fa: true; two_factor_method: string; username: string; challenge: string };
  };
  const verify = (username: string, code: string, address: string, challenge: string, is_backup_code = false) =>
    post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username, code, is_backup_code, challenge }, { address });

  it('the demo account holds a marker, not a secret, and the seed gave it ten backup codes', async () => {
    const row = await server.db.selectFrom('users').select(['two_factor_secret', 'two_factor_method']).where('id', '=', naricAdmin).executeTakeFirstOrThrow();
    expect(row).toEqual({ two_factor_secret: DEMO_TOTP_SECRET_MARKER, two_factor_method: 'totp' });
    const codes = await authDatabase(server.db).selectFrom('two_factor_backup_codes').select('code_hash').where('user_id', '=', naricAdmin).execute();
    expect(codes).toHaveLength(10);
    expect(codes.some((c) => DEMO_BACKUP_CODES.some((code) => c.code_hash.includes(code)))).toBe(false);
  });

  it('TOTP: the right code after the password step signs in; the same code cannot be used twice', async () => {
    const address = freshAddress();
    const step = await passwordStep('naric.admin', address);
    expect(step).toEqual({ requires_2fa: true, two_factor_method: 'totp', username: 'naric.admin', challenge: expect.stringMatching(/^[\w-]{43}$/) });
    const code = await totpCode(DEMO_TOTP_SECRET);
    const answer = await verify('naric.admin', code, address, step.challenge);
    expect(answer.statusCode).toBe(200);
    const session = bodySignedIn.parse(answer.json());
    expect(session.user).toMatchObject({ username: 'naric.admin', two_factor_enabled: true, two_factor_method: 'totp' });
    expect((await get(server.app, AUTH_PATHS.me, { token: session.access })).statusCode).toBe(200);

    // Replay of the same code (another password step first): refused.
    const again = await passwordStep('naric.admin', address);
    const replay = await verify('naric.admin', code, address, again.challenge);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(INVALID_CODE);
    // The next period's code is within the ±1 step window and was never used.
    expect((await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET, 1), address, again.challenge)).statusCode).toBe(200);
    await forgetTotpSteps(server.db, naricAdmin);
  });

  it('TOTP: a wrong code, an old code, and a code without a password step are refused', async () => {
    const address = freshAddress();
    // No password step from this address yet.
    const early = await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET), address, 'made-up-challenge');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'two_factor_invalid', error: 'This sign-in has expired. Please sign in again.' });

    const { challenge } = await passwordStep('naric.admin', address);
    // A password step from one address does not open the door for another.
    expect((await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET), freshAddress(), challenge)).statusCode).toBe(400);
    expect((await verify('naric.admin', '000000', address, challenge)).json()).toEqual(INVALID_CODE);
    expect((await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET, -3), address, challenge)).json()).toEqual(INVALID_CODE);
    expect((await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'naric.admin', challenge }, { address })).statusCode).toBe(400);
    expect((await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'naric.admin', code: '000000' }, { address })).json()).toMatchObject({
      challenge: ['This field is required'],
    });
  });

  it('the password step expires after 10 minutes', async () => {
    const address = freshAddress();
    const { challenge } = await passwordStep('naric.admin', address);
    await authDatabase(server.db)
      .updateTable('auth_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', naricAdmin)
      .execute();
    const answer = await verify('naric.admin', await totpCode(DEMO_TOTP_SECRET), address, challenge);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ error: 'This sign-in has expired. Please sign in again.' });
  });

  it('backup codes: each works once; regenerated codes replace the old ones', async () => {
    const address = freshAddress();
    const first = await verify('naric.admin', DEMO_BACKUP_CODES[0].toUpperCase(), address, (await passwordStep('naric.admin', address)).challenge, true);
    expect(first.statusCode).toBe(200);
    const session = bodySignedIn.parse(first.json());

    const { challenge } = await passwordStep('naric.admin', address);
    expect((await verify('naric.admin', DEMO_BACKUP_CODES[0], address, challenge, true)).json()).toEqual(INVALID_CODE);

    const status = twoFactorStatusAnswer.parse((await get(server.app, AUTH_PATHS.twoFactorStatus, { token: session.access })).json());
    expect(status).toEqual({ enabled: true, method: 'totp', backup_codes_remaining: 9, required_by_policy: false });

    const wrongPassword = await post(server.app, AUTH_PATHS.backupCodes, { password: 'nope' }, { token: session.access, address });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({ error: 'The password is not correct.', code: 'invalid_credentials' });

    const renewed = await post(server.app, AUTH_PATHS.backupCodes, { password: DEMO_PASSWORD }, { token: session.access, address });
    expect(renewed.statusCode).toBe(200);
    const { backup_codes } = backupCodesAnswer.parse(renewed.json());
    expect(backup_codes).toHaveLength(10);
    for (const code of backup_codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);

    // An old (demo) code no longer works; a new one does, once.
    expect((await verify('naric.admin', DEMO_BACKUP_CODES[1], address, challenge, true)).json()).toEqual(INVALID_CODE);
    expect((await verify('naric.admin', backup_codes[3], address, challenge, true)).statusCode).toBe(200);
    const stored = await authDatabase(server.db).selectFrom('two_factor_backup_codes').select('code_hash').where('user_id', '=', naricAdmin).execute();
    expect(stored.some((row) => backup_codes.some((code) => row.code_hash.includes(code)))).toBe(false);
  });

  it('the demo secret and demo backup codes stop working outside demo mode', async () => {
    const production = await createServerFixture({ config: { demo: false } });
    try {
      const address = freshAddress();
      const login = await post(production.app, AUTH_PATHS.adminLogin, { username: 'naric.admin', password: DEMO_PASSWORD }, { address });
      expect(login.statusCode).toBe(202);
      const { challenge } = login.json() as { challenge: string };
      const code = await totpCode(DEMO_TOTP_SECRET);
      expect((await post(production.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'naric.admin', code, challenge }, { address })).statusCode).toBe(400);
      const backup = await post(
        production.app,
        AUTH_PATHS.adminTwoFactorVerify,
        { username: 'naric.admin', code: DEMO_BACKUP_CODES[5], is_backup_code: true, challenge },
        { address },
      );
      expect(backup.statusCode).toBe(400);
    } finally {
      await production.close();
    }
  });
});

describe('two-factor set-up and management', () => {
  let server: ServerFixture;
  beforeAll(async () => {
    server = await createServerFixture();
  });
  afterAll(() => server.close());
  beforeEach(() => forgetFailedAttempts(server.db));

  it('policy on: login answers requires_2fa_setup → admin set-up (TOTP) → confirm → signed in with backup codes', async () => {
    await setRequire2fa(server.db, true);
    try {
      const address = freshAddress();
      const id = await userId(server.db, 'officer');
      const login = await post(server.app, AUTH_PATHS.adminLogin, { username: 'officer', password: DEMO_PASSWORD }, { address });
      expect(login.statusCode).toBe(202);
      expect(login.json()).toEqual({ requires_2fa_setup: true, challenge: expect.stringMatching(/^[\w-]{43}$/) });
      const { challenge } = login.json() as { challenge: string };

      // Without that password step's challenge (or from another address) the set-up is refused.
      const elsewhere = await post(server.app, AUTH_PATHS.adminTwoFactorSetup, { method: 'totp', challenge }, { address: freshAddress() });
      expect(elsewhere.statusCode).toBe(403);
      expect(elsewhere.json()).toMatchObject({ code: 'permission_denied', detail: 'Access denied' });
      expect((await post(server.app, AUTH_PATHS.adminTwoFactorSetup, { method: 'totp', user_id: id }, { address })).json()).toMatchObject({
        challenge: ['This field is required'],
      });
      expect((await post(server.app, AUTH_PATHS.adminTwoFactorSetup, { method: 'sms', challenge }, { address })).json()).toMatchObject({
        method: ['Invalid format'],
      });

      const setup = await post(server.app, AUTH_PATHS.adminTwoFactorSetup, { method: 'totp', challenge }, { address });
      expect(setup.statusCode).toBe(200);
      const { secret, otpauth_uri, method, message } = twoFactorSetupAnswer.parse(setup.json());
      expect(method).toBe('totp');
      expect(message).toMatch(/authenticator app/);
      expect(otpauth_uri).toContain('otpauth://totp/NARIC%20Back-office:officer?');
      expect(otpauth_uri).toContain(`secret=${secret}`);

      // The pending secret is sealed at rest.
      const enrolment = await authDatabase(server.db).selectFrom('two_factor_enrolments').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
      expect(enrolment.sealed_secret).not.toContain(secret!);
      expect(enrolment.sealed_secret).toMatch(/^v1:/);

      const wrong = await post(server.app, AUTH_PATHS.adminTwoFactorConfirm, { code: '123456', challenge }, { address });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual(INVALID_CODE);

      const confirmingCode = await totpCode(secret!);
      const confirm = await post(server.app, AUTH_PATHS.adminTwoFactorConfirm, { code: confirmingCode, challenge }, { address });
      expect(confirm.statusCode).toBe(200);
      const confirmed = adminTwoFactorConfirmAnswer.parse(confirm.json());
      expect(confirmed.backup_codes).toHaveLength(10);
      expect(confirmed.user).toMatchObject({ username: 'officer', two_factor_enabled: true, two_factor_method: 'totp' });
      expect((await get(server.app, AUTH_PATHS.me, { token: confirmed.access })).statusCode).toBe(200);

      // Stored sealed, never plain; the set-up step is used up.
      const user = await server.db.selectFrom('users').select('two_factor_secret').where('id', '=', id).executeTakeFirstOrThrow();
      expect(user.two_factor_secret).toMatch(/^v1:/);
      expect(user.two_factor_secret).not.toContain(secret!);
      expect((await post(server.app, AUTH_PATHS.adminTwoFactorSetup, { method: 'totp', challenge }, { address })).statusCode).toBe(403);

      // Next sign-in asks for the code; the code that confirmed the set-up is not accepted again.
      const again = await post(server.app, AUTH_PATHS.adminLogin, { username: 'officer', password: DEMO_PASSWORD }, { address });
      expect(again.json()).toMatchObject({ requires_2fa: true, two_factor_method: 'totp', username: 'officer' });
      const next = (again.json() as { challenge: string }).challenge;
      expect((await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'officer', code: confirmingCode, challenge: next }, { address })).statusCode).toBe(400);
      expect(
        (await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'officer', code: await totpCode(secret!, 1), challenge: next }, { address }))
          .statusCode,
      ).toBe(200);
    } finally {
      await setRequire2fa(server.db, false);
    }
  });

  it('policy on, e-mail method: the set-up code comes through the outbox', async () => {
    await setRequire2fa(server.db, true);
    try {
      const address = freshAddress();
      const id = await createUser(server.db, { username: 'mail.officer', groups: ['Document Verifiers'] });
      const login = await post(server.app, AUTH_PATHS.adminLogin, { username: 'mail.officer', password: DEMO_PASSWORD }, { address });
      const { challenge } = login.json() as { challenge: string };
      const setup = await post(server.app, AUTH_PATHS.adminTwoFactorSetup, { method: 'email', challenge }, { address });
      expect(setup.statusCode).toBe(200);
      expect(setup.json()).toEqual({ method: 'email', message: 'A 6-digit code has been sent to your e-mail address. Enter it to finish the set-up.' });
      const code = await latestEmailedCode(server.db, id);
      const confirm = await post(server.app, AUTH_PATHS.adminTwoFactorConfirm, { code, challenge }, { address });
      expect(confirm.statusCode).toBe(200);
      expect(adminTwoFactorConfirmAnswer.parse(confirm.json()).user.two_factor_method).toBe('email');
    } finally {
      await setRequire2fa(server.db, false);
    }
  });

  it('a signed-in user sets up TOTP, sees the status, and disables it with the right password only', async () => {
    const address = freshAddress();
    const token = await server.tokenFor('content');
    const before = twoFactorStatusAnswer.parse((await get(server.app, AUTH_PATHS.twoFactorStatus, { token })).json());
    expect(before).toEqual({ enabled: false, method: null, backup_codes_remaining: 0, required_by_policy: false });

    const noConfirmYet = await post(server.app, AUTH_PATHS.twoFactorConfirm, { code: '123456' }, { token, address });
    expect(noConfirmYet.statusCode).toBe(400);
    expect(noConfirmYet.json()).toMatchObject({ error: 'No two-factor set-up is in progress. Please start the set-up again.' });

    const setup = twoFactorSetupAnswer.parse((await post(server.app, AUTH_PATHS.twoFactorSetup, { method: 'totp' }, { token, address })).json());
    const confirm = await post(server.app, AUTH_PATHS.twoFactorConfirm, { code: await totpCode(setup.secret!) }, { token, address });
    expect(confirm.statusCode).toBe(200);
    const { backup_codes, message } = twoFactorConfirmAnswer.parse(confirm.json());
    expect(backup_codes).toHaveLength(10);
    expect(message).toMatch(/enabled/);

    const after = twoFactorStatusAnswer.parse((await get(server.app, AUTH_PATHS.twoFactorStatus, { token })).json());
    expect(after).toEqual({ enabled: true, method: 'totp', backup_codes_remaining: 10, required_by_policy: false });

    const twice = await post(server.app, AUTH_PATHS.twoFactorSetup, { method: 'email' }, { token, address });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'conflict', error: expect.stringMatching(/already enabled/) });

    const wrong = await post(server.app, AUTH_PATHS.twoFactorDisable, { password: 'wrong' }, { token, address });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'The password is not correct.', detail: 'The password is not correct.', code: 'invalid_credentials' });
    expect(twoFactorStatusAnswer.parse((await get(server.app, AUTH_PATHS.twoFactorStatus, { token })).json()).enabled).toBe(true);

    const disable = await post(server.app, AUTH_PATHS.twoFactorDisable, { password: DEMO_PASSWORD }, { token, address });
    expect(disable.statusCode).toBe(200);
    expect(disable.json()).toEqual({ message: 'Two-factor authentication has been disabled.' });
    expect(twoFactorStatusAnswer.parse((await get(server.app, AUTH_PATHS.twoFactorStatus, { token })).json())).toEqual(before);
    const again = await post(server.app, AUTH_PATHS.twoFactorDisable, { password: DEMO_PASSWORD }, { token, address });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'two_factor_not_enabled' });
    expect((await post(server.app, AUTH_PATHS.backupCodes, { password: DEMO_PASSWORD }, { token, address })).json()).toMatchObject({
      code: 'two_factor_not_enabled',
    });

    // Signing in needs no code any more.
    expect((await post(server.app, AUTH_PATHS.adminLogin, { username: 'content', password: DEMO_PASSWORD }, { address })).statusCode).toBe(200);
  });

  it('signed-in calls answer 401 without a token', async () => {
    expect((await post(server.app, AUTH_PATHS.twoFactorSetup, { method: 'totp' })).statusCode).toBe(401);
    expect((await post(server.app, AUTH_PATHS.twoFactorConfirm, { code: '123456' })).statusCode).toBe(401);
    expect((await get(server.app, AUTH_PATHS.twoFactorStatus)).statusCode).toBe(401);
    expect((await post(server.app, AUTH_PATHS.twoFactorDisable, { password: 'x' })).statusCode).toBe(401);
    expect((await post(server.app, AUTH_PATHS.backupCodes, { password: 'x' })).statusCode).toBe(401);
  });

  it('e-mail 2FA: login sends a code; send-otp sends a fresh one that verifies once; the older code is void', async () => {
    const address = freshAddress();
    const id = await createUser(server.db, { username: 'emailed.verifier', groups: ['Document Verifiers'] });
    const token = await server.tokenFor('emailed.verifier');
    await post(server.app, AUTH_PATHS.twoFactorSetup, { method: 'email' }, { token, address });
    await post(server.app, AUTH_PATHS.twoFactorConfirm, { code: await latestEmailedCode(server.db, id) }, { token, address });

    const sentBefore = await outboxCount(server.db, id);
    const login = await post(server.app, AUTH_PATHS.adminLogin, { username: 'emailed.verifier', password: DEMO_PASSWORD }, { address });
    expect(login.json()).toMatchObject({ requires_2fa: true, two_factor_method: 'email', username: 'emailed.verifier' });
    const { challenge } = login.json() as { challenge: string };
    expect(await outboxCount(server.db, id)).toBe(sentBefore + 1);
    const firstCode = await latestEmailedCode(server.db, id);

    const resend = await post(server.app, AUTH_PATHS.sendOtp, { username: 'emailed.verifier', challenge }, { address });
    expect(resend.statusCode).toBe(200);
    expect(await outboxCount(server.db, id)).toBe(sentBefore + 2);
    const email = await server.db
      .selectFrom('notification_outbox')
      .select(['kind', 'subject', 'recipient_email'])
      .where('recipient_user_id', '=', id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(email).toEqual({ kind: 'email', subject: 'Your NARIC Back-office sign-in code', recipient_email: 'emailed.verifier@naric.example' });
    const secondCode = await latestEmailedCode(server.db, id);

    if (firstCode !== secondCode) {
      expect((await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'emailed.verifier', code: firstCode, challenge }, { address })).statusCode).toBe(400);
    }
    const verified = await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'emailed.verifier', code: secondCode, challenge }, { address });
    expect(verified.statusCode).toBe(200);
    expect(bodySignedIn.parse(verified.json()).user.username).toBe('emailed.verifier');

    // Single use.
    const next = (await post(server.app, AUTH_PATHS.adminLogin, { username: 'emailed.verifier', password: DEMO_PASSWORD }, { address })).json() as { challenge: string };
    expect(
      (await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'emailed.verifier', code: secondCode, challenge: next.challenge }, { address })).statusCode,
    ).toBe(400);
  });

  it('e-mail codes expire after 10 minutes', async () => {
    const address = freshAddress();
    const id = await createUser(server.db, { username: 'slow.reader', groups: ['Content Managers'] });
    await server.db
      .updateTable('users')
      .set({ two_factor_enabled: true, two_factor_method: 'email' })
      .where('id', '=', id)
      .execute();
    const { challenge } = (await post(server.app, AUTH_PATHS.adminLogin, { username: 'slow.reader', password: DEMO_PASSWORD }, { address })).json() as {
      challenge: string;
    };
    const code = await latestEmailedCode(server.db, id);
    await authDatabase(server.db)
      .updateTable('two_factor_email_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', id)
      .execute();
    const answer = await post(server.app, AUTH_PATHS.adminTwoFactorVerify, { username: 'slow.reader', code, challenge }, { address });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(INVALID_CODE);
  });

  it('send-otp answers the same and sends nothing for unknown users, TOTP users, or without a password step', async () => {
    const address = freshAddress();
    const expected = { message: 'If a sign-in is waiting for an e-mailed code, a new code has been sent.' };
    const before = await server.db.selectFrom('notification_outbox').select('id').execute();
    for (const username of ['no.such.person', 'naric.admin', 'officer']) {
      const answer = await post(server.app, AUTH_PATHS.sendOtp, { username, challenge: 'made-up-challenge' }, { address });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(expected);
    }
    const after = await server.db.selectFrom('notification_outbox').select('id').execute();
    expect(after.length).toBe(before.length);
    expect((await post(server.app, AUTH_PATHS.sendOtp, {}, { address })).statusCode).toBe(400);
    expect((await post(server.app, AUTH_PATHS.sendOtp, { username: 'officer' }, { address })).json()).toMatchObject({ challenge: ['This field is required'] });
  });
});
