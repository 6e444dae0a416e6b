import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { NotificationDetail, NotificationListItem, inboxQuery, notificationListFilter } from '../../../shared/api/notifications';
import type { NotificationEvent } from '../../../shared/domain/notification-events';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { containsPattern } from '../../shared/search-pattern';
import { displayNameSql, fullNameSql } from '../../shared/display-name';
import { sortByName } from '../../shared/name-order';

// The outbox read as the notifications list, one message, the staff a sender may write to, and
// one user's in-app messages. What a reader gets is decided in the query (docs/access.md):
// - rows: a reader limited to some applications sees the messages about those, and the ones
//   they sent or received; a reader who sees every application sees every message;
// - subject and text: never those of a confidential message (it carries a secret), and an
//   in-app message's only to its recipient and its sender (staff write to each other there).
//   A withheld subject is not searched either, so a search cannot confirm it.

type Db = Kysely<Database>;
type Filter = z.output<typeof notificationListFilter>;

/** Who reads the outbox: the applications they may see, and who they are. */
export interface OutboxReader {
  scope: ApplicationScope;
  userId: number;
}

const fullName = fullNameSql('recipient');

function baseQuery(db: Db) {
  return db
    .selectFrom('notification_outbox as n')
    .leftJoin('users as recipient', 'recipient.id', 'n.recipient_user_id')
    .leftJoin('applications as application', 'application.id', 'n.application_id');
}

type Base = ReturnType<typeof baseQuery>;
type Eb = ExpressionBuilder<Database & { n: Database['notification_outbox']; recipient: Database['users']; application: Database['applications'] }, 'n' | 'recipient' | 'application'>;

/** The outbox as `reader` may see it: every message, or those about their applications and their own. */
function scopedQuery(db: Db, reader: OutboxReader): Base {
  const base = baseQuery(db);
  const { scope } = reader;
  if (scope.kind === 'all') return base;
  return base.where((eb) =>
    eb.or([
      eb('n.application_id', 'in', db.selectFrom('applications').select('applications.id').where(visibleIn(scope))),
      eb('n.recipient_user_id', '=', reader.userId),
      eb('n.sender_id', '=', reader.userId),
    ]),
  );
}

/** Whether `reader` may see the message at all (the resend checks it before it copies). */
export async function isVisibleMessage(db: Db, reader: OutboxReader, id: number): Promise<boolean> {
  return (await scopedQuery(db, reader).select('n.id').where('n.id', '=', id).executeTakeFirst()) !== undefined;
}

/** An in-app message `reader` neither received nor sent. */
const privateTo = (reader: OutboxReader) =>
  sql<boolean>`(n.kind = 'system' and n.recipient_user_id is distinct from ${reader.userId} and n.sender_id is distinct from ${reader.userId})`;
/** Whether `reader` may read a message's subject and text. */
const textShown = (reader: OutboxReader) => sql<boolean>`(not n.confidential and not ${privateTo(reader)})`;

function filtered(db: Db, filter: Filter, reader: OutboxReader): Base {
  let q = scopedQuery(db, reader);
  if (filter.status) q = q.where('n.status', '=', filter.status);
  if (filter.kind) q = q.where('n.kind', '=', filter.kind);
  if (filter.event) q = q.where('n.event', '=', filter.event);
  if (filter.application_id !== undefined) q = q.where('n.application_id', '=', filter.application_id);
  // Calendar days in Kosovo, as the screen shows the times.
  if (filter.date_from) q = q.where(sql<boolean>`(n.created_at at time zone 'Europe/Belgrade')::date >= ${filter.date_from}::date`);
  if (filter.date_to) q = q.where(sql<boolean>`(n.created_at at time zone 'Europe/Belgrade')::date <= ${filter.date_to}::date`);
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    q = q.where((eb: Eb) =>
      eb.or([
        eb('n.recipient_email', 'ilike', pattern),
        eb.and([eb(textShown(reader), '=', true), eb('n.subject', 'ilike', pattern)]),
        eb(sql<string>`recipient.first_name || ' ' || recipient.last_name`, 'ilike', pattern),
        eb('recipient.username', 'ilike', pattern),
        eb('application.reference', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

const LIST_COLUMNS = [
  'n.id',
  'n.kind',
  'n.status',
  'n.event',
  'n.recipient_email',
  'n.recipient_user_id',
  'n.language',
  'n.application_id',
  'application.reference as application_reference',
  'recipient.username as recipient_username',
  'n.attempts',
  'n.created_at',
  'n.sent_at',
  'n.confidential',
] as const;

interface ListRow {
  id: number;
  kind: 'email' | 'system';
  status: 'pending' | 'sent' | 'failed';
  event: string | null;
  recipient_email: string | null;
  recipient_user_id: number | null;
  recipient_name: string | null;
  recipient_username: string | null;
  subject: string | null;
  language: 'en' | 'sq' | 'sr';
  application_id: number | null;
  application_reference: string | null;
  attempts: number;
  created_at: Date;
  sent_at: Date | null;
  confidential: boolean;
  private: boolean;
}

/** The columns of a list row, the subject only where `reader` may read it. */
const listColumns = (reader: OutboxReader) =>
  [
    ...LIST_COLUMNS,
    fullName.as('recipient_name'),
    sql<string | null>`case when ${textShown(reader)} then n.subject end`.as('subject'),
    privateTo(reader).as('private'),
  ] as const;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function listItem(row: ListRow): NotificationListItem {
  const name = row.recipient_name ?? row.recipient_username;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    event: row.event as NotificationEvent | null,
    recipient: row.kind === 'system' ? (name ?? '') : (row.recipient_email ?? name ?? ''),
    recipient_user: row.recipient_user_id === null ? null : { id: row.recipient_user_id, full_name: name ?? '' },
    subject: row.subject,
    language: row.language,
    application: row.application_id === null || row.application_reference === null ? null : { id: row.application_id, reference: row.application_reference },
    attempts: row.attempts,
    created_at: iso(row.created_at)!,
    sent_at: iso(row.sent_at),
    confidential: row.confidential,
    private: row.private,
  };
}

export async function listNotifications(
  db: Db,
  reader: OutboxReader,
  filter: Filter,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: NotificationListItem[] }> {
  const [{ count }, rows] = await Promise.all([
    filtered(db, filter, reader)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    filtered(db, filter, reader)
      .select(listColumns(reader))
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(count), rows: (rows as ListRow[]).map(listItem) };
}

/** One message as `reader` may see it, or null when there is none or it is outside their rows. */
export async function findNotification(db: Db, reader: OutboxReader, id: number): Promise<NotificationDetail | null> {
  const row = await scopedQuery(db, reader)
    .leftJoin('users as sender', 'sender.id', 'n.sender_id')
    .select([
      ...listColumns(reader),
      // A secret (a sign-in code, a temporary password) is never read back, nor someone else's in-app message.
      sql<string | null>`case when ${textShown(reader)} then n.message end`.as('message'),
      'n.last_error',
      'n.next_attempt_at',
      'n.read_at',
      'n.resent_from_id',
      'n.sender_id',
      displayNameSql<string | null>('sender').as('sender_name'),
    ])
    .where('n.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const resentAs = await db.selectFrom('notification_outbox').select('id').where('resent_from_id', '=', id).orderBy('id').execute();
  return {
    ...listItem(row as ListRow),
    message: row.message,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' && row.kind === 'email' ? iso(row.next_attempt_at) : null,
    sender: row.sender_id === null ? null : { id: row.sender_id, full_name: row.sender_name ?? '' },
    read_at: iso(row.read_at),
    resent_from_id: row.resent_from_id === null ? null : Number(row.resent_from_id),
    resent_as_ids: resentAs.map((copy) => copy.id),
  };
}

/** How many matches are read to choose the best 20 from: more than the staff of one office. */
const RECIPIENT_CANDIDATES = 2000;

/**
 * Active users a sender may write to, best matches first (a name or username starting with the
 * words), each group by last and first name in the reader's language (name-order.ts).
 */
export async function staffRecipients(db: Db, search: string | undefined, language: string) {
  const words = search?.trim();
  const starts = words ? `${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rank = starts ? sql<number>`case when (first_name || ' ' || last_name) ilike ${starts} or username ilike ${starts} then 0 else 1 end` : sql<number>`0`;
  let query = db
    .selectFrom('users')
    .select(['id', 'username', 'email', displayNameSql().as('full_name'), 'first_name', 'last_name', rank.as('rank')])
    .where('is_active', '=', true);
  if (words) {
    const pattern = containsPattern(words);
    query = query.where((eb) => eb.or([eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern), eb('username', 'ilike', pattern), eb('email', 'ilike', pattern)]));
  }
  const rows = await query.orderBy('id').limit(RECIPIENT_CANDIDATES).execute();
  return sortByName(rows, language, (row) => [row.last_name, row.first_name, row.username])
    .sort((a, b) => Number(a.rank) - Number(b.rank))
    .slice(0, 20)
    .map(({ id, username, email, full_name }) => ({ id, username, email, full_name }));
}

// ---- The inbox ----

type InboxQuery = z.output<typeof inboxQuery>;

export async function inbox(db: Db, userId: number, query: InboxQuery, window: { limit: number; offset: number }) {
  const mine = () => {
    let q = db
      .selectFrom('notification_outbox as n')
      .leftJoin('applications as application', 'application.id', 'n.application_id')
      .leftJoin('users as sender', 'sender.id', 'n.sender_id')
      .where('n.kind', '=', 'system')
      .where('n.recipient_user_id', '=', userId);
    if (query.unread) q = q.where('n.read_at', 'is', null);
    return q;
  };
  const [{ count }, { unread }, rows] = await Promise.all([
    mine().select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    db
      .selectFrom('notification_outbox')
      .select((eb) => eb.fn.countAll<string>().as('unread'))
      .where('kind', '=', 'system')
      .where('recipient_user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow(),
    mine()
      .select([
        'n.id',
        'n.subject',
        'n.message',
        'n.application_id',
        'application.reference',
        'n.sender_id',
        displayNameSql<string | null>('sender').as('sender_name'),
        'n.created_at',
        'n.read_at',
      ])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return {
    count: Number(count),
    unread: Number(unread),
    rows: rows.map((row) => ({
      id: row.id,
      subject: row.subject,
      message: row.message,
      application: row.application_id === null || row.reference === null ? null : { id: row.application_id, reference: row.reference },
      sender: row.sender_id === null ? null : { id: row.sender_id, full_name: row.sender_name ?? '' },
      created_at: iso(row.created_at)!,
      read_at: iso(row.read_at),
    })),
  };
}

/** Marks one of the user's own in-app messages read; false when it is not theirs (or not in-app). */
export async function markRead(db: Db, userId: number, id: number, now: Date): Promise<boolean> {
  const own = await db
    .updateTable('notification_outbox')
    .set({ read_at: sql`coalesce(read_at, ${now})` })
    .where('id', '=', id)
    .where('kind', '=', 'system')
    .where('recipient_user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return own !== undefined;
}

export async function markAllRead(db: Db, userId: number, now: Date): Promise<number> {
  const rows = await db
    .updateTable('notification_outbox')
    .set({ read_at: now })
    .where('kind', '=', 'system')
    .where('recipient_user_id', '=', userId)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}
