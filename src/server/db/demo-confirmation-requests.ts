import { sql, type Transaction } from 'kysely';
import { CLOSED_STATUSES } from '../../shared/domain/application-status';
import { waitOnThirdParty } from '../application-deadlines';
import { DEFAULT_SMTP_MAX_ATTEMPTS } from '../config';
import type { AppDatabase } from './database';
import type { Database } from './schema';

// A confirmation request in each state for the demo (issue 31), on open applications naming an
// institution whose dossier has a registrar e-mail, one application each: one waiting for the
// answer (its application's clocks paused for the institution), one whose e-mail could not be
// delivered (waiting too: the officer sees the failure and may ask again), one answered
// "confirmed", one "not confirmed" and one "no such record" (both doubt the document: the history
// says so, as recording such a reply does), one closed without an answer after its reminder, and
// one cancelled.

const DAY = 86_400_000;

interface DemoRequest {
  /** Days before today the request went out. */
  sentDaysAgo: number;
  state: 'sent' | 'answered' | 'no_answer' | 'cancelled';
  delivered: boolean;
  answer?: 'confirmed' | 'not_confirmed' | 'no_such_record';
  reply?: string;
  note?: string;
}

const DEMO_REQUESTS: readonly DemoRequest[] = [
  { sentDaysAgo: 6, state: 'sent', delivered: true },
  { sentDaysAgo: 30, state: 'answered', delivered: true, answer: 'confirmed', reply: 'We confirm that the diploma was issued by our institution to the holder named in your request.' },
  { sentDaysAgo: 3, state: 'sent', delivered: false },
  { sentDaysAgo: 40, state: 'answered', delivered: true, answer: 'not_confirmed', reply: 'The grades on the copy you sent differ from those in our register; we do not confirm this document.' },
  { sentDaysAgo: 45, state: 'answered', delivered: true, answer: 'no_such_record', reply: 'We hold no record of a diploma with this number or of this graduate.' },
  { sentDaysAgo: 60, state: 'no_answer', delivered: true, note: 'No reply after the reminder; the registrar could not be reached by phone either.' },
  { sentDaysAgo: 20, state: 'cancelled', delivered: true, note: 'The applicant withdrew the diploma from the file.' },
];
const DELIVERY_ERROR = '550 5.1.1 Recipient address rejected: mailbox unavailable';
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export async function seedDemoConfirmationRequests(trx: Transaction<Database>, now = new Date()): Promise<void> {
  const existing = await trx.selectFrom('confirmation_requests').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  const verifier = await trx.selectFrom('users').select('id').where('username', '=', 'verifier').executeTakeFirst();
  const candidates = await trx
    .selectFrom('applications as a')
    .innerJoin('application_documents as d', (join) => join.onRef('d.application_id', '=', 'a.id').on('d.document_type', '=', 'original_diploma'))
    .innerJoin('institutions as i', (join) => join.on(sql<boolean>`a.institution_name in (i.name_en, i.name_sq, i.name_sr)`))
    .innerJoin('institution_verification_contacts as c', (join) => join.onRef('c.institution_id', '=', 'i.id').on('c.registrar_email', 'is not', null))
    .select(['a.id', 'a.reference', 'd.id as document_id', 'd.file_name', 'c.id as contact_id', 'c.registrar_email', 'c.language', 'i.id as institution_id'])
    .where('a.status', 'not in', CLOSED_STATUSES)
    .where('a.archived', '=', false)
    .distinctOn('a.id')
    .orderBy('a.id')
    .limit(DEMO_REQUESTS.length)
    .execute();
  for (const [index, candidate] of candidates.entries()) {
    const demo = DEMO_REQUESTS[index]!;
    const waiting = demo.state === 'sent';
    const sentAt = new Date(now.getTime() - demo.sentDaysAgo * DAY);
    const closedAt = new Date(sentAt.getTime() + (demo.state === 'no_answer' ? 35 : 10) * DAY);
    const reference = `${candidate.reference}-C1`;
    const outbox = await trx
      .insertInto('notification_outbox')
      .values({
        recipient_user_id: null,
        recipient_email: candidate.registrar_email!,
        kind: 'email',
        subject: `Request to confirm a document you issued (${reference})`,
        message: `Demo: the request ${reference} about ${candidate.file_name}.`,
        status: demo.delivered ? 'sent' : 'failed',
        sent_at: demo.delivered ? sentAt : null,
        // Failed means every attempt the outbox makes was spent, as for the demo's other failed e-mails.
        ...(demo.delivered ? {} : { attempts: DEFAULT_SMTP_MAX_ATTEMPTS, last_error: DELIVERY_ERROR }),
        application_id: candidate.id,
        event: 'authenticity_confirmation_request',
        language: candidate.language as 'en' | 'sq' | 'sr',
        attachment_document_id: candidate.document_id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('confirmation_requests')
      .values({
        application_id: candidate.id,
        document_id: candidate.document_id,
        institution_id: candidate.institution_id,
        contact_id: candidate.contact_id,
        recipient_email: candidate.registrar_email!,
        language: candidate.language as 'en' | 'sq' | 'sr',
        reference,
        reply_to: 'naric@naric.example',
        outbox_id: outbox.id,
        sent_by_id: verifier?.id ?? null,
        sent_at: sentAt,
        remind_on: waiting ? isoDay(new Date(sentAt.getTime() + 21 * DAY)) : null,
        ...(waiting ? {} : { state: demo.state, closed_by_id: verifier?.id ?? null, closed_at: closedAt }),
        ...(demo.answer ? { answer: demo.answer, answered_on: isoDay(new Date(sentAt.getTime() + 9 * DAY)), reply_text: demo.reply ?? null } : {}),
        ...(demo.note ? { note: demo.note } : {}),
      })
      .execute();
    const history = (action: string, notes: string, at: Date) =>
      trx.insertInto('application_history').values({ application_id: candidate.id, action, actor_id: verifier?.id ?? null, notes, created_at: at }).execute();
    await history('confirmation_requested', reference, sentAt);
    if (demo.answer) {
      await history('confirmation_answered', `${reference} · ${demo.answer} · ${isoDay(new Date(sentAt.getTime() + 9 * DAY))}`, closedAt);
      if (demo.answer !== 'confirmed') await history('authenticity_doubted', `${reference} · ${demo.answer}`, closedAt);
    } else if (!waiting) {
      if (demo.state === 'no_answer') await history('confirmation_reminded', reference, new Date(sentAt.getTime() + 21 * DAY));
      await history(demo.state === 'no_answer' ? 'confirmation_no_answer' : 'confirmation_cancelled', reference, closedAt);
    } else {
      const dates = await waitOnThirdParty(trx as unknown as AppDatabase, candidate.id, true, sentAt);
      if (dates.deadline !== undefined || dates.review_due_date !== undefined) await trx.updateTable('applications').set(dates).where('id', '=', candidate.id).execute();
    }
  }
}
