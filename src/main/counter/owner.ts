import { createHash } from 'node:crypto';

// Drafts and kept files are indexed under an opaque owner id, never a user id or a name: a
// hash of which server the user belongs to and who they are. The browser shell computes the
// same id with crypto.subtle (renderer/platform/browser-counter.ts).

/** Hex characters of the sha256 kept: 128 bits, far beyond any chance of two users meeting. */
export const OWNER_HEX_LENGTH = 32;

/** The embedded server listens on a new port each start: its users are one server all the same. */
export const EMBEDDED_SERVER_IDENTITY = 'embedded';

/** The server part of an owner: the configured server's origin, or the embedded one's fixed name. */
export function serverIdentity(configuredUrl: string | null): string {
  if (!configuredUrl) return EMBEDDED_SERVER_IDENTITY;
  try {
    return new URL(configuredUrl).origin;
  } catch {
    return configuredUrl;
  }
}

export function draftOwner(server: string, userId: number): string {
  return createHash('sha256').update(`${server}|${userId}`, 'utf8').digest('hex').slice(0, OWNER_HEX_LENGTH);
}
