import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type PasswordDelivery, type notifyRequest } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import type { Database } from '../../db/schema';
import { conflict, notFound, permissionDenied } from '../../errors';
import { endSession, endSessionsOf, queueNotifications, recordActions, removeTwoFactor, type ActionActor } from './action-records';
import { accountRanks } from './user-guards';
import { directoryPasswordRefusal, mayHaveTemporaryPassword, prepareTemporaryPassword, setTemporaryPassword, type TemporaryPasswordAnswer } from './temporary-passwords';

// The single-user actions of spec §2 "Users": reset the password, end the sessions (all, or one),
// turn off two-factor after checking the person's identity, send a notification. Each is one
// transaction with its audit entry, so an action is either done and recorded or neither.

type Db = Kysely<Database>;

export interface ActionContext {
  db: Db;
  actor: ActionActor;
  /** The caller's language: a temporary-password e-mail is written in it. */
  language: Language;
  now?: Date;
}

const TARGET_COLUMNS = ['id', 'username', 'email', 'first_name', 'last_name', 'auth_source', 'is_active', 'two_factor_enabled', 'two_factor_method'] as const;

async function findTarget(db: Db, userId: number) {
  const row = await db.selectFrom('users').select(TARGET_COLUMNS).where('id', '=', userId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/**
 * Refuses what would let the actor sign in as someone above them (user-guards.ts): a superuser's
 * password or two-factor is for a superuser to reset, and an administrator's temporary password
 * is never shown, only e-mailed to the address on their account.
 */
async function checkTakeover(db: Db, actor: ActionActor, userId: number, delivery?: PasswordDelivery): Promise<void> {
  const ranks = await accountRanks(db, actor.id, [userId]);
  if (ranks.outranking.has(userId)) throw permissionDenied('user_superuser_only');
  if (delivery === 'show' && ranks.administrators.has(userId)) throw permissionDenied('user_administrator_password_shown');
}

/** POST reset-password: a new temporary password (e-mailed or shown once), every session ended. */
export async function resetPassword(context: ActionContext, userId: number, delivery: PasswordDelivery): Promise<TemporaryPasswordAnswer> {
  const target = await findTarget(context.db, userId);
  await checkTakeover(context.db, context.actor, userId, delivery);
  if (!mayHaveTemporaryPassword(target)) throw directoryPasswordRefusal();
  // Hashing is slow on purpose: done before the transaction, which then stays short.
  const prepared = await prepareTemporaryPassword();
  const now = context.now ?? new Date();
  return context.db.transaction().execute(async (trx) => {
    const holder = await findTarget(trx, userId);
    // Again inside: the holder's groups may have changed while the password was hashed.
    await checkTakeover(trx, context.actor, userId, delivery);
    const answer = await setTemporaryPassword(trx, holder, prepared, { delivery, language: context.language, now });
    await recordActions(trx, context.actor, [
      { action: 'user.password_reset', userId, details: { delivery, expires_at: answer.expires_at } },
    ]);
    return answer;
  });
}

/** POST sessions/revoke-all: every open session of the user ends now. */
export async function revokeAllSessions(context: ActionContext, userId: number): Promise<{ revoked: number }> {
  const now = context.now ?? new Date();
  return context.db.transaction().execute(async (trx) => {
    await findTarget(trx, userId);
    const revoked = (await endSessionsOf(trx, [userId], now)).get(userId) ?? 0;
    await recordActions(trx, context.actor, [{ action: 'user.sessions_revoked', userId, details: { revoked } }]);
    return { revoked };
  });
}

/** DELETE sessions/{id}: one open session of the user ends; 404 when it is not open or not theirs. */
export async function revokeSession(context: ActionContext, userId: number, sessionId: string): Promise<void> {
  const now = context.now ?? new Date();
  await context.db.transaction().execute(async (trx) => {
    await findTarget(trx, userId);
    if (!(await endSession(trx, userId, sessionId, now))) throw notFound('user_no_such_session');
    await recordActions(trx, context.actor, [{ action: 'user.session_revoked', userId, details: { session_id: sessionId } }]);
  });
}

/**
 * POST two-factor/disable: for a person who lost their authenticator and whose identity the
 * administrator checked (the contract insists on it); the reason is kept in the audit entry.
 */
export async function disableTwoFactor(context: ActionContext, userId: number, reason: string): Promise<void> {
  const now = context.now ?? new Date();
  await context.db.transaction().execute(async (trx) => {
    const target = await trx.selectFrom('users').select(TARGET_COLUMNS).where('id', '=', userId).forUpdate().executeTakeFirst();
    if (!target) throw notFound();
    await checkTakeover(trx, context.actor, userId);
    if (!target.two_factor_enabled) throw conflict('user_two_factor_not_enabled');
    await removeTwoFactor(trx, userId, now);
    await recordActions(trx, context.actor, [
      {
        action: 'user.two_factor_disabled',
        userId,
        details: { identity_checked: true, reason, before: { two_factor_enabled: true, two_factor_method: target.two_factor_method }, after: { two_factor_enabled: false, two_factor_method: null } },
      },
    ]);
  });
}

export type NotifyRequestValue = z.output<typeof notifyRequest>;

/** POST notify: an e-mail through the outbox, or a 'system' notification for the in-app bell. */
export async function notifyUser(context: ActionContext, userId: number, request: NotifyRequestValue): Promise<{ queued: number }> {
  return context.db.transaction().execute(async (trx) => {
    const target = await findTarget(trx, userId);
    // A deactivated account reads nothing: telling its owner something is done another way.
    if (!target.is_active) throw conflict('user_inactive_user');
    const queued = await queueNotifications(trx, [{ userId, email: target.email, kind: request.kind, subject: request.subject, message: request.message, senderId: context.actor.id }]);
    await recordActions(trx, context.actor, [{ action: 'user.notified', userId, details: { kind: request.kind, subject: request.subject } }]);
    return { queued };
  });
}
