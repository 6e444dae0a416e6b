import { IV_BYTES, seal, sealingKey, TAG_BYTES, unseal } from '../../shared/sealing';

// The mail account's password is write-only: the API never answers it, and the table holds it
// sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's JWT secret, so a
// copy of the database alone does not reveal it. A new JWT secret makes the stored password
// unreadable: an administrator then types it again.

const INFO = 'naric settings: smtp password';

const keyOf = (secret: string) => sealingKey(secret, 'naric-system-settings', INFO);

/** iv ‖ tag ‖ ciphertext, base64url. */
export function sealSmtpPassword(secret: string, password: string): string {
  const { iv, tag, body } = seal(keyOf(secret), password);
  return Buffer.concat([iv, tag, body]).toString('base64url');
}

/** The password, or null when it was sealed under another secret (or tampered with). */
export function openSmtpPassword(secret: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    return unseal(keyOf(secret), { iv: bytes.subarray(0, IV_BYTES), tag: bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES), body: bytes.subarray(IV_BYTES + TAG_BYTES) });
  } catch {
    return null;
  }
}
