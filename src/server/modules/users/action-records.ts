import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { noticeRow } from '../../notices/queue-notice';
import { recordAudit } from '../../shared/audit';

// What the single and bulk actions write besides the users row: audit entries (many at once for a
// bulk action), the sessions they end and the notifications they queue. Written here rather than
// borrowed from the auth module (server modules keep their own queries); the auth tables are
// named in SQL because their Kysely types belong to that module.

type Db = Kysely<Database>;

/** Who acted: the administrator and the address the request came from. */
export interface ActionActor {
  id: number;
  ip: string | null;
}

export interface ActionAuditEntry {
  /** 'user.password_reset', 'user.sessions_revoked', 'user.deactivated', … */
  action: string;
  userId: number;
  /** Never a secret: the fields before and after, a reason, a count. */
  details: Record<string, unknown>;
}

/** The audit entries of one request, in the caller's transaction (entity 'user', one per user). */
export async function recordActions(db: Db, actor: ActionActor, entries: readonly ActionAuditEntry[]): Promise<void> {
  await recordAudit(
    db,
    entries.map((entry) => ({ actorId: actor.id, action: entry.action, entityType: 'user', entityId: entry.userId, details: entry.details, ip: actor.ip })),
  );
}

/**
 * Ends every open session of the users (their refresh tokens are revoked with them, and
 * auth-context refuses the sessions' access tokens from the next request). Answers how many
 * sessions each user had open.
 */
export async function endSessionsOf(db: Db, userIds: readonly number[], now: Date): Promise<Map<number, number>> {
  const ended = new Map<number, number>();
  if (userIds.length === 0) return ended;
  const ids = sql.val([...userIds]);
  const rows = await sql<{ user_id: number; ended: string | number }>`
    with closed as (
      update auth_sessions set ended_at = ${now}
      where user_id = any(${ids}::int[]) and ended_at is null
      returning user_id)
    select user_id, count(*) as ended from closed group by user_id`.execute(db);
  await sql`update refresh_tokens set revoked_at = ${now} where user_id = any(${ids}::int[]) and revoked_at is null`.execute(db);
  for (const row of rows.rows) ended.set(row.user_id, Number(row.ended));
  return ended;
}

/** Ends one open session of the user; false when it is not open or not theirs. */
export async function endSession(db: Db, userId: number, sessionId: string, now: Date): Promise<boolean> {
  const closed = await sql<{ id: string }>`
    update auth_sessions set ended_at = ${now}
    where id = ${sessionId} and user_id = ${userId} and ended_at is null
    returning id`.execute(db);
  if (closed.rows.length === 0) return false;
  await sql`update refresh_tokens set revoked_at = ${now} where family_id = ${sessionId} and revoked_at is null`.execute(db);
  return true;
}

/** Takes away a user's two-factor method: the secret, the backup codes and any set-up or code under way. */
export async function removeTwoFactor(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ two_factor_enabled: false, two_factor_method: null, two_factor_secret: null, version: eb('version', '+', 1), updated_at: now }))
    .where('id', '=', userId)
    .execute();
  await sql`delete from two_factor_backup_codes where user_id = ${userId}`.execute(db);
  await sql`delete from two_factor_enrolments where user_id = ${userId}`.execute(db);
  await sql`delete from two_factor_email_codes where user_id = ${userId}`.execute(db);
  await sql`delete from two_factor_totp_steps where user_id = ${userId}`.execute(db);
}

export interface QueuedNotification {
  userId: number;
  email: string;
  kind: 'email' | 'system';
  subject: string;
  message: string;
  /** The administrator who wrote it. */
  senderId?: number | null;
}

/** Rows per INSERT: 5,000 notifications in a handful of statements, each well under PostgreSQL's 65,535 parameters. */
const NOTIFICATION_BATCH = 1000;

/**
 * Queues notifications in the outbox as staff messages (free text, event staff_message): an
 * e-mail goes to the address (the outbox worker delivers it); a 'system' one is in the user's
 * in-app bell at once.
 */
export async function queueNotifications(db: Db, notifications: readonly QueuedNotification[]): Promise<number> {
  for (let start = 0; start < notifications.length; start += NOTIFICATION_BATCH) {
    const batch = notifications.slice(start, start + NOTIFICATION_BATCH);
    const languages = new Map(
      (await db.selectFrom('users').select(['id', 'preferred_language']).where('id', 'in', [...new Set(batch.map((notification) => notification.userId))]).execute()).map(
        (user) => [user.id, user.preferred_language],
      ),
    );
    await db
      .insertInto('notification_outbox')
      .values(
        batch.map((notification) =>
          noticeRow({
            event: 'staff_message',
            language: languages.get(notification.userId) ?? 'en',
            recipient: { email: notification.email, userId: notification.userId },
            text: { subject: notification.subject, message: notification.message },
            kind: notification.kind,
            senderId: notification.senderId ?? null,
          }),
        ),
      )
      .execute();
  }
  return notifications.length;
}
