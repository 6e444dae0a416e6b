import type { Kysely } from 'kysely';
import type { ApplicationStatus } from '../../shared/domain/application-status';
import type { ActionName } from '../../shared/domain/application-workflow';
import type { NotificationEvent } from '../../shared/domain/notification-events';
import type { Database } from '../db/schema';
import { applicationAddressee } from '../notices/application-values';
import { noticeAmount, noticeDate, noticeOutcome } from '../notices/notice-values';
import { queueNotice } from '../notices/queue-notice';

// The e-mail an applicant receives when an action of their application "notifies the applicant"
// (workflow.md): the event follows from the action (a fee requested, a payment received, a
// decision…), written from that event's template in the applicant's language.

const EVENT_OF_ACTION: Partial<Record<ActionName, NotificationEvent>> = {
  request_payment: 'payment_requested',
  mark_paid: 'payment_received',
  approve_exemption: 'exemption_approved',
  reject_exemption: 'exemption_rejected',
  approve: 'decision_made',
  reject: 'decision_made',
  reject_suspicious: 'decision_made',
  answer_request: 'decision_made',
  decline_request: 'decision_made',
  grant_recognition: 'recognition_certificate_issued',
  deny_recognition: 'pre_university_recognition_denied',
};

/** Statuses that ask the applicant for more (update_status into them tells what is missing). */
const ASKING_STATUSES: readonly ApplicationStatus[] = ['needs_clarification', 'additional_info_required'];

export function applicantNoticeEvent(action: ActionName, next: ApplicationStatus): NotificationEvent {
  if (action === 'update_status' && ASKING_STATUSES.includes(next)) return 'documents_missing';
  return EVENT_OF_ACTION[action] ?? 'status_changed';
}

export interface ApplicantNoticeInput {
  applicationId: number;
  action: ActionName;
  next: ApplicationStatus;
  notes: string | null;
  /** The decision the action recorded (decision_made). */
  outcome?: 'approved' | 'rejected' | null;
}

/** Queues the applicant's notice of an action, in the action's transaction (after the application row was changed); answers the outbox id. */
export async function notifyApplicantOf(trx: Kysely<Database>, input: ApplicantNoticeInput): Promise<number | null> {
  const addressee = await applicationAddressee(trx, input.applicationId);
  if (!addressee) return null;
  const { language } = addressee;
  const event = applicantNoticeEvent(input.action, input.next);
  const values: Record<string, string> = { ...addressee.values, notes: input.notes ?? '' };
  if (event === 'payment_requested') {
    const open = await trx
      .selectFrom('application_payments')
      .select('amount_due')
      .where('application_id', '=', input.applicationId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (open) values.amount = noticeAmount(language, open.amount_due);
    values.payment_reference = addressee.values.reference;
  }
  if (event === 'payment_received') {
    const paid = await trx
      .selectFrom('application_payments')
      .select(['amount', 'transaction_id', 'paid_at', 'receipt_code'])
      .where('application_id', '=', input.applicationId)
      .where('paid_at', 'is not', null)
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (paid) {
      if (paid.amount !== null) values.amount = noticeAmount(language, paid.amount);
      if (paid.transaction_id !== null) values.transaction_id = paid.transaction_id;
      if (paid.paid_at !== null) values.paid_at = noticeDate(language, paid.paid_at);
      if (paid.receipt_code !== null) values.receipt_code = paid.receipt_code;
    }
  }
  if (event === 'decision_made') {
    const outcome = input.outcome ?? (input.next === 'approved' || input.next === 'pre_university_recognition' ? 'approved' : 'rejected');
    values.outcome = noticeOutcome(language, outcome);
  }
  return queueNotice(trx, {
    event,
    language,
    recipient: { email: addressee.email, userId: null },
    applicationId: input.applicationId,
    values,
    kind: 'email',
  });
}
