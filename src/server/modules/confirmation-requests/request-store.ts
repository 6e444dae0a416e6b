import type { Insertable, Transaction } from 'kysely';
import type { z } from 'zod';
import {
  DOUBTING_ANSWERS,
  type ConfirmationRequest,
  type confirmationReplyInput,
  type confirmationRequestInput,
} from '../../../shared/api/confirmation-requests';
import { CLOSED_STATUSES, type ApplicationStatus } from '../../../shared/domain/application-status';
import { computeDeadline } from '../../../shared/domain/deadline-clock';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { waitOnThirdParty, holidaysFrom, type SyncedDates } from '../../application-deadlines';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { ConfirmationRequestsTable, Database } from '../../db/schema';
import { institutionNamed } from '../../decision-qualification';
import { conflict, fieldError, notFound } from '../../errors';
import { noticeDate } from '../../notices/notice-values';
import { queueNotice } from '../../notices/queue-notice';
import { recordAudit } from '../../shared/audit';
import { displayNameSql } from '../../shared/display-name';

// Confirmation requests (src/shared/api/confirmation-requests.ts). Sending, replying and closing
// each run in one transaction holding the application's row lock: the request, its e-mail in the
// outbox (with the document attached), the clock's pause or resumption, the history row and the
// audit entry commit together.

type Trx = Transaction<Database>;

export interface RequestContext {
  db: AppDatabase;
  scope: ApplicationScope;
  actorId: number;
  ip: string | null;
  now: Date;
  /** The office's reply address (the mail server's sender). */
  replyTo: string;
}

/** Service 3 (studies abroad verification) moves to `suspicious` from these statuses (application-workflow.ts). */
const SUSPICIOUS_FROM: readonly ApplicationStatus[] = ['in_review', 'inspectorate_verified'];

function requestColumns() {
  return [
    'r.id',
    'r.application_id',
    'r.document_id',
    'd.file_name as document_file_name',
    'i.id as institution_id',
    'i.name_en',
    'i.name_sq',
    'i.name_sr',
    'i.country',
    'r.recipient_email',
    'r.language',
    'r.reference',
    'r.reply_to',
    'r.state',
    'o.status as outbox_status',
    'o.last_error',
    'r.answer',
    'r.answered_on',
    'r.reply_document_id',
    'r.reply_text',
    'r.note',
    'r.remind_on',
    'r.reminder_outbox_id',
    'r.sent_at',
    'r.closed_at',
    'a.service_type',
    'a.status as application_status',
  ] as const;
}

async function readRequests(db: AppDatabase | Trx, applicationId: number, requestId?: number): Promise<ConfirmationRequest[]> {
  let query = db
    .selectFrom('confirmation_requests as r')
    .innerJoin('application_documents as d', 'd.id', 'r.document_id')
    .innerJoin('institutions as i', 'i.id', 'r.institution_id')
    .innerJoin('applications as a', 'a.id', 'r.application_id')
    .leftJoin('notification_outbox as o', 'o.id', 'r.outbox_id')
    .select(requestColumns())
    .leftJoin('users as sender', 'sender.id', 'r.sent_by_id')
    .leftJoin('users as closer', 'closer.id', 'r.closed_by_id')
    .select([displayNameSql<string | null>('sender').as('sent_by'), displayNameSql<string | null>('closer').as('closed_by')])
    .where('r.application_id', '=', applicationId);
  if (requestId !== undefined) query = query.where('r.id', '=', requestId);
  const rows = await query.orderBy('r.id', 'desc').execute();
  return rows.map((row) => {
    const doubted = row.answer !== null && DOUBTING_ANSWERS.includes(row.answer);
    return {
      id: row.id,
      application_id: row.application_id,
      document_id: row.document_id,
      document_file_name: row.document_file_name,
      institution: { id: row.institution_id, name_en: row.name_en, name_sq: row.name_sq, name_sr: row.name_sr, country: row.country.trim() },
      recipient_email: row.recipient_email,
      language: row.language,
      reference: row.reference,
      reply_to: row.reply_to,
      state: row.state,
      delivery: row.outbox_status === 'sent' ? 'delivered' : row.outbox_status === 'failed' ? 'failed' : 'queued',
      delivery_error: row.outbox_status === 'sent' ? null : (row.last_error ?? null),
      answer: row.answer,
      answered_on: row.answered_on,
      reply_document_id: row.reply_document_id,
      reply_text: row.reply_text,
      note: row.note,
      remind_on: row.state === 'sent' ? row.remind_on : null,
      reminded: row.reminder_outbox_id !== null,
      sent_at: row.sent_at.toISOString(),
      sent_by: row.sent_by ?? null,
      closed_at: row.closed_at ? row.closed_at.toISOString() : null,
      closed_by: row.closed_by ?? null,
      doubted,
      suggests_suspicious: doubted && row.service_type === 3 && SUSPICIOUS_FROM.includes(row.application_status),
    };
  });
}

/** The application's requests, newest first; null when the caller may not see the application. */
export async function requestsOf(db: AppDatabase, scope: ApplicationScope, applicationId: number): Promise<ConfirmationRequest[] | null> {
  const visible = await db.selectFrom('applications').select('id').where('id', '=', applicationId).where(visibleIn(scope)).executeTakeFirst();
  if (!visible) return null;
  return readRequests(db, applicationId);
}

async function lockApplication(trx: Trx, scope: ApplicationScope, applicationId: number) {
  const application = await trx
    .selectFrom('applications')
    .innerJoin('services', 'services.id', 'applications.service_id')
    .select(['applications.id', 'applications.reference', 'applications.status', 'applications.applicant_name', 'applications.institution_name', 'applications.institution_country', 'services.category'])
    .where('applications.id', '=', applicationId)
    .where(visibleIn(scope))
    .forUpdate('applications')
    .executeTakeFirst();
  if (!application) throw notFound();
  return application;
}

/** The institution the application names: its reference data record (a merged duplicate answers its survivor), else the watch list's match. */
async function institutionOf(trx: Trx, application: { id: number; institution_name: string | null; institution_country: string | null }): Promise<number | null> {
  const name = application.institution_name?.trim();
  if (name) {
    const named = await institutionNamed(trx as unknown as AppDatabase, name, application.institution_country?.trim() || null);
    if (named) return named.id;
  }
  const flag = await trx.selectFrom('application_watch_flags').select('institution_id').where('application_id', '=', application.id).executeTakeFirst();
  return flag?.institution_id ?? null;
}

/** The day the institution is reminded: the active authenticity_confirmation configuration of the category, from the day sent. */
async function reminderDay(trx: Trx, category: string, now: Date): Promise<string | null> {
  const configuration = await trx
    .selectFrom('deadline_configurations')
    .select(['days_from_start', 'working_days'])
    .where('deadline_type', '=', 'authenticity_confirmation')
    .where('service_category', '=', category as never)
    .where('active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!configuration) return null;
  const today = kosovoDate(now);
  const holidays = await holidaysFrom(trx as unknown as AppDatabase, today);
  return computeDeadline({ start: today, days: configuration.days_from_start, workingDays: configuration.working_days, holidays, pauses: [], today }).due;
}

/** Copies the clock's dates onto the application row, as a status change does. */
async function keepDates(trx: Trx, applicationId: number, dates: SyncedDates): Promise<void> {
  if (dates.deadline === undefined && dates.review_due_date === undefined) return;
  await trx.updateTable('applications').set(dates).where('id', '=', applicationId).execute();
}

async function history(trx: Trx, applicationId: number, actorId: number | null, action: string, notes: string | null) {
  await trx.insertInto('application_history').values({ application_id: applicationId, action, actor_id: actorId, notes }).execute();
}

function audit(trx: Trx, context: Pick<RequestContext, 'actorId' | 'ip'>, action: string, requestId: number, details: unknown) {
  return recordAudit(trx, { actorId: context.actorId, action, entityType: 'confirmation_request', entityId: requestId, details, ip: context.ip });
}

/** The values of the request and reminder e-mails, written for the contact's language. */
function noticeValues(row: { reference: string; reply_to: string; note: string | null; language: 'en' | 'sq' | 'sr'; sent_at: Date }, institution: { name_en: string; name_sq: string; name_sr: string }, holder: string, documentName: string) {
  return {
    institution_name: institution[`name_${row.language}`],
    holder_name: holder,
    document_name: documentName,
    request_reference: row.reference,
    reply_to: row.reply_to,
    notes: row.note ?? '',
    sent_on: noticeDate(row.language, row.sent_at),
  };
}

export async function sendRequest(context: RequestContext, applicationId: number, input: z.output<typeof confirmationRequestInput>): Promise<ConfirmationRequest> {
  const { db, scope, now } = context;
  const id = await db.transaction().execute(async (trx) => {
    const application = await lockApplication(trx, scope, applicationId);
    if (CLOSED_STATUSES.includes(application.status)) throw conflict('confirmation_application_closed');
    const document = await trx.selectFrom('application_documents').select(['id', 'file_name']).where('id', '=', input.document_id).where('application_id', '=', applicationId).executeTakeFirst();
    if (!document) throw fieldError('document_id', 'confirmation_document_not_of_application');
    const institutionId = await institutionOf(trx, application);
    if (institutionId === null) throw conflict('confirmation_no_institution');
    const contact = await trx
      .selectFrom('institution_verification_contacts')
      .select(['id', 'registrar_email', 'language'])
      .where('id', '=', input.contact_id)
      .where('institution_id', '=', institutionId)
      .executeTakeFirst();
    if (!contact) throw fieldError('contact_id', 'confirmation_contact_not_of_institution');
    if (!contact.registrar_email) throw fieldError('contact_id', 'confirmation_contact_without_email');
    const open = await trx.selectFrom('confirmation_requests').select('id').where('document_id', '=', document.id).where('state', '=', 'sent').executeTakeFirst();
    if (open) throw conflict('confirmation_request_open');
    const institution = await trx.selectFrom('institutions').select(['name_en', 'name_sq', 'name_sr']).where('id', '=', institutionId).executeTakeFirstOrThrow();

    // The reference names the application and the request's place among its requests: "<reference>-C2".
    const { count } = await trx.selectFrom('confirmation_requests').select((eb) => eb.fn.countAll<string>().as('count')).where('application_id', '=', applicationId).executeTakeFirstOrThrow();
    const row: Insertable<ConfirmationRequestsTable> & { language: 'en' | 'sq' | 'sr'; reference: string; reply_to: string; recipient_email: string; note: string | null; sent_at: Date } = {
      application_id: applicationId,
      document_id: document.id,
      institution_id: institutionId,
      contact_id: contact.id,
      recipient_email: contact.registrar_email,
      language: contact.language as 'en' | 'sq' | 'sr',
      reference: `${application.reference}-C${Number(count) + 1}`,
      reply_to: context.replyTo,
      outbox_id: null,
      answer: null,
      answered_on: null,
      reply_document_id: null,
      reply_text: null,
      note: input.note,
      remind_on: await reminderDay(trx, application.category, now),
      reminder_outbox_id: null,
      sent_by_id: context.actorId,
      sent_at: now,
      closed_by_id: null,
      closed_at: null,
    };
    const outboxId = await queueNotice(trx, {
      event: 'authenticity_confirmation_request',
      language: row.language,
      recipient: { email: row.recipient_email, userId: null },
      applicationId,
      values: noticeValues(row, institution, application.applicant_name ?? '', document.file_name),
      senderId: context.actorId,
      attachmentDocumentId: document.id,
      now,
    });
    const inserted = await trx.insertInto('confirmation_requests').values({ ...row, outbox_id: outboxId }).returning('id').executeTakeFirstOrThrow();
    await keepDates(trx, applicationId, await waitOnThirdParty(trx as unknown as AppDatabase, applicationId, true, now));
    await history(trx, applicationId, context.actorId, 'confirmation_requested', `${row.reference} · ${row.recipient_email} · ${document.file_name}`);
    await audit(trx, context, 'confirmation_request.sent', inserted.id, { application_id: applicationId, document_id: document.id, contact_id: contact.id, reference: row.reference });
    return inserted.id;
  });
  return (await readRequests(db, applicationId, id))[0]!;
}

async function openRequest(trx: Trx, applicationId: number, requestId: number) {
  const request = await trx
    .selectFrom('confirmation_requests')
    .select(['id', 'state', 'reference'])
    .where('id', '=', requestId)
    .where('application_id', '=', applicationId)
    .forUpdate()
    .executeTakeFirst();
  if (!request) throw notFound();
  if (request.state !== 'sent') throw conflict('confirmation_request_closed');
  return request;
}

/** Resumes the clock when no other request of the application still waits. */
async function resumeUnlessWaiting(trx: Trx, applicationId: number, now: Date) {
  const still = await trx.selectFrom('confirmation_requests').select('id').where('application_id', '=', applicationId).where('state', '=', 'sent').limit(1).executeTakeFirst();
  if (!still) await keepDates(trx, applicationId, await waitOnThirdParty(trx as unknown as AppDatabase, applicationId, false, now));
}

export async function recordReply(context: RequestContext, applicationId: number, requestId: number, input: z.output<typeof confirmationReplyInput>): Promise<ConfirmationRequest> {
  const { db, scope, now } = context;
  await db.transaction().execute(async (trx) => {
    await lockApplication(trx, scope, applicationId);
    const request = await openRequest(trx, applicationId, requestId);
    if (input.reply_document_id !== null) {
      const file = await trx.selectFrom('application_documents').select('id').where('id', '=', input.reply_document_id).where('application_id', '=', applicationId).executeTakeFirst();
      if (!file) throw fieldError('reply_document_id', 'confirmation_reply_document_unknown');
    }
    await trx
      .updateTable('confirmation_requests')
      .set({
        state: 'answered',
        answer: input.answer,
        answered_on: input.answered_on,
        reply_document_id: input.reply_document_id,
        reply_text: input.reply_text,
        ...(input.note ? { note: input.note } : {}),
        closed_by_id: context.actorId,
        closed_at: now,
      })
      .where('id', '=', requestId)
      .execute();
    await resumeUnlessWaiting(trx, applicationId, now);
    await history(trx, applicationId, context.actorId, 'confirmation_answered', `${request.reference} · ${input.answer} · ${input.answered_on}`);
    if (DOUBTING_ANSWERS.includes(input.answer)) {
      // The document's mark: the issuer does not stand behind it. Kept in the history, where the
      // case's evidence of authenticity is read, and shown with the document.
      await history(trx, applicationId, context.actorId, 'authenticity_doubted', `${request.reference} · ${input.answer}`);
    }
    await audit(trx, context, 'confirmation_request.answered', requestId, { answer: input.answer, answered_on: input.answered_on, reply_document_id: input.reply_document_id });
  });
  return (await readRequests(db, applicationId, requestId))[0]!;
}

export async function closeRequest(
  context: RequestContext,
  applicationId: number,
  requestId: number,
  outcome: 'no_answer' | 'cancelled',
  input: { note: string | null },
): Promise<ConfirmationRequest> {
  const { db, scope, now } = context;
  await db.transaction().execute(async (trx) => {
    await lockApplication(trx, scope, applicationId);
    const request = await openRequest(trx, applicationId, requestId);
    await trx
      .updateTable('confirmation_requests')
      .set({ state: outcome, ...(input.note ? { note: input.note } : {}), closed_by_id: context.actorId, closed_at: now })
      .where('id', '=', requestId)
      .execute();
    await resumeUnlessWaiting(trx, applicationId, now);
    await history(trx, applicationId, context.actorId, outcome === 'no_answer' ? 'confirmation_no_answer' : 'confirmation_cancelled', request.reference);
    await audit(trx, context, `confirmation_request.${outcome}`, requestId, { note: input.note });
  });
  return (await readRequests(db, applicationId, requestId))[0]!;
}

/** A request with its application and document, for the report to the inspectorate; null when not visible. */
export async function reportFacts(db: AppDatabase, scope: ApplicationScope, applicationId: number, requestId: number) {
  const visible = await db.selectFrom('applications').select(['id', 'reference', 'applicant_name']).where('id', '=', applicationId).where(visibleIn(scope)).executeTakeFirst();
  if (!visible) return null;
  const [request] = await readRequests(db, applicationId, requestId);
  if (!request) return null;
  return { application: visible, request };
}

/** Sends the reminders due today: one per request, to the same contact, with the document again. */
export async function sendDueReminders(db: AppDatabase, now: Date, batchSize = 50): Promise<number> {
  const today = kosovoDate(now);
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('confirmation_requests as r')
      .innerJoin('institutions as i', 'i.id', 'r.institution_id')
      .innerJoin('applications as a', 'a.id', 'r.application_id')
      .innerJoin('application_documents as d', 'd.id', 'r.document_id')
      .select(['r.id', 'r.application_id', 'r.reference', 'r.reply_to', 'r.note', 'r.language', 'r.sent_at', 'r.recipient_email', 'r.document_id', 'i.name_en', 'i.name_sq', 'i.name_sr', 'a.applicant_name', 'd.file_name'])
      .where('r.state', '=', 'sent')
      .where('r.remind_on', '<=', today)
      .orderBy('r.id')
      .limit(batchSize)
      .forUpdate('r')
      .skipLocked()
      .execute();
    for (const request of due) {
      const outboxId = await queueNotice(trx, {
        event: 'authenticity_confirmation_reminder',
        language: request.language,
        recipient: { email: request.recipient_email, userId: null },
        applicationId: request.application_id,
        values: noticeValues(request, request, request.applicant_name ?? '', request.file_name),
        attachmentDocumentId: request.document_id,
        now,
      });
      // Once: a request still unanswered after the reminder is closed as "no answer" by an officer.
      await trx.updateTable('confirmation_requests').set({ remind_on: null, reminder_outbox_id: outboxId }).where('id', '=', request.id).execute();
      await history(trx, request.application_id, null, 'confirmation_reminded', request.reference);
    }
    return due.length;
  });
}
