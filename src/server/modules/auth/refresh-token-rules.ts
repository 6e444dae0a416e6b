import { createHash, randomBytes } from 'node:crypto';

export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/**
 * How long a session may go on. A refresh token expires `refreshMs` after it was issued; the
 * session it belongs to also ends `idleMs` after its last refresh (or its sign-in), and
 * `absoluteMs` after its sign-in whatever happened since: rotation never extends that one.
 */
export interface SessionLimits {
  refreshMs: number;
  idleMs: number;
  absoluteMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = { refreshMs: REFRESH_TOKEN_TTL_MS, idleMs: 12 * HOUR_MS, absoluteMs: 7 * 24 * HOUR_MS };

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
  /** The sign-in that started the token's family (auth_sessions.started_at). */
  session_started_at: Date;
  /** The family's last refresh (auth_sessions.last_seen_at); null when never refreshed. */
  session_last_seen_at: Date | null;
}

export type RefreshVerdict = 'rotate' | 'reused' | 'revoked' | 'expired' | 'idle' | 'past_lifetime' | 'unknown';

/** The verdicts that mean the session ran out of time (answered `session_expired`, not `token_not_valid`). */
export const SESSION_TIMED_OUT: ReadonlySet<RefreshVerdict> = new Set(['expired', 'idle', 'past_lifetime']);

/**
 * A used token shown again means two parties hold the same family (one of them stole it):
 * the whole family is revoked so neither can go on. That is judged before any time limit, so a
 * stolen token replayed late still ends its family.
 */
export function judgeRefreshToken(
  stored: StoredRefreshToken | undefined,
  now: Date,
  limits: Pick<SessionLimits, 'idleMs' | 'absoluteMs'> = DEFAULT_SESSION_LIMITS,
): RefreshVerdict {
  if (!stored) return 'unknown';
  if (stored.used_at) return 'reused';
  if (stored.revoked_at) return 'revoked';
  const at = now.getTime();
  if (stored.expires_at.getTime() <= at) return 'expired';
  if (stored.session_started_at.getTime() + limits.absoluteMs <= at) return 'past_lifetime';
  if ((stored.session_last_seen_at ?? stored.session_started_at).getTime() + limits.idleMs <= at) return 'idle';
  return 'rotate';
}
