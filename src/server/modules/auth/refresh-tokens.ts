import { randomUUID } from 'node:crypto';
import type { AuthDatabase } from './auth-database';
import {
  DEFAULT_SESSION_LIMITS,
  REFRESH_TOKEN_TTL_MS,
  SESSION_TIMED_OUT,
  createRefreshToken,
  hashRefreshToken,
  judgeRefreshToken,
  type RefreshVerdict,
  type SessionLimits,
} from './refresh-token-rules';
import { withoutControlCharacters } from '../../shared/control-characters';

// Refresh tokens are opaque strings; the table keeps only their sha256. Every sign-in starts a
// session (auth_sessions) whose id is the token family; every refresh marks the presented token
// used and issues its successor in that family. Ending the family ends the session, and with it
// the session's access tokens (auth-context.ts checks `sid` on every request). A session also
// ends on its own: idle too long since its last refresh, or older than the absolute lifetime
// counted from its sign-in (auth_sessions.started_at, which rotation never moves).

export interface StartedSession {
  sessionId: string;
  refresh: string;
}

/** Where a session signed in from, shown to administrators with each open session. */
export interface SessionClient {
  address: string | null;
  /** The User-Agent header as sent; stored bounded and without control characters. */
  userAgent?: string | null;
}

export const USER_AGENT_MAX = 300;

/** A client-chosen header made fit to store and show: no control characters, bounded, null when empty. */
export function storedUserAgent(header: string | null | undefined): string | null {
  if (!header) return null;
  const text = withoutControlCharacters(header).trim();
  return text === '' ? null : Array.from(text).slice(0, USER_AGENT_MAX).join('');
}

export async function startRefreshFamily(
  db: AuthDatabase,
  userId: number,
  now: Date = new Date(),
  client: SessionClient = { address: null },
  /** How long the refresh token lives (the system settings' lifetime; 14 days by default). */
  lifetimeMs: number = REFRESH_TOKEN_TTL_MS,
): Promise<StartedSession> {
  // An expired token can only ever be refused; this user's are dropped as a new session starts,
  // with the sessions left without a live token (their access tokens expired long before).
  await db.deleteFrom('refresh_tokens').where('user_id', '=', userId).where('expires_at', '<', now).execute();
  await db
    .deleteFrom('auth_sessions')
    .where('user_id', '=', userId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('refresh_tokens').select('refresh_tokens.id').whereRef('refresh_tokens.family_id', '=', 'auth_sessions.id'))),
    )
    .execute();
  const sessionId = randomUUID();
  await db
    .insertInto('auth_sessions')
    .values({
      id: sessionId,
      user_id: userId,
      started_at: now,
      client_address: client.address?.slice(0, 64) ?? null,
      user_agent: storedUserAgent(client.userAgent),
    })
    .execute();
  const issued = await insertToken(db, userId, sessionId, now, lifetimeMs);
  return { sessionId, refresh: issued.token };
}

async function insertToken(db: AuthDatabase, userId: number, familyId: string, now: Date, lifetimeMs: number) {
  const token = createRefreshToken();
  const row = await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: hashRefreshToken(token),
      created_at: now,
      expires_at: new Date(now.getTime() + lifetimeMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

export type RotationOutcome =
  | { verdict: 'rotated'; userId: number; familyId: string; token: string }
  | { verdict: Exclude<RefreshVerdict, 'rotate'>; userId: number | null; familyId: string | null };

/**
 * Spends `presented` and issues its successor. A token presented a second time (even by a
 * request racing the first) revokes its whole family. A session past its idle timeout or its
 * absolute lifetime (the limits in force now, so a changed setting applies to open sessions at
 * once) is ended rather than rotated.
 */
export async function rotateRefreshToken(
  db: AuthDatabase,
  presented: string,
  now: Date = new Date(),
  limits: SessionLimits = DEFAULT_SESSION_LIMITS,
): Promise<RotationOutcome> {
  const stored = await db
    .selectFrom('refresh_tokens')
    .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.family_id')
    .select([
      'refresh_tokens.id',
      'refresh_tokens.user_id',
      'refresh_tokens.family_id',
      'refresh_tokens.expires_at',
      'refresh_tokens.used_at',
      'refresh_tokens.revoked_at',
      'auth_sessions.started_at as session_started_at',
      'auth_sessions.last_seen_at as session_last_seen_at',
    ])
    .where('refresh_tokens.token_hash', '=', hashRefreshToken(presented))
    .executeTakeFirst();
  const verdict = judgeRefreshToken(stored, now, limits);
  if (!stored) return { verdict: 'unknown', userId: null, familyId: null };
  // Reuse ends the family (theft); a timed-out session ends so that its access tokens stop now
  // and administrators no longer list it as open.
  if (verdict === 'reused' || SESSION_TIMED_OUT.has(verdict)) {
    await revokeFamily(db, stored.family_id, now);
    return { verdict: verdict as Exclude<RefreshVerdict, 'rotate'>, userId: stored.user_id, familyId: stored.family_id };
  }
  if (verdict !== 'rotate') return { verdict, userId: stored.user_id, familyId: stored.family_id };

  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', stored.id)
      .where('used_at', 'is', null)
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!spent) {
      await revokeFamily(trx, stored.family_id, now);
      return { verdict: 'reused', userId: stored.user_id, familyId: stored.family_id } as const;
    }
    const successor = await insertToken(trx, stored.user_id, stored.family_id, now, limits.refreshMs);
    await trx.updateTable('refresh_tokens').set({ replaced_by: successor.id }).where('id', '=', stored.id).execute();
    await trx.updateTable('auth_sessions').set({ last_seen_at: now }).where('id', '=', stored.family_id).execute();
    return { verdict: 'rotated', userId: stored.user_id, familyId: stored.family_id, token: successor.token } as const;
  });
}

export async function revokeFamily(db: AuthDatabase, familyId: string, now: Date = new Date()): Promise<void> {
  await db.updateTable('auth_sessions').set({ ended_at: now }).where('id', '=', familyId).where('ended_at', 'is', null).execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Logout: the family of the presented token ends; an unknown token changes nothing. */
export async function revokeFamilyOf(db: AuthDatabase, presented: string, now: Date = new Date()): Promise<number | null> {
  const stored = await db
    .selectFrom('refresh_tokens')
    .select(['user_id', 'family_id'])
    .where('token_hash', '=', hashRefreshToken(presented))
    .executeTakeFirst();
  if (!stored) return null;
  await revokeFamily(db, stored.family_id, now);
  return stored.user_id;
}

export async function revokeAllOfUser(db: AuthDatabase, userId: number, now: Date = new Date()): Promise<void> {
  await db.updateTable('auth_sessions').set({ ended_at: now }).where('user_id', '=', userId).where('ended_at', 'is', null).execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
