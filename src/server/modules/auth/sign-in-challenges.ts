import type { AuthDatabase } from './auth-database';

// A sign-in that passed the password step and still owes a second factor (kind `two_factor`),
// or must first set one up (kind `two_factor_setup`). The later calls name only a username or a
// user id, so the step is bound to the client address that passed the password check and
// expires after ten minutes.

export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export type ChallengeKind = 'two_factor' | 'two_factor_setup';

export async function openChallenge(
  db: AuthDatabase,
  userId: number,
  kind: ChallengeKind,
  clientAddress: string,
  now: Date = new Date(),
): Promise<void> {
  // One pending step per user and kind: a new password step replaces the old one.
  await db
    .updateTable('auth_challenges')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('auth_challenges')
    .values({
      user_id: userId,
      kind,
      client_address: clientAddress,
      created_at: now,
      expires_at: new Date(now.getTime() + CHALLENGE_TTL_MS),
    })
    .execute();
}

export async function hasOpenChallenge(
  db: AuthDatabase,
  userId: number,
  kind: ChallengeKind,
  clientAddress: string,
  now: Date = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('auth_challenges')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('client_address', '=', clientAddress)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row !== undefined;
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
