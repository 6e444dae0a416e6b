import type { Kysely } from 'kysely';
import type { ApplicationStatus } from '../../shared/domain/application-status';
import type { ActionName } from '../../shared/domain/application-workflow';
import type { NotificationEvent, TemplateLanguage } from '../../shared/domain/notification-events';
import type { RecognitionOutcome } from '../../shared/api/recognition-decisions';
import enDecisions from '../../../locales/en/decisions.json';
import sqDecisions from '../../../locales/sq/decisions.json';
import srDecisions from '../../../locales/sr/decisions.json';
import type { Database } from '../db/schema';
import { applicationAddressee } from '../notices/application-values';
import { noticeAmount, noticeAppealOutcome, noticeDate, noticeOutcome } from '../notices/notice-values';
import { queueNotice } from '../notices/queue-notice';

// The e-mail an applicant receives when an action of their application "notifies the applicant"
// (workflow.md): the event follows from the action (a fee requested, a payment received, a
// decision…), written from that event's template in the applicant's language.

const EVENT_OF_ACTION: Partial<Record<ActionName, NotificationEvent>> = {
  request_payment: 'payment_requested',
  mark_paid: 'payment_received',
  approve_exemption: 'exemption_approved',
  reject_exemption: 'exemption_rejected',
  // Service 1's structured decision, approved by the agency officer: its outcome and appeal notice.
  approve: 'recognition_decision_made',
  reject: 'recognition_decision_made',
  reject_suspicious: 'decision_made',
  answer_request: 'decision_made',
  decline_request: 'decision_made',
  grant_recognition: 'recognition_certificate_issued',
  deny_recognition: 'pre_university_recognition_denied',
};

/** Events of a structured recognition decision (services 1 and 2): they state its outcome and appeal notice. */
const DECISION_EVENTS: readonly NotificationEvent[] = ['recognition_decision_made', 'recognition_certificate_issued', 'pre_university_recognition_denied'];

const RECOGNITION_OUTCOMES: Readonly<Record<TemplateLanguage, Readonly<Record<RecognitionOutcome, string>>>> = {
  en: enDecisions.outcome,
  sq: sqDecisions.outcome,
  sr: srDecisions.outcome,
};

/** The approved decision's outcome and appeal notice, written for the applicant's language (none without a decision). */
async function decisionValues(trx: Kysely<Database>, applicationId: number, language: TemplateLanguage): Promise<Record<string, string>> {
  const decision = await trx
    .selectFrom('recognition_decisions')
    .select(['outcome', 'appeal_body_en', 'appeal_body_sq', 'appeal_body_sr', 'appeal_period_days', 'appeal_last_day'])
    .where('application_id', '=', applicationId)
    .where('state', '=', 'approved')
    .executeTakeFirst();
  if (!decision) return {};
  return {
    recognition_outcome: RECOGNITION_OUTCOMES[language][decision.outcome],
    appeal_body: decision[`appeal_body_${language}`] || decision.appeal_body_en,
    appeal_period_days: String(decision.appeal_period_days),
    appeal_last_day: noticeDate(language, decision.appeal_last_day),
  };
}

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
  if (DECISION_EVENTS.includes(event)) Object.assign(values, await decisionValues(trx, input.applicationId, language));
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

/** Queues the applicant's notice that their appeal was decided, in their language, in the outcome's transaction. */
export async function notifyApplicantOfAppeal(trx: Kysely<Database>, input: { applicationId: number; outcome: 'upheld' | 'changed' | 'rejected_late'; notes: string }): Promise<number | null> {
  const addressee = await applicationAddressee(trx, input.applicationId);
  if (!addressee) return null;
  return queueNotice(trx, {
    event: 'appeal_decided',
    language: addressee.language,
    recipient: { email: addressee.email, userId: null },
    applicationId: input.applicationId,
    values: { ...addressee.values, appeal_outcome: noticeAppealOutcome(addressee.language, input.outcome), notes: input.notes },
    kind: 'email',
  });
}
