import type { Insertable, Kysely } from 'kysely';
import { isConfidentialEvent, type NotificationEvent, type TemplateLanguage } from '../../shared/domain/notification-events';
import type { Database, NotificationOutboxTable } from '../db/schema';
import { composeNotice, type ComposedNotice } from './compose';

// Every message the office sends is one outbox row, inserted in the caller's transaction with the
// change it tells of (so a change is never without its message, nor a message without its change).
// An e-mail waits for delivery (jobs/outbox.ts); an in-app (system) message is delivered by being
// written: it is in the recipient's bell at once, so it is 'sent' now.

export interface NoticeRecipient {
  /** The address an e-mail goes to (null for an in-app message). */
  email: string | null;
  /** The member of staff it is for (null: an applicant, who has no account). */
  userId: number | null;
}

export interface NoticeInput {
  /** The template event; null for free text with no event. */
  event: NotificationEvent | null;
  language: TemplateLanguage;
  recipient: NoticeRecipient;
  applicationId?: number | null;
  /** The event's values, written for the language; composed from the active template. */
  values?: Readonly<Record<string, string>>;
  /** Free text, sent as written (the event, if any, only labels it). */
  text?: ComposedNotice;
  kind?: 'email' | 'system';
  senderId?: number | null;
  /** Carries a secret although its event does not say so (a sign-in code). */
  confidential?: boolean;
  /** One of the application's documents sent with the e-mail. */
  attachmentDocumentId?: number | null;
  now?: Date;
}

/** The outbox row of a notice whose text is known. */
export function noticeRow(input: Omit<NoticeInput, 'values' | 'text'> & { text: ComposedNotice }): Insertable<NotificationOutboxTable> {
  const kind = input.kind ?? 'email';
  const now = input.now ?? new Date();
  const confidential = Boolean(input.confidential) || (input.event !== null && isConfidentialEvent(input.event));
  return {
    recipient_user_id: input.recipient.userId,
    recipient_email: kind === 'email' ? input.recipient.email : null,
    kind,
    subject: input.text.subject,
    message: input.text.message,
    application_id: input.applicationId ?? null,
    event: input.event,
    language: input.language,
    sender_id: input.senderId ?? null,
    confidential,
    ...(input.attachmentDocumentId ? { attachment_document_id: input.attachmentDocumentId } : {}),
    ...(kind === 'system' ? { status: 'sent' as const, sent_at: now } : {}),
  };
}

/** Composes (unless `text` is given) and queues one notice; answers the outbox row's id. */
export async function queueNotice(db: Kysely<Database>, input: NoticeInput): Promise<number> {
  let text = input.text;
  if (!text) {
    if (input.event === null) throw new Error('A notice without an event needs its text.');
    text = await composeNotice(db, input.event, input.language, input.values ?? {});
  }
  const row = await db.insertInto('notification_outbox').values(noticeRow({ ...input, text })).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
