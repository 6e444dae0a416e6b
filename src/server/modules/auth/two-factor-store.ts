import type { TwoFactorMethod } from '../../../shared/api/auth';
import type { AuthDatabase } from './auth-database';
import { demoBackupCodeHash } from './demo-two-factor';
import { EMAIL_CODE_TTL_MS, type CodeHasher } from './one-time-codes';

// The SQL of two-factor authentication: set-ups in progress, e-mailed codes, backup codes and
// the last TOTP step, plus the user's own 2FA columns.

export const ENROLMENT_TTL_MS = 10 * 60 * 1000;

export type EmailCodePurpose = 'sign_in' | 'setup';

export interface Enrolment {
  method: TwoFactorMethod;
  sealed_secret: string | null;
}

export async function saveEnrolment(
  db: AuthDatabase,
  userId: number,
  enrolment: Enrolment,
  now: Date = new Date(),
): Promise<void> {
  const values = {
    method: enrolment.method,
    sealed_secret: enrolment.sealed_secret,
    created_at: now,
    expires_at: new Date(now.getTime() + ENROLMENT_TTL_MS),
  };
  await db
    .insertInto('two_factor_enrolments')
    .values({ user_id: userId, ...values })
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        method: values.method,
        sealed_secret: values.sealed_secret,
        expires_at: values.expires_at,
      }),
    )
    .execute();
}

export async function findEnrolment(db: AuthDatabase, userId: number, now: Date = new Date()): Promise<Enrolment | null> {
  const row = await db
    .selectFrom('two_factor_enrolments')
    .select(['method', 'sealed_secret'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { method: row.method as TwoFactorMethod, sealed_secret: row.sealed_secret } : null;
}

/** Stores a fresh code for `purpose`; earlier unused ones stop working (only the latest e-mail counts). */
export async function saveEmailCode(
  db: AuthDatabase,
  hasher: CodeHasher,
  userId: number,
  purpose: EmailCodePurpose,
  code: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .updateTable('two_factor_email_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
  await db
    .insertInto('two_factor_email_codes')
    .values({
      user_id: userId,
      purpose,
      code_hash: hasher.hash(`email:${purpose}`, code),
      created_at: now,
      expires_at: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
    })
    .execute();
}

/** True when `code` is a live code for `purpose`; the code is used up in the same step. */
export async function spendEmailCode(
  db: AuthDatabase,
  hasher: CodeHasher,
  userId: number,
  purpose: EmailCodePurpose,
  code: string,
  now: Date = new Date(),
): Promise<boolean> {
  const live = await db
    .selectFrom('two_factor_email_codes')
    .select(['id', 'code_hash'])
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  const match = live.find((row) => hasher.matches(`email:${purpose}`, code, row.code_hash));
  if (!match) return false;
  const spent = await db
    .updateTable('two_factor_email_codes')
    .set({ used_at: now })
    .where('id', '=', match.id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

export async function replaceBackupCodes(
  db: AuthDatabase,
  hasher: CodeHasher,
  userId: number,
  codes: readonly string[],
  now: Date = new Date(),
): Promise<void> {
  await db.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_backup_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hasher.hash('backup', code), created_at: now })))
    .execute();
}

/** Uses up one backup code; demo-mode codes (published hashes) count only while `demo` is on. */
export async function spendBackupCode(
  db: AuthDatabase,
  hasher: CodeHasher,
  userId: number,
  code: string,
  demo: boolean,
  now: Date = new Date(),
): Promise<boolean> {
  const candidates = [hasher.hash('backup', code), ...(demo ? [demoBackupCodeHash(code)] : [])];
  const spent = await db
    .updateTable('two_factor_backup_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', 'in', candidates)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

export async function countBackupCodesLeft(db: AuthDatabase, userId: number): Promise<number> {
  const { left } = await db
    .selectFrom('two_factor_backup_codes')
    .select((eb) => eb.fn.countAll<number>().as('left'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(left);
}

export async function lastTotpStep(db: AuthDatabase, userId: number): Promise<number | null> {
  const row = await db.selectFrom('two_factor_totp_steps').select('last_step').where('user_id', '=', userId).executeTakeFirst();
  return row ? row.last_step : null;
}

/**
 * Records `step` as used. False when the same or a later step was recorded meanwhile (two
 * requests with one code): only one of them may sign in.
 */
export async function claimTotpStep(db: AuthDatabase, userId: number, step: number): Promise<boolean> {
  const claimed = await db
    .insertInto('two_factor_totp_steps')
    .values({ user_id: userId, last_step: step })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ last_step: step })
        .where('two_factor_totp_steps.last_step', '<', step),
    )
    .returning('user_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

export async function enableTwoFactor(
  db: AuthDatabase,
  userId: number,
  method: TwoFactorMethod,
  sealedSecret: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      two_factor_enabled: true,
      two_factor_method: method,
      two_factor_secret: sealedSecret,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('two_factor_enrolments').where('user_id', '=', userId).execute();
}

export async function disableTwoFactor(db: AuthDatabase, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      two_factor_enabled: false,
      two_factor_method: null,
      two_factor_secret: null,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
  await db.deleteFrom('two_factor_backup_codes').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_totp_steps').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_enrolments').where('user_id', '=', userId).execute();
  await db.deleteFrom('two_factor_email_codes').where('user_id', '=', userId).execute();
}
