import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { User } from '../../../shared/api/auth';
import { type sendNotificationRequest } from '../../../shared/api/notifications';
import { NOTIFICATION_EVENT_DEFINITIONS, type TemplateLanguage } from '../../../shared/domain/notification-events';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../errors';
import { applicationAddressee } from '../../notices/application-values';
import { noticeAmount } from '../../notices/notice-values';
import { queueNotice, type NoticeRecipient } from '../../notices/queue-notice';
import { isVisibleMessage, type OutboxReader } from './notification-queries';
import { recordAudit } from '../../shared/audit';
import { displayName } from '../../shared/display-name';

// Sending by hand and resending (spec §2 "Notifications"). A new message goes to an application's
// applicant (by e-mail, in the applicant's language: applicants have no inbox) or to an active
// member of staff (e-mail or in-app). It is a manual event's template filled from the application,
// the form's notes and the sender, or free text. A resend copies a failed message as a new pending
// one; a message carrying a secret is never resent. An application outside the sender's rows is
// as unknown as one that does not exist. Each is one transaction with its audit entry.

type Db = Kysely<Database>;
type SendRequest = z.output<typeof sendNotificationRequest>;

export interface Sender {
  user: User;
  ip: string | null;
}

async function audit(trx: Db, sender: Sender, action: string, id: number, details: Record<string, unknown>) {
  await recordAudit(trx, { actorId: sender.user.id, action, entityType: 'notification', entityId: id, details, ip: sender.ip });
}

const senderName = (user: User) => displayName(user.first_name, user.last_name, user.username);

interface Addressed {
  recipient: NoticeRecipient;
  language: TemplateLanguage;
  applicationId: number | null;
  values: Record<string, string>;
}

async function visibleApplication(trx: Db, scope: ApplicationScope, id: number): Promise<number | null> {
  const row = await trx.selectFrom('applications').select('applications.id').where('applications.id', '=', id).where(visibleIn(scope)).executeTakeFirst();
  return row?.id ?? null;
}

/** Who the message goes to, in which language, and the values its template may use. */
async function address(trx: Db, request: SendRequest, sender: User, scope: ApplicationScope): Promise<Addressed> {
  const notes = request.notes?.trim() ?? '';
  if (request.recipient.type === 'applicant') {
    // An applicant has no account, so no bell: only e-mail reaches them.
    if (request.kind === 'system') throw fieldError('kind', 'notification_wrong_audience');
    const visible = await visibleApplication(trx, scope, request.recipient.application_id);
    const addressee = visible === null ? null : await applicationAddressee(trx, visible);
    if (!addressee) throw fieldError('recipient', 'notification_unknown_application');
    const values: Record<string, string> = { ...addressee.values, notes, payment_reference: addressee.values.reference };
    const open = await trx
      .selectFrom('application_payments')
      .select('amount_due')
      .where('application_id', '=', addressee.applicationId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (open) values.amount = noticeAmount(addressee.language, open.amount_due);
    return { recipient: { email: addressee.email, userId: null }, language: addressee.language, applicationId: addressee.applicationId, values };
  }
  const user = await trx
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'username', 'preferred_language'])
    .where('id', '=', request.recipient.user_id)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (!user) throw fieldError('recipient', 'notification_unknown_user');
  let applicationId: number | null = null;
  if (request.application_id !== undefined) {
    applicationId = await visibleApplication(trx, scope, request.application_id);
    if (applicationId === null) throw fieldError('application_id', 'notification_unknown_application');
  }
  const recipientName = displayName(user.first_name, user.last_name, user.username);
  return {
    recipient: { email: user.email, userId: user.id },
    language: user.preferred_language,
    applicationId,
    values: { recipient_name: recipientName, sender_name: senderName(sender), notes },
  };
}

/** Queues a new message; answers its outbox id. */
export async function sendNotification(db: Db, sender: Sender, scope: ApplicationScope, request: SendRequest): Promise<number> {
  if (request.event !== undefined) {
    const definition = NOTIFICATION_EVENT_DEFINITIONS[request.event];
    if (!definition.manual) throw fieldError('event', 'notification_not_manual');
    if (definition.audience !== request.recipient.type) throw fieldError('event', 'notification_wrong_audience');
  }
  return db.transaction().execute(async (trx) => {
    const addressed = await address(trx, request, sender.user, scope);
    // Subject and message as written win (the sender edited the filled template); else the template fills them.
    const text = request.subject && request.message ? { subject: request.subject.trim(), message: request.message } : undefined;
    const id = await queueNotice(trx, {
      event: request.event ?? null,
      language: addressed.language,
      recipient: addressed.recipient,
      applicationId: addressed.applicationId,
      values: addressed.values,
      text,
      kind: request.kind,
      senderId: sender.user.id,
    });
    await audit(trx, sender, 'notification.sent', id, {
      kind: request.kind,
      event: request.event ?? null,
      recipient: request.recipient,
      application_id: addressed.applicationId,
    });
    return id;
  });
}

/** Copies a failed message as a new pending one (404 outside the reader's rows, 409 when it is not failed or carries a secret); answers the copy's id. */
export async function resendNotification(db: Db, sender: Sender, reader: OutboxReader, id: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (!(await isVisibleMessage(trx, reader, id))) throw notFound();
    const original = await trx.selectFrom('notification_outbox').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!original) throw notFound();
    if (original.confidential) throw conflict('notification_confidential');
    if (original.status !== 'failed') throw conflict('notification_not_resendable');
    const copy = await trx
      .insertInto('notification_outbox')
      .values({
        recipient_user_id: original.recipient_user_id,
        recipient_email: original.recipient_email,
        kind: original.kind,
        subject: original.subject,
        message: original.message,
        application_id: original.application_id,
        event: original.event,
        language: original.language,
        sender_id: original.sender_id,
        confidential: false,
        resent_from_id: original.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await audit(trx, sender, 'notification.resent', copy.id, { resent_from_id: original.id, recipient: original.recipient_email, subject: original.subject });
    return copy.id;
  });
}
