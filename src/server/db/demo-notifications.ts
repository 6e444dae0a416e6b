import { sql } from 'kysely';
import type { ActionName } from '../../shared/domain/application-workflow';
import type { ApplicationStatus } from '../../shared/domain/application-status';
import { composeNotice } from '../notices/compose';
import { noticeRow } from '../notices/queue-notice';
import { notifyApplicantOf } from '../workflow/applicant-messages';
import type { AppDatabase } from './database';
import { demoEmail } from './demo-accounts';

// The demo's notifications, so the list, its filters and the bell show something true.
// Applicants write in the language they asked for (mostly Albanian, Serbian for Serbian names,
// some English); e-mails about demo applications were sent from the same templates the workflow
// uses, a few still wait or are being retried, a few failed for good with the server's answer;
// the demo accounts have in-app messages from colleagues, some unread. Idempotent: nothing is
// added once the demo history is there (its first sent e-mail is the marker).

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The workflow action that last told the applicant of a status (the notice that went out then). */
function actionOf(status: ApplicationStatus): ActionName {
  switch (status) {
    case 'payment_pending':
      return 'request_payment';
    case 'payment_completed':
      return 'mark_paid';
    case 'payment_exempted':
      return 'approve_exemption';
    case 'approved':
      return 'approve';
    case 'rejected':
      return 'reject';
    case 'pre_university_non_recognition':
      return 'deny_recognition';
    default:
      return 'update_status';
  }
}

const FAILURES = [
  '550 5.1.1 <{{to}}>: mailbox unavailable',
  '550 5.1.1 The email account that you tried to reach does not exist',
  '552 5.2.2 <{{to}}>: mailbox full',
  '553 5.1.3 <{{to}}>: recipient address rejected: domain not found',
];

interface InAppMessage {
  to: string;
  from: string | null;
  subject: string;
  notes: string;
  hoursAgo: number;
  read: boolean;
  /** About the n-th demo application of the history (optional). */
  application?: number;
}

const IN_APP: readonly InAppMessage[] = [
  { to: 'officer', from: 'naric.admin', subject: 'Council meeting moved', notes: 'The medical council meets on Thursday at 10:00 instead of Wednesday. Please have the files of your applications under review ready by Wednesday noon.', hoursAgo: 3, read: false },
  { to: 'officer', from: 'admin', subject: 'Application needs your attention', notes: 'The applicant called about this application. Please check whether the translation of the diploma has arrived and tell them.', hoursAgo: 26, read: false, application: 2 },
  { to: 'officer', from: 'payments', subject: 'Payment recorded', notes: 'The fee of this application was found on today’s bank statement and is recorded. You can continue with the review.', hoursAgo: 50, read: true, application: 5 },
  { to: 'payments', from: 'officer', subject: 'Fee exemption request', notes: 'The applicant asked to be exempted from the fee and sent a certificate of social assistance. Please review the request.', hoursAgo: 5, read: false, application: 7 },
  { to: 'payments', from: 'naric.admin', subject: 'Bank statements', notes: 'From next week the bank sends the statements as CSV in Windows-1250. The import reads both encodings.', hoursAgo: 72, read: true },
  { to: 'admin', from: 'naric.admin', subject: 'Two new officers', notes: 'Two new officers start on Monday. Please create their accounts in the NARIC Officers group with two-factor sign-in.', hoursAgo: 8, read: false },
  { to: 'admin', from: null, subject: 'E-mails could not be delivered', notes: 'Some e-mails to applicants failed after five attempts. Open Notifications and filter by status “failed” to see them.', hoursAgo: 30, read: false },
  { to: 'naric.admin', from: 'officer', subject: 'Deadline at risk', notes: 'The council review of this application is close to its deadline; the council has not met yet.', hoursAgo: 12, read: false, application: 11 },
  { to: 'content', from: 'naric.admin', subject: 'Payment request text', notes: 'Please add to the payment request e-mail that the fee can also be paid at the counter. Check all three languages.', hoursAgo: 20, read: false },
  { to: 'content', from: 'admin', subject: 'Templates reviewed', notes: 'The legal office has reviewed the decision texts; no changes needed.', hoursAgo: 120, read: true },
  { to: 'council', from: 'officer', subject: 'Documents for the meeting', notes: 'The documents of the applications on Thursday’s agenda are complete and verified.', hoursAgo: 40, read: false },
  { to: 'verifier', from: 'officer', subject: 'Verification needed', notes: 'New documents were uploaded to this application. Please verify them.', hoursAgo: 6, read: false, application: 13 },
];

export async function seedDemoNotifications(db: AppDatabase): Promise<number> {
  const seeded = await db.selectFrom('notification_outbox').select('id').where('application_id', 'is not', null).where('event', 'is not', null).limit(1).executeTakeFirst();
  if (seeded) return 0;

  // Applicants: Serbian names write in Serbian, one in seven in English, the rest in Albanian.
  await sql`update applicants set preferred_language = case
      when last_name ~ '(ić|ović|ević)$' then 'sr'
      when id % 7 = 3 then 'en'
      else 'sq' end`.execute(db);

  const now = Date.now();
  const applications = await db
    .selectFrom('applications')
    .select(['id', 'status', 'updated_at'])
    .where('reference', 'not like', 'NARIC-2026-9000%')
    .orderBy('id')
    .execute();
  const chosen = applications.filter((_, index) => index % 9 === 0).slice(0, 40);
  let count = 0;
  for (const [index, application] of chosen.entries()) {
    const action = actionOf(application.status);
    const id = await notifyApplicantOf(db, { applicationId: application.id, action, next: application.status, notes: null });
    if (id === null) continue;
    count += 1;
    const createdAt = new Date(Math.min(new Date(application.updated_at).getTime(), now - (index + 1) * 7 * HOUR_MS));
    // When it was written: the application's last change (the seed itself runs now).
    const writtenAt = index < 2 ? new Date(now - (index + 1) * 60_000) : createdAt;
    await sql`update notification_outbox set created_at = ${writtenAt} where id = ${id}`.execute(db);
    const row = await db.selectFrom('notification_outbox').select('recipient_email').where('id', '=', id).executeTakeFirstOrThrow();
    if (index % 10 === 4) {
      // Failed for good after five tries: the address does not take mail.
      const failure = FAILURES[(index / 10) % FAILURES.length | 0]!.replace('{{to}}', row.recipient_email ?? '');
      await db.updateTable('notification_outbox').set({ status: 'failed', attempts: 5, last_error: failure, next_attempt_at: createdAt }).where('id', '=', id).execute();
    } else if (index % 10 === 7) {
      // Still pending: being retried after a temporary refusal, the next try later today.
      await db
        .updateTable('notification_outbox')
        .set({ status: 'pending', attempts: 2, last_error: '421 4.7.0 Try again later, closing connection', next_attempt_at: new Date(now + 2 * HOUR_MS) })
        .where('id', '=', id)
        .execute();
    } else if (index < 2) {
      // The newest two wait for their first delivery.
      await db.updateTable('notification_outbox').set({ next_attempt_at: new Date(now + 30 * DAY_MS) }).where('id', '=', id).execute();
    } else {
      await db.updateTable('notification_outbox').set({ status: 'sent', attempts: 1, sent_at: new Date(createdAt.getTime() + 40_000) }).where('id', '=', id).execute();
    }
  }

  const users = new Map((await db.selectFrom('users').select(['id', 'username', 'first_name', 'last_name', 'preferred_language']).execute()).map((user) => [user.username, user]));
  const name = (user: { first_name: string; last_name: string; username: string }) => `${user.first_name} ${user.last_name}`.trim() || user.username;

  // A sign-in code e-mailed to naric.admin: listed, never readable.
  const naricAdmin = users.get('naric.admin');
  if (naricAdmin) {
    const sentAt = new Date(now - 2 * DAY_MS);
    await db
      .insertInto('notification_outbox')
      .values({
        ...noticeRow({
          event: null,
          language: naricAdmin.preferred_language,
          recipient: { email: demoEmail('naric.admin'), userId: naricAdmin.id },
          text: { subject: 'Your NARIC Back-office sign-in code', message: 'Your sign-in code is 000000 (demo).' },
          confidential: true,
        }),
        created_at: sentAt,
        status: 'sent',
        attempts: 1,
        sent_at: sentAt,
      })
      .execute();
    count += 1;
  }

  for (const message of IN_APP) {
    const recipient = users.get(message.to);
    const sender = message.from === null ? null : users.get(message.from);
    if (!recipient || sender === undefined) continue;
    const application = message.application === undefined ? undefined : chosen[message.application];
    const createdAt = new Date(now - message.hoursAgo * HOUR_MS);
    const values = { recipient_name: name(recipient), sender_name: sender ? name(sender) : 'NARIC', notes: message.notes };
    const composed = await composeNotice(db, 'staff_message', recipient.preferred_language, values);
    await db
      .insertInto('notification_outbox')
      .values({
        ...noticeRow({
          event: 'staff_message',
          language: recipient.preferred_language,
          recipient: { email: null, userId: recipient.id },
          applicationId: application?.id ?? null,
          text: { subject: message.subject, message: composed.message },
          kind: 'system',
          senderId: sender?.id ?? null,
          now: createdAt,
        }),
        created_at: createdAt,
        read_at: message.read ? new Date(createdAt.getTime() + HOUR_MS) : null,
      })
      .execute();
    count += 1;
  }
  return count;
}
