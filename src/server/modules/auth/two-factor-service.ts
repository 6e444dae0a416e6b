import { HTTP_STATUS } from '../../../shared/api/drf';
import type { TwoFactorMethod, TwoFactorSetupAnswer } from '../../../shared/api/auth';
import { ERROR_CODES } from '../../../shared/errors';
import { twoFactorRequiredByPolicy, type AccountCredentials } from './accounts';
import { recordAuthEvent } from './audit';
import type { AuthEnvironment } from './auth-environment';
import { TWO_FACTOR_MESSAGES, twoFactorError } from './auth-errors';
import { DEMO_TOTP_SECRET, DEMO_TOTP_SECRET_MARKER } from './demo-two-factor';
import { createBackupCodes, createEmailCode, normaliseBackupCode, normaliseEmailCode } from './one-time-codes';
import { checkTotp, createTotpSecret, totpUri } from './totp';
import {
  claimTotpStep,
  countBackupCodesLeft,
  disableTwoFactor,
  enableTwoFactor,
  findEnrolment,
  lastTotpStep,
  replaceBackupCodes,
  saveEmailCode,
  saveEnrolment,
  spendBackupCode,
  spendEmailCode,
  type EmailCodePurpose,
} from './two-factor-store';

// Two-factor authentication of one account: setting a method up, checking a second factor,
// and the settings a signed-in user manages (status, disable, new backup codes).

export const TWO_FACTOR_TEXTS = {
  totpSetup: 'Scan the QR code with your authenticator app, then enter the 6-digit code it shows.',
  emailSetup: 'A 6-digit code has been sent to your e-mail address. Enter it to finish the set-up.',
  enabled: 'Two-factor authentication is now enabled. Keep your backup codes somewhere safe.',
  disabled: 'Two-factor authentication has been disabled.',
  signInSubject: 'Your NARIC Back-office sign-in code',
  setupSubject: 'Your NARIC Back-office set-up code',
} as const;

function emailBody(code: string, purpose: EmailCodePurpose): string {
  const what = purpose === 'sign_in' ? 'sign in to the NARIC Back-office' : 'finish setting up two-factor authentication';
  return [
    `Your code to ${what} is: ${code}`,
    '',
    'It is valid for 10 minutes and can be used once.',
    'If you did not ask for it, someone may know your password: please change it.',
  ].join('\n');
}

/** Which stored TOTP secret is opened, for the warning when it cannot be (never the secret itself). */
interface TotpSecretRecord {
  userId: number;
  /** The account's secret in force, or the one of a set-up waiting to be confirmed. */
  record: 'users.two_factor_secret' | 'two_factor_enrolments.sealed_secret';
}

/**
 * The TOTP secret of an account, or null when it cannot be read: sealed under another server
 * secret (NARIC_JWT_SECRET was replaced), damaged, or a demo marker outside demo mode. The account
 * then cannot pass that step until its two-factor is reset, so the reason is logged for whoever
 * must reset it.
 */
function openTotpSecret(env: AuthEnvironment, stored: string | null, which: TotpSecretRecord): string | null {
  if (!stored) return null;
  const where = { user_id: which.userId, record: which.record };
  const consequence =
    which.record === 'users.two_factor_secret'
      ? 'this account cannot pass two-factor until an administrator resets it'
      : 'this set-up cannot be confirmed; starting it again makes a new secret';
  if (stored === DEMO_TOTP_SECRET_MARKER) {
    if (env.config.demo) return DEMO_TOTP_SECRET;
    env.log.warn(where, `a TOTP secret is the demo data’s marker outside demo mode: ${consequence}`);
    return null;
  }
  try {
    return env.box.open(stored);
  } catch {
    env.log.warn(where, `a stored TOTP secret cannot be decrypted (sealed under another server secret, or damaged): ${consequence}`);
    return null;
  }
}

export async function sendEmailCode(env: AuthEnvironment, account: AccountCredentials, purpose: EmailCodePurpose) {
  const code = createEmailCode();
  await saveEmailCode(env.db, env.codes, account.id, purpose, code);
  await env.sendEmail({
    recipientUserId: account.id,
    recipientEmail: account.email,
    subject: purpose === 'sign_in' ? TWO_FACTOR_TEXTS.signInSubject : TWO_FACTOR_TEXTS.setupSubject,
    message: emailBody(code, purpose),
  });
}

/** Starts (or restarts) setting up `method`; nothing changes for the account until it is confirmed. */
export async function startSetup(
  env: AuthEnvironment,
  account: AccountCredentials,
  method: TwoFactorMethod,
): Promise<TwoFactorSetupAnswer> {
  if (account.two_factor_enabled) {
    throw twoFactorError(TWO_FACTOR_MESSAGES.alreadyEnabled, ERROR_CODES.conflict, HTTP_STATUS.conflict);
  }
  if (method === 'totp') {
    const secret = createTotpSecret();
    await saveEnrolment(env.db, account.id, { method, sealed_secret: env.box.seal(secret) });
    return { method, secret, otpauth_uri: totpUri(secret, account.username), message: TWO_FACTOR_TEXTS.totpSetup };
  }
  if (!account.email.trim()) throw twoFactorError(TWO_FACTOR_MESSAGES.noEmailAddress);
  await saveEnrolment(env.db, account.id, { method, sealed_secret: null });
  await sendEmailCode(env, account, 'setup');
  return { method, message: TWO_FACTOR_TEXTS.emailSetup };
}

/**
 * Checks the code against the set-up in progress and, when right, turns 2FA on and returns the
 * ten backup codes (shown once). A wrong code throws the 400 `two_factor_invalid` answer.
 */
export async function confirmSetup(
  env: AuthEnvironment,
  account: AccountCredentials,
  code: string,
  ip: string,
): Promise<string[]> {
  if (account.two_factor_enabled) {
    throw twoFactorError(TWO_FACTOR_MESSAGES.alreadyEnabled, ERROR_CODES.conflict, HTTP_STATUS.conflict);
  }
  const enrolment = await findEnrolment(env.db, account.id);
  if (!enrolment) throw twoFactorError(TWO_FACTOR_MESSAGES.noPendingSetup);

  if (enrolment.method === 'totp') {
    const secret = openTotpSecret(env, enrolment.sealed_secret, { userId: account.id, record: 'two_factor_enrolments.sealed_secret' });
    if (!secret) throw twoFactorError(TWO_FACTOR_MESSAGES.noPendingSetup);
    const check = await checkTotp(secret, code, null);
    if (!check.valid) throw twoFactorError(TWO_FACTOR_MESSAGES.invalidCode);
    // The confirming code must not sign anyone in afterwards.
    await claimTotpStep(env.db, account.id, check.timeStep);
  } else {
    const emailCode = normaliseEmailCode(code);
    if (!emailCode || !(await spendEmailCode(env.db, env.codes, account.id, 'setup', emailCode))) {
      throw twoFactorError(TWO_FACTOR_MESSAGES.invalidCode);
    }
  }

  const backupCodes = createBackupCodes();
  await env.db.transaction().execute(async (trx) => {
    await enableTwoFactor(trx, account.id, enrolment.method, enrolment.sealed_secret);
    await replaceBackupCodes(trx, env.codes, account.id, backupCodes);
    await recordAuthEvent(trx, {
      action: 'auth.two_factor_enabled',
      actorId: account.id,
      userId: account.id,
      ip,
      details: { method: enrolment.method },
    });
  });
  return backupCodes;
}

/** The second step of a sign-in: a TOTP code, an e-mailed code, or a backup code. */
export async function checkSecondFactor(
  env: AuthEnvironment,
  account: AccountCredentials,
  code: string,
  isBackupCode: boolean,
): Promise<boolean> {
  if (!account.two_factor_enabled) return false;
  if (isBackupCode) {
    const backupCode = normaliseBackupCode(code);
    return backupCode !== null && spendBackupCode(env.db, env.codes, account.id, backupCode, env.config.demo);
  }
  if (account.two_factor_method === 'email') {
    const emailCode = normaliseEmailCode(code);
    return emailCode !== null && spendEmailCode(env.db, env.codes, account.id, 'sign_in', emailCode);
  }
  const secret = openTotpSecret(env, account.two_factor_secret, { userId: account.id, record: 'users.two_factor_secret' });
  if (!secret) return false;
  const check = await checkTotp(secret, code, await lastTotpStep(env.db, account.id));
  return check.valid && claimTotpStep(env.db, account.id, check.timeStep);
}

export async function twoFactorStatus(env: AuthEnvironment, account: AccountCredentials) {
  return {
    enabled: account.two_factor_enabled,
    method: account.two_factor_enabled ? account.two_factor_method : null,
    backup_codes_remaining: account.two_factor_enabled ? await countBackupCodesLeft(env.db, account.id) : 0,
    required_by_policy: await twoFactorRequiredByPolicy(env.db),
  };
}

export async function turnOffTwoFactor(env: AuthEnvironment, account: AccountCredentials, ip: string): Promise<void> {
  if (!account.two_factor_enabled) throw twoFactorError(TWO_FACTOR_MESSAGES.notEnabled, ERROR_CODES.twoFactorNotEnabled);
  await env.db.transaction().execute(async (trx) => {
    await disableTwoFactor(trx, account.id);
    await recordAuthEvent(trx, { action: 'auth.two_factor_disabled', actorId: account.id, userId: account.id, ip });
  });
}

export async function renewBackupCodes(env: AuthEnvironment, account: AccountCredentials, ip: string): Promise<string[]> {
  if (!account.two_factor_enabled) throw twoFactorError(TWO_FACTOR_MESSAGES.notEnabled, ERROR_CODES.twoFactorNotEnabled);
  const backupCodes = createBackupCodes();
  await env.db.transaction().execute(async (trx) => {
    await replaceBackupCodes(trx, env.codes, account.id, backupCodes);
    await recordAuthEvent(trx, { action: 'auth.backup_codes_regenerated', actorId: account.id, userId: account.id, ip });
  });
  return backupCodes;
}
