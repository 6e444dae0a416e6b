import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// The mail account's password is write-only: the API never answers it, and the table holds it
// sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's JWT secret, so a
// copy of the database alone does not reveal it. A new JWT secret makes the stored password
// unreadable: an administrator then types it again.

const INFO = 'naric settings: smtp password';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'naric-system-settings', INFO, 32));
}

/** iv ‖ tag ‖ ciphertext, base64url. */
export function sealSmtpPassword(secret: string, password: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The password, or null when it was sealed under another secret (or tampered with). */
export function openSmtpPassword(secret: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
