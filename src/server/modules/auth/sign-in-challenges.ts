import { createHash, randomBytes } from 'node:crypto';
import type { AuthDatabase } from './auth-database';

// A sign-in that passed the password step and still owes a second factor (kind `two_factor`),
// or must first set one up (kind `two_factor_setup`). The password step hands the client a random
// challenge; every later call of that sign-in must present it. A user id or a username is no
// proof of anything (anyone can know or guess them), so the challenge is what opens the step. It
// is bound to its user, its kind and the client address that passed the password check, is
// spent by the call that signs in, and expires after ten minutes. Only its sha256 is stored.

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export type ChallengeKind = 'two_factor' | 'two_factor_setup';

export function hashChallenge(challenge: string): string {
  return createHash('sha256').update(challenge, 'utf8').digest('hex');
}

/** Opens a step and returns its challenge, the only copy of which goes to the client. */
export async function openChallenge(
  db: AuthDatabase,
  userId: number,
  kind: ChallengeKind,
  clientAddress: string,
  now: Date = new Date(),
): Promise<string> {
  // One pending step per user and kind: a new password step replaces the old one.
  await closeChallenges(db, userId, kind, now);
  const challenge = randomBytes(32).toString('base64url');
  await db
    .insertInto('auth_challenges')
    .values({
      user_id: userId,
      kind,
      client_address: clientAddress,
      challenge_hash: hashChallenge(challenge),
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .execute();
  return challenge;
}

export interface OpenChallenge {
  id: number;
  userId: number;
}

/** The open step `presented` stands for, when it is of this kind, from this address and not spent or expired. */
export async function findChallenge(
  db: AuthDatabase,
  presented: string,
  kind: ChallengeKind,
  clientAddress: string,
  now: Date = new Date(),
): Promise<OpenChallenge | null> {
  const row = await db
    .selectFrom('auth_challenges')
    .select(['id', 'user_id'])
    .where('challenge_hash', '=', hashChallenge(presented))
    .where('kind', '=', kind)
    .where('client_address', '=', clientAddress)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { id: row.id, userId: row.user_id } : null;
}

/**
 * Spends the step; false when another request spent it first (two racing calls with the same
 * challenge: only one signs in).
 */
export async function spendChallenge(db: AuthDatabase, challenge: OpenChallenge, now: Date = new Date()): Promise<boolean> {
  const spent = await db
    .updateTable('auth_challenges')
    .set({ consumed_at: now })
    .where('id', '=', challenge.id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}

export async function closeChallenges(db: AuthDatabase, userId: number, kind: ChallengeKind, now: Date = new Date()) {
  await db
    .updateTable('auth_challenges')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('consumed_at', 'is', null)
    .execute();
  // Finished or expired steps are of no further use.
  await db
    .deleteFrom('auth_challenges')
    .where('user_id', '=', userId)
    .where('expires_at', '<', new Date(now.getTime() - CHALLENGE_TTL_MS))
    .execute();
}
