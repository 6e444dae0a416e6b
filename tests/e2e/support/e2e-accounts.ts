import { createHash } from 'node:crypto';

// The end-to-end tests' own accounts, created in every e2e server's database by
// scripts/e2e-seed.mjs (never by the demo seed). Each test takes the account of its purpose, its
// project and its attempt, so two projects never share a one-time state (a TOTP time step, a
// single-use backup code, a changed password) and a retry starts from an untouched account.

export type E2eShell = 'web' | 'desktop';
export type E2ePurpose = 'totp' | 'setup' | 'enrol' | 'refresh' | 'revoked' | 'password' | 'writer';

export const E2E_PURPOSES: readonly E2ePurpose[] = ['totp', 'setup', 'enrol', 'refresh', 'revoked', 'password', 'writer'];
/** Also given news.view_news and news.change_news, not news.publish_news (no demo group has just these). */
export const NEWS_WRITER_PURPOSE: E2ePurpose = 'writer';
const SHELLS: readonly E2eShell[] = ['web', 'desktop'];
/** The first run and up to two retries. */
const ATTEMPTS = 3;

export const E2E_PASSWORD = 'E2e-account-2026!naric';

export interface E2eAccount {
  username: string;
  firstName: string;
  lastName: string;
  fullName: string;
  /** Base32 TOTP secret of an account that signs in with an authenticator app ('totp'). */
  totpSecret: string | null;
  /** The account must have two-factor sign-in and has none yet: its first sign-in sets it up ('enrol'). */
  twoFactorRequired: boolean;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out;
}

const capitalised = (word: string) => word[0].toUpperCase() + word.slice(1);

export function e2eAccount(purpose: E2ePurpose, shell: E2eShell, attempt: number): E2eAccount {
  if (attempt >= ATTEMPTS) throw new Error(`No e2e account for attempt ${attempt + 1}: scripts/e2e-seed.mjs creates ${ATTEMPTS} per test.`);
  const username = `e2e.${purpose}.${shell}.${attempt}`;
  const lastName = `${capitalised(purpose)} ${capitalised(shell)} ${attempt}`;
  return {
    username,
    firstName: 'E2E',
    lastName,
    fullName: `E2E ${lastName}`,
    // Derived from the username, so the seed script and the tests agree without sharing state.
    totpSecret: purpose === 'totp' ? base32(createHash('sha256').update(`naric-e2e:${username}`).digest().subarray(0, 20)) : null,
    twoFactorRequired: purpose === 'enrol',
  };
}

export function allE2eAccounts(): E2eAccount[] {
  return E2E_PURPOSES.flatMap((purpose) =>
    SHELLS.flatMap((shell) => Array.from({ length: ATTEMPTS }, (_, attempt) => e2eAccount(purpose, shell, attempt))),
  );
}
