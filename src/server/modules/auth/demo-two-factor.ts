import { createHash } from 'node:crypto';
import type { AppDatabase } from '../../db/database';
import { authDatabase } from './auth-database';

// Demo mode only: `naric.admin` signs in with TOTP. Its secret and backup codes are published
// here (README, e2e tests) so anyone trying the product can compute a code, e.g.
//   npx tsx -e "import('otplib').then(async o => console.log(await o.generate({ secret: 'NARICDEMOTWOFACTORSECRETKEY23456' })))"
// Because they are public, the account stores markers that point here instead of sealed values,
// and the auth module honours those markers only while the server runs in demo mode.

export const DEMO_TWO_FACTOR_USERNAME = 'naric.admin';
export const DEMO_TOTP_SECRET = 'NARICDEMOTWOFACTORSECRETKEY23456';
export const DEMO_BACKUP_CODES: readonly string[] = [
  'demo-2601',
  'demo-2602',
  'demo-2603',
  'demo-2604',
  'demo-2605',
  'demo-2606',
  'demo-2607',
  'demo-2608',
  'demo-2609',
  'demo-2610',
];

/** Stored in users.two_factor_secret in place of a sealed secret. */
export const DEMO_TOTP_SECRET_MARKER = 'demo:totp-secret';
const DEMO_CODE_HASH_PREFIX = 'demo:';

export function demoBackupCodeHash(code: string): string {
  return DEMO_CODE_HASH_PREFIX + createHash('sha256').update(code).digest('hex');
}

/**
 * Called by the seed in demo mode. Only an untouched demo account (never signed in, no 2FA yet)
 * is changed, so a person who turned 2FA off while trying the product keeps it off.
 */
export async function seedDemoTwoFactor(db: AppDatabase): Promise<boolean> {
  const auth = authDatabase(db);
  const user = await auth
    .selectFrom('users')
    .select(['id', 'two_factor_enabled', 'last_login'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', DEMO_TWO_FACTOR_USERNAME))
    .executeTakeFirst();
  if (!user || user.two_factor_enabled || user.last_login) return false;
  const codes = await auth.selectFrom('two_factor_backup_codes').select('id').where('user_id', '=', user.id).executeTakeFirst();
  if (codes) return false;
  await auth
    .updateTable('users')
    .set((eb) => ({
      two_factor_enabled: true,
      two_factor_method: 'totp',
      two_factor_secret: DEMO_TOTP_SECRET_MARKER,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', user.id)
    .execute();
  await auth
    .insertInto('two_factor_backup_codes')
    .values(DEMO_BACKUP_CODES.map((code) => ({ user_id: user.id, code_hash: demoBackupCodeHash(code) })))
    .execute();
  return true;
}
