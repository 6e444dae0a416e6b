import type { z } from 'zod';
import type {
  LoginRequest,
  SignedInAnswer,
  TwoFactorMethod,
  TwoFactorSetupAnswer,
  TwoFactorSetupRequiredAnswer,
  User,
  changePasswordRequest,
  twoFactorVerifyRequest,
} from '../../../shared/api/auth';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { ERROR_CODES } from '../../../shared/errors';
import { loadUserObject, signAccessToken } from '../../auth-context';
import { ApiError, fieldError, permissionDenied, tokenNotValid } from '../../errors';
import {
  findAccountById,
  findAccountByLogin,
  recordLastLogin,
  savePasswordHash,
  twoFactorRequiredByPolicy,
  type AccountCredentials,
} from './accounts';
import { recordAuthEvent } from './audit';
import type { AuthEnvironment } from './auth-environment';
import { rehearseDirectorySignIn } from './directory/directory-client';
import { checkDirectoryPassword, directoryFor } from './directory/directory-sign-in';
import {
  TWO_FACTOR_MESSAGES,
  accountDisabled,
  backOfficeDenied,
  invalidCredentials,
  sessionTimedOut,
  temporaryPasswordExpired,
  twoFactorError,
} from './auth-errors';
import { SESSION_TIMED_OUT, type SessionLimits } from './refresh-token-rules';
import { revokeAllOfUser, revokeFamily, revokeFamilyOf, rotateRefreshToken, startRefreshFamily } from './refresh-tokens';
import { closeChallenges, findChallenge, openChallenge, spendChallenge, type ChallengeKind, type OpenChallenge } from './sign-in-challenges';
import { mayUseBackOffice } from './staff-access';
import { checkSecondFactor, confirmSetup, sendEmailCode, startSetup } from './two-factor-service';

// The sign-in flow of spec §7: password step, then (when the account has one) the second factor
// or its set-up, then a token pair; plus refresh, logout and password change.

export type LoginOutcome =
  | { status: 200; body: SignedInAnswer }
  | { status: 202; body: { requires_2fa: true; two_factor_method: TwoFactorMethod; username: string; challenge: string } }
  | { status: 202; body: TwoFactorSetupRequiredAnswer };

export const SEND_OTP_MESSAGE = 'If a sign-in is waiting for an e-mailed code, a new code has been sent.';

/** Token and session lifetimes as the system settings say now (a change counts from the next refresh). */
async function tokenLifetimes(env: AuthEnvironment) {
  const { security } = await env.settings();
  const idleMs = security.session_idle_timeout_minutes * 60_000;
  const session: SessionLimits = {
    refreshMs: security.refresh_token_lifetime_days * 24 * 60 * 60 * 1000,
    idleMs,
    absoluteMs: security.session_absolute_lifetime_hours * 60 * 60 * 1000,
  };
  // Idle time counts from the last refresh: an access token outliving the idle timeout would let
  // a session in constant use look idle, so none does.
  const accessTokenTtlSeconds = Math.min(security.access_token_lifetime_seconds, idleMs / 1000);
  return { access: { jwtSecret: env.config.jwtSecret, accessTokenTtlSeconds }, session };
}

async function activeUserObject(env: AuthEnvironment, userId: number): Promise<User> {
  const user = await loadUserObject(env.db, userId);
  if (!user) throw tokenNotValid();
  if (!user.is_active) throw accountDisabled();
  return user;
}

/** Issues the token pair of a new session (a new refresh-token family), noting where it signed in from. */
export async function signIn(
  env: AuthEnvironment,
  userId: number,
  ip: string,
  how: string,
  userAgent: string | null = null,
): Promise<SignedInAnswer> {
  const now = new Date();
  const lifetimes = await tokenLifetimes(env);
  const { sessionId, refresh } = await startRefreshFamily(env.db, userId, now, { address: ip, userAgent }, lifetimes.session.refreshMs);
  const access = await signAccessToken(lifetimes.access, userId, sessionId);
  await recordLastLogin(env.db, userId, now);
  await recordAuthEvent(env.db, { action: 'auth.login', actorId: userId, userId, ip, details: { how } });
  return { access, refresh, user: await activeUserObject(env, userId) };
}

/** The account's own sign-in rules: a temporary password's expiry, two-factor required of this user. */
async function accountSignInRules(env: AuthEnvironment, userId: number, now: Date = new Date()) {
  const row = await env.db
    .selectFrom('users')
    .select(['must_change_password', 'temporary_password_expires_at', 'two_factor_required'])
    .where('id', '=', userId)
    .executeTakeFirst();
  const expiresAt = row?.temporary_password_expires_at ?? null;
  return {
    temporaryPasswordExpired: row?.must_change_password === true && expiresAt !== null && new Date(expiresAt).getTime() <= now.getTime(),
    twoFactorRequired: row?.two_factor_required === true,
  };
}

async function passwordMatches(env: AuthEnvironment, account: AccountCredentials | null, password: string) {
  if (!account) {
    await env.passwords.verifyAgainstNobody(password);
    return false;
  }
  return env.passwords.verify(account.password_hash, password, () => warnUnreadablePasswordHash(env, account));
}

/** Never passes silently: nobody can sign in with that account's password until it is set again. */
function warnUnreadablePasswordHash(env: AuthEnvironment, account: AccountCredentials): void {
  env.log.warn(
    { user_id: account.id, record: 'users.password_hash' },
    'a stored password hash cannot be read (damaged, or not an Argon2 hash): this account cannot sign in with a password until one is set again',
  );
}

/**
 * The password step of a local account (or of nobody, without a directory): one Argon2
 * verification, and with a directory configured the directory's conversation of a refused sign-in
 * alongside, as a directory account's step has both (directory-sign-in.ts). Every refusal then
 * costs the same, so its time does not say which kind of account, if any, the login names.
 */
async function checkLocalPassword(env: AuthEnvironment, found: AccountCredentials | null, login: string, password: string) {
  const directory = env.config.directory;
  const [matches] = await Promise.all([passwordMatches(env, found, password), directory ? rehearseDirectorySignIn(directory, login) : undefined]);
  return matches ? found : null;
}

export async function login(env: AuthEnvironment, request: LoginRequest, ip: string, userAgent: string | null = null): Promise<LoginOutcome> {
  const subject = { account: request.username, address: ip };
  await env.throttle.assertAllowed('login', subject);
  const found = await findAccountByLogin(env.db, request.username);
  // Directory users' passwords are the directory's to check (directory/directory-sign-in.ts).
  const directory = directoryFor(env.config.directory, found);
  const account = directory
    ? await checkDirectoryPassword(env, directory, request.username, request.password, ip)
    : await checkLocalPassword(env, found, request.username, request.password);
  if (!account) {
    await env.throttle.recordFailure('login', subject);
    await recordAuthEvent(env.db, {
      action: 'auth.login_failed',
      actorId: null,
      userId: found?.id ?? null,
      ip,
      details: { username: request.username.slice(0, 150), ...(directory ? { how: 'directory' } : {}) },
    });
    throw invalidCredentials();
  }
  // Only someone who knows the password learns that the account is disabled or not for here.
  if (!account.is_active) throw accountDisabled();
  const user = await activeUserObject(env, account.id);
  if (!mayUseBackOffice(user)) throw backOfficeDenied();
  const rules = await accountSignInRules(env, account.id);
  if (rules.temporaryPasswordExpired) {
    // Said only to someone who typed the temporary password: anyone else met 'Invalid credentials' above.
    await recordAuthEvent(env.db, {
      action: 'auth.login_failed',
      actorId: null,
      userId: account.id,
      ip,
      details: { username: request.username.slice(0, 150), reason: 'temporary_password_expired' },
    });
    throw temporaryPasswordExpired();
  }
  await env.throttle.clearPair('login', subject);

  if (account.two_factor_enabled) {
    // An account marked 2FA-enabled never signs in on its password alone, whatever its method says.
    const method = account.two_factor_method ?? 'totp';
    const challenge = await openChallenge(env.db, account.id, 'two_factor', ip);
    if (method === 'email') await sendEmailCode(env, account, 'sign_in');
    return {
      status: HTTP_STATUS.accepted,
      body: { requires_2fa: true, two_factor_method: method, username: account.username, challenge },
    };
  }
  if (rules.twoFactorRequired || (await twoFactorRequiredByPolicy(env.db))) {
    return { status: HTTP_STATUS.accepted, body: await setupRequired(env, account.id, ip) };
  }
  return { status: HTTP_STATUS.ok, body: await signIn(env, account.id, ip, directory ? 'directory' : 'password', userAgent) };
}

export async function verifySecondFactor(
  env: AuthEnvironment,
  request: z.output<typeof twoFactorVerifyRequest>,
  ip: string,
  userAgent: string | null = null,
): Promise<SignedInAnswer> {
  const subject = { account: request.username, address: ip };
  await env.throttle.assertAllowed('two_factor', subject);
  const account = await findAccountByLogin(env.db, request.username);
  const step = account ? await challengeOf(env, account.id, request.challenge, 'two_factor', ip) : null;
  if (!account || !step) {
    await env.throttle.recordFailure('two_factor', subject);
    throw twoFactorError(TWO_FACTOR_MESSAGES.noPendingSignIn);
  }
  if (!(await checkSecondFactor(env, account, request.code, request.is_backup_code))) {
    await env.throttle.recordFailure('two_factor', subject);
    throw twoFactorError(TWO_FACTOR_MESSAGES.invalidCode);
  }
  // A wrong code leaves the step open for the next try; the code that signs in spends it.
  if (!(await spendChallenge(env.db, step))) throw twoFactorError(TWO_FACTOR_MESSAGES.noPendingSignIn);
  await closeChallenges(env.db, account.id, 'two_factor');
  await env.throttle.clearPair('two_factor', subject);
  if (!account.is_active) throw accountDisabled();
  return signIn(env, account.id, ip, request.is_backup_code ? 'backup_code' : account.two_factor_method ?? 'two_factor', userAgent);
}

/** Same answer whatever the username: nobody learns who exists or who is signing in. */
export async function resendSignInCode(env: AuthEnvironment, username: string, challenge: string, ip: string): Promise<void> {
  const subject = { account: username, address: ip };
  // Each request counts, so the endpoint cannot be used to flood someone's mailbox.
  await env.throttle.assertAllowed('send_code', subject);
  await env.throttle.recordFailure('send_code', subject);
  const account = await findAccountByLogin(env.db, username);
  if (!account || !account.is_active || !account.two_factor_enabled || account.two_factor_method !== 'email') return;
  if (!(await challengeOf(env, account.id, challenge, 'two_factor', ip))) return;
  await sendEmailCode(env, account, 'sign_in');
}

/** The open step of this user that `presented` stands for, or null (another user's challenge opens nothing). */
async function challengeOf(env: AuthEnvironment, userId: number, presented: string, kind: ChallengeKind, ip: string) {
  const step = await findChallenge(env.db, presented, kind, ip);
  return step && step.userId === userId ? step : null;
}

/** Opens the "set up 2FA first" step of a sign-in (password step, or a refresh that owes it). */
async function setupRequired(env: AuthEnvironment, userId: number, ip: string): Promise<TwoFactorSetupRequiredAnswer> {
  return { requires_2fa_setup: true, challenge: await openChallenge(env.db, userId, 'two_factor_setup', ip) };
}

/** Throttle subject of set-up calls whose challenge matched no open step: counted against the address. */
const UNKNOWN_SETUP_ACCOUNT = '';

interface SetupInProgress {
  account: AccountCredentials;
  step: OpenChallenge;
  subject: { account: string; address: string };
}

/**
 * The pending "set up 2FA first" sign-in the challenge stands for, or the 403 answer. Throttled
 * per user and per address: a refused challenge counts, and so does every set-up started (each
 * makes a secret or sends an e-mail); a confirmed set-up clears the pair.
 */
async function setupInProgress(env: AuthEnvironment, challenge: string, ip: string): Promise<SetupInProgress> {
  const step = await findChallenge(env.db, challenge, 'two_factor_setup', ip);
  const account = step ? await findAccountById(env.db, step.userId) : null;
  const subject = { account: account?.username ?? UNKNOWN_SETUP_ACCOUNT, address: ip };
  await env.throttle.assertAllowed('two_factor_setup', subject);
  if (!step || !account || !account.is_active) {
    await env.throttle.recordFailure('two_factor_setup', subject);
    throw permissionDenied();
  }
  return { account, step, subject };
}

export async function startSetupDuringSignIn(
  env: AuthEnvironment,
  challenge: string,
  method: TwoFactorMethod,
  ip: string,
): Promise<TwoFactorSetupAnswer> {
  const { account, subject } = await setupInProgress(env, challenge, ip);
  await env.throttle.recordFailure('two_factor_setup', subject);
  return startSetup(env, account, method);
}

/** confirmSetup, with wrong codes counted like wrong sign-in codes (six digits are guessable). */
async function confirmSetupThrottled(env: AuthEnvironment, account: AccountCredentials, code: string, ip: string) {
  const subject = { account: account.username, address: ip };
  await env.throttle.assertAllowed('two_factor', subject);
  try {
    const backupCodes = await confirmSetup(env, account, code, ip);
    await env.throttle.clearPair('two_factor', subject);
    return backupCodes;
  } catch (error) {
    if (error instanceof ApiError && error.code === ERROR_CODES.twoFactorInvalid) {
      await env.throttle.recordFailure('two_factor', subject);
    }
    throw error;
  }
}

export async function confirmSetupDuringSignIn(env: AuthEnvironment, challenge: string, code: string, ip: string, userAgent: string | null = null) {
  const { account, step, subject } = await setupInProgress(env, challenge, ip);
  const backupCodes = await confirmSetupThrottled(env, account, code, ip);
  // Spent once the code is right (a wrong one leaves the step open): of two racing confirmations, one signs in.
  if (!(await spendChallenge(env.db, step))) throw permissionDenied();
  await closeChallenges(env.db, account.id, 'two_factor_setup');
  await env.throttle.clearPair('two_factor_setup', subject);
  return { backupCodes, session: await signIn(env, account.id, ip, 'two_factor_setup', userAgent) };
}

export async function confirmOwnSetup(env: AuthEnvironment, user: User, code: string, ip: string): Promise<string[]> {
  return confirmSetupThrottled(env, await signedInAccount(env, user), code, ip);
}

/**
 * A session whose user must have two-factor sign-in (the staff policy, or the account's own
 * rule, switched on since it signed in) and has none does not go on: it ends here and the
 * client goes through the set-up with a fresh challenge, as after the password step.
 */
async function setupOwedAtRefresh(
  env: AuthEnvironment,
  account: AccountCredentials,
  sessionId: string,
  ip: string,
): Promise<TwoFactorSetupRequiredAnswer | null> {
  if (account.two_factor_enabled) return null;
  const rules = await accountSignInRules(env, account.id);
  if (!rules.twoFactorRequired && !(await twoFactorRequiredByPolicy(env.db))) return null;
  await revokeFamily(env.db, sessionId);
  return setupRequired(env, account.id, ip);
}

export type RefreshOutcome = { access: string; refresh: string } | TwoFactorSetupRequiredAnswer;

export async function refreshSession(env: AuthEnvironment, presented: string, ip: string): Promise<RefreshOutcome> {
  const lifetimes = await tokenLifetimes(env);
  const outcome = await rotateRefreshToken(env.db, presented, new Date(), lifetimes.session);
  if (outcome.verdict === 'reused' && outcome.userId !== null) {
    env.log.warn({ user_id: outcome.userId, family_id: outcome.familyId }, 'refresh token reused: its family is revoked');
    await recordAuthEvent(env.db, {
      action: 'auth.refresh_token_reused',
      actorId: null,
      userId: outcome.userId,
      ip,
      details: { family_id: outcome.familyId },
    });
  }
  if (outcome.verdict !== 'rotated') throw SESSION_TIMED_OUT.has(outcome.verdict) ? sessionTimedOut() : tokenNotValid();
  const account = await findAccountById(env.db, outcome.userId);
  const user = account?.is_active ? await loadUserObject(env.db, outcome.userId) : null;
  if (!account || !user || !mayUseBackOffice(user)) {
    // Disabled (or no longer allowed here) since signing in: the session ends now.
    await revokeFamily(env.db, outcome.familyId);
    throw account && !account.is_active ? accountDisabled() : tokenNotValid();
  }
  const setupOwed = await setupOwedAtRefresh(env, account, outcome.familyId, ip);
  if (setupOwed) return setupOwed;
  return { access: await signAccessToken(lifetimes.access, outcome.userId, outcome.familyId), refresh: outcome.token };
}

export async function logout(env: AuthEnvironment, presented: string, ip: string): Promise<void> {
  const userId = await revokeFamilyOf(env.db, presented);
  if (userId !== null) await recordAuthEvent(env.db, { action: 'auth.logout', actorId: userId, userId, ip });
}

/** A password check inside a signed-in session (2FA settings, password change), throttled like a login. */
export async function assertPassword(
  env: AuthEnvironment,
  account: AccountCredentials,
  password: string,
  ip: string,
  wrongPassword: () => Error,
): Promise<void> {
  const subject = { account: account.username, address: ip };
  await env.throttle.assertAllowed('password_check', subject);
  if (!(await env.passwords.verify(account.password_hash, password, () => warnUnreadablePasswordHash(env, account)))) {
    await env.throttle.recordFailure('password_check', subject);
    throw wrongPassword();
  }
  await env.throttle.clearPair('password_check', subject);
}

export async function signedInAccount(env: AuthEnvironment, user: User): Promise<AccountCredentials> {
  const account = await findAccountById(env.db, user.id);
  if (!account) throw tokenNotValid();
  return account;
}

/** Every other session of the user ends; the caller gets a fresh pair for this one. */
export async function changePassword(
  env: AuthEnvironment,
  user: User,
  request: z.output<typeof changePasswordRequest>,
  ip: string,
  userAgent: string | null = null,
): Promise<{ access: string; refresh: string }> {
  const account = await signedInAccount(env, user);
  if (account.auth_source === 'ldap') {
    throw fieldError('current_password', 'password_directory_account');
  }
  await assertPassword(env, account, request.current_password, ip, () =>
    fieldError('current_password', 'password_current_wrong'),
  );
  if (request.new_password === request.current_password) {
    throw fieldError('new_password', 'password_unchanged');
  }
  const passwordHash = await env.passwords.hash(request.new_password);
  const now = new Date();
  await savePasswordHash(env.db, account.id, passwordHash);
  // A temporary password, once replaced by the person's own, is spent: the forced change is over.
  await env.db
    .updateTable('users')
    .set({ must_change_password: false, temporary_password_expires_at: null, updated_at: now })
    .where('id', '=', account.id)
    .execute();
  await revokeAllOfUser(env.db, account.id, now);
  await recordAuthEvent(env.db, { action: 'auth.password_changed', actorId: account.id, userId: account.id, ip });
  const lifetimes = await tokenLifetimes(env);
  const { sessionId, refresh } = await startRefreshFamily(env.db, account.id, now, { address: ip, userAgent }, lifetimes.session.refreshMs);
  return { access: await signAccessToken(lifetimes.access, account.id, sessionId), refresh };
}
