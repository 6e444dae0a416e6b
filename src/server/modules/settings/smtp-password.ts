import { sealingKey, sealToText, unsealText } from '../../shared/sealing';

// The mail account's password is write-only: the API never answers it, and the table holds it
// sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's JWT secret, so a
// copy of the database alone does not reveal it. A new JWT secret makes the stored password
// unreadable: an administrator then types it again.

const INFO = 'naric settings: smtp password';

const keyOf = (secret: string) => sealingKey(secret, 'naric-system-settings', INFO);

export function sealSmtpPassword(secret: string, password: string): string {
  return sealToText(keyOf(secret), password);
}

/** The password, or null when it was sealed under another secret (or tampered with). */
export function openSmtpPassword(secret: string, sealed: string): string | null {
  return unsealText(keyOf(secret), sealed);
}
