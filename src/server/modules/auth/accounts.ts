import { sql } from 'kysely';
import type { TwoFactorMethod } from '../../../shared/api/auth';
import type { AuthDatabase } from './auth-database';

// What the sign-in needs to know of an account, including what the API's user object never shows.

export const REQUIRE_2FA_SETTING = 'security.require_2fa_for_staff';

export interface AccountCredentials {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  is_active: boolean;
  auth_source: string;
  two_factor_enabled: boolean;
  two_factor_method: TwoFactorMethod | null;
  two_factor_secret: string | null;
}

const CREDENTIAL_COLUMNS = [
  'id',
  'username',
  'email',
  'password_hash',
  'is_active',
  'auth_source',
  'two_factor_enabled',
  'two_factor_method',
  'two_factor_secret',
] as const;

/** By username or e-mail, case-insensitively; a username match wins over another account's e-mail. */
export async function findAccountByLogin(db: AuthDatabase, login: string): Promise<AccountCredentials | null> {
  const wanted = login.trim().toLowerCase();
  const row = await db
    .selectFrom('users')
    .select(CREDENTIAL_COLUMNS)
    .where((eb) => eb.or([eb(eb.fn('lower', ['username']), '=', wanted), eb(eb.fn('lower', ['email']), '=', wanted)]))
    .orderBy(sql`lower(username) = ${wanted}`, 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

export async function findAccountById(db: AuthDatabase, id: number): Promise<AccountCredentials | null> {
  const row = await db.selectFrom('users').select(CREDENTIAL_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

export async function twoFactorRequiredByPolicy(db: AuthDatabase): Promise<boolean> {
  const row = await db.selectFrom('system_settings').select('value').where('key', '=', REQUIRE_2FA_SETTING).executeTakeFirst();
  return row?.value === true;
}

export async function recordLastLogin(db: AuthDatabase, userId: number, now: Date = new Date()): Promise<void> {
  await db.updateTable('users').set({ last_login: now }).where('id', '=', userId).execute();
}

export async function savePasswordHash(db: AuthDatabase, userId: number, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, version: eb('version', '+', 1) }))
    .where('id', '=', userId)
    .execute();
}
