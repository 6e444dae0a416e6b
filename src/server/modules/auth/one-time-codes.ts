import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';

// Short codes (e-mailed sign-in codes, backup codes) are stored as keyed hashes: a leaked table
// is useless without the server secret, and a 6-digit code is too small a space for a plain hash.

export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
export const BACKUP_CODE_COUNT = 10;

const BACKUP_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function createEmailCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Ten codes `xxxx-xxxx` from an alphabet without look-alike characters (no 0/o, 1/l/i). */
export function createBackupCodes(count: number = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let raw = '';
    for (let i = 0; i < 8; i += 1) raw += BACKUP_ALPHABET[randomInt(0, BACKUP_ALPHABET.length)];
    codes.add(`${raw.slice(0, 4)}-${raw.slice(4)}`);
  }
  return [...codes];
}

/** People type backup codes with or without the dash, in either case, with stray spaces. */
export function normaliseBackupCode(input: string): string | null {
  const compact = input.toLowerCase().replace(/[\s-]+/g, '');
  if (!/^[a-z0-9]{8}$/.test(compact)) return null;
  return `${compact.slice(0, 4)}-${compact.slice(4)}`;
}

export function normaliseEmailCode(input: string): string | null {
  const compact = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(compact) ? compact : null;
}

export interface CodeHasher {
  hash(purpose: string, code: string): string;
  matches(purpose: string, code: string, storedHash: string): boolean;
}

export function createCodeHasher(serverSecret: string): CodeHasher {
  // A key of its own, so nothing hashed here could ever pass for a token signature.
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'naric-code-hasher', 'naric/one-time-codes/hmac-sha256', 32));
  const hash = (purpose: string, code: string) => createHmac('sha256', key).update(`${purpose}\n${code}`).digest('hex');
  return {
    hash,
    matches(purpose, code, storedHash) {
      const expected = Buffer.from(hash(purpose, code), 'hex');
      const stored = Buffer.from(storedHash, 'hex');
      return expected.length === stored.length && timingSafeEqual(expected, stored);
    },
  };
}
