import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets the server must read back (two-factor secrets, the mail account's password) are sealed
// at rest with AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret, so a copy
// of the database alone reveals none of them. Each use derives its own key (its own salt and
// info), so one sealed value cannot be passed off as another. How the parts are written into a
// column is the caller's: the stored formats differ and must stay readable.

const KEY_BYTES = 32;
export const IV_BYTES = 12;
export const TAG_BYTES = 16;

export interface SealedParts {
  iv: Buffer;
  tag: Buffer;
  body: Buffer;
}

/** The AES-256 key of one use of the server's secret. */
export function sealingKey(serverSecret: string, salt: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, salt, info, KEY_BYTES));
}

/** `plain` sealed under `key` with a fresh random IV. */
export function seal(key: Buffer, plain: string): SealedParts {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), body };
}

/** The plain text; throws when the key is another or the parts were altered. */
export function unseal(key: Buffer, parts: SealedParts): string {
  const decipher = createDecipheriv('aes-256-gcm', key, parts.iv);
  decipher.setAuthTag(parts.tag);
  return Buffer.concat([decipher.update(parts.body), decipher.final()]).toString('utf8');
}

/** `plain` sealed under `key`, written as one column: iv ‖ tag ‖ ciphertext, base64url. */
export function sealToText(key: Buffer, plain: string): string {
  const { iv, tag, body } = seal(key, plain);
  return Buffer.concat([iv, tag, body]).toString('base64url');
}

/** What sealToText wrote, or null when it was sealed under another key (a rotated secret) or altered. */
export function unsealText(key: Buffer, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    return unseal(key, { iv: bytes.subarray(0, IV_BYTES), tag: bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES), body: bytes.subarray(IV_BYTES + TAG_BYTES) });
  } catch {
    return null;
  }
}
