import { z } from 'zod';
import { checkRefusal } from '../refusals';
import { calendarDate } from './deadlines';
import { recordId } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// Confirmation requests (shared/design/recognition.md, "Authenticity in practice"): from an
// application, an officer asks the institution that issued one of its documents, through the
// verification contact of the institution's dossier (never an address the applicant gave),
// whether it did. The request is an e-mail in the contact's language with the document attached,
// a reference and the office's reply address. While a request is open the application's centre
// clocks stand still (a pause for a third party); the reply, "no answer" or a cancel resumes them.
// A reply that does not confirm the document (not confirmed, no such record) marks it as doubted,
// is written to the application's history, and offers a report to the inspectorate.

/** sent: waiting for the institution; the others close the request (and resume the clock). */
export const CONFIRMATION_REQUEST_STATES = ['sent', 'answered', 'no_answer', 'cancelled'] as const;
export type ConfirmationRequestState = (typeof CONFIRMATION_REQUEST_STATES)[number];

export const CONFIRMATION_ANSWERS = ['confirmed', 'not_confirmed', 'no_such_record'] as const;
export type ConfirmationAnswer = (typeof CONFIRMATION_ANSWERS)[number];
/** The answers by which the issuer does not stand behind the document. */
export const DOUBTING_ANSWERS: readonly ConfirmationAnswer[] = ['not_confirmed', 'no_such_record'];

/** The request e-mail's fate, from its outbox row: waiting to be sent, accepted by the mail server, given up on. */
export const CONFIRMATION_DELIVERIES = ['queued', 'delivered', 'failed'] as const;
export type ConfirmationDelivery = (typeof CONFIRMATION_DELIVERIES)[number];

/** The application history's rows the requests write. */
export const CONFIRMATION_HISTORY_ACTIONS = [
  'confirmation_requested',
  'confirmation_answered',
  'confirmation_no_answer',
  'confirmation_cancelled',
  'confirmation_reminded',
  'authenticity_doubted',
] as const;

/** The clock pause's name for the third party it waits on (deadline-clock.ts). */
export const CONFIRMATION_WAIT = 'issuing_institution' as const;

const optionalNote = safeText({ max: TEXT_LIMITS.notes })
  .nullish()
  .transform((value) => (value ? value : null));

export const confirmationRequestInput = z.object({
  /** The application's document the institution is asked about (the diploma scan goes with the e-mail). */
  document_id: recordId,
  /** A verification contact of the institution's dossier with a registrar e-mail. */
  contact_id: recordId,
  note: optionalNote,
});
export type ConfirmationRequestInput = z.input<typeof confirmationRequestInput>;

export const confirmationReplyInput = z
  .object({
    answer: z.enum(CONFIRMATION_ANSWERS),
    /** The day the institution answered (the reply's date). */
    answered_on: calendarDate,
    /** The reply as a file (a PDF or a scan), uploaded as a document of the application first. */
    reply_document_id: recordId.nullish().transform((value) => value ?? null),
    /** The reply e-mail, pasted. */
    reply_text: safeText({ max: TEXT_LIMITS.body })
      .nullish()
      .transform((value) => (value ? value : null)),
    note: optionalNote,
  })
  .refine((reply) => reply.reply_document_id !== null || reply.reply_text !== null, {
    path: ['reply_text'],
    message: 'Attach the reply or paste it.',
    params: checkRefusal('confirmation_reply_required'),
  });
export type ConfirmationReplyInput = z.input<typeof confirmationReplyInput>;

/** Closing a request without an answer (no answer, cancelled). */
export const confirmationCloseInput = z.object({ note: optionalNote });
export type ConfirmationCloseInput = z.input<typeof confirmationCloseInput>;

export const confirmationRequest = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  document_id: z.number().int(),
  document_file_name: z.string(),
  institution: z.object({ id: z.number().int(), name_en: z.string(), name_sq: z.string(), name_sr: z.string(), country: z.string() }),
  recipient_email: z.string(),
  language: z.enum(['en', 'sq', 'sr']),
  reference: z.string(),
  reply_to: z.string(),
  state: z.enum(CONFIRMATION_REQUEST_STATES),
  delivery: z.enum(CONFIRMATION_DELIVERIES),
  /** The outbox's last error when the e-mail failed or is being retried. */
  delivery_error: z.string().nullable(),
  answer: z.enum(CONFIRMATION_ANSWERS).nullable(),
  answered_on: z.string().nullable(),
  reply_document_id: z.number().int().nullable(),
  reply_text: z.string().nullable(),
  note: z.string().nullable(),
  /** The day a reminder goes to the institution (null: none configured, or sent). */
  remind_on: z.string().nullable(),
  reminded: z.boolean(),
  sent_at: z.string(),
  sent_by: z.string().nullable(),
  closed_at: z.string().nullable(),
  closed_by: z.string().nullable(),
  /** The issuer does not stand behind the document: the report to the inspectorate can be made. */
  doubted: z.boolean(),
  /** A service-3 application that may now be marked suspicious (its workflow's next step). */
  suggests_suspicious: z.boolean(),
});
export type ConfirmationRequest = z.infer<typeof confirmationRequest>;

export const confirmationRequestList = z.object({ results: z.array(confirmationRequest) });
export type ConfirmationRequestList = z.infer<typeof confirmationRequestList>;

export const CONFIRMATION_PATHS = {
  /** GET: the application's requests, newest first; POST: send one (admins, document verifiers, officers). */
  list: (applicationId: number) => `/applications/${applicationId}/confirmation-requests/`,
  /** POST: record the institution's reply. */
  reply: (applicationId: number, requestId: number) => `/applications/${applicationId}/confirmation-requests/${requestId}/reply/`,
  /** POST: close the request as unanswered. */
  noAnswer: (applicationId: number, requestId: number) => `/applications/${applicationId}/confirmation-requests/${requestId}/no-answer/`,
  /** POST: withdraw the request. */
  cancel: (applicationId: number, requestId: number) => `/applications/${applicationId}/confirmation-requests/${requestId}/cancel/`,
  /** GET: the report to the inspectorate (PDF) of a request whose reply doubts the document. */
  inspectorateReport: (applicationId: number, requestId: number) => `/applications/${applicationId}/confirmation-requests/${requestId}/inspectorate-report/`,
} as const;
