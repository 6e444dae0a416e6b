import { createHash, randomBytes } from 'node:crypto';

export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** An opaque, unguessable token; only its hash is stored. */
export function createRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface StoredRefreshToken {
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
}

export type RefreshVerdict = 'rotate' | 'reused' | 'revoked' | 'expired' | 'unknown';

/**
 * A used token shown again means two parties hold the same family (one of them stole it):
 * the whole family is revoked so neither can go on.
 */
export function judgeRefreshToken(stored: StoredRefreshToken | undefined, now: Date): RefreshVerdict {
  if (!stored) return 'unknown';
  if (stored.used_at) return 'reused';
  if (stored.revoked_at) return 'revoked';
  if (stored.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'rotate';
}
