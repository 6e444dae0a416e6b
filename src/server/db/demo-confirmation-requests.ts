import { sql, type Transaction } from 'kysely';
import { CLOSED_STATUSES } from '../../shared/domain/application-status';
import { waitOnThirdParty } from '../application-deadlines';
import type { AppDatabase } from './database';
import type { Database } from './schema';

// Two confirmation requests for the demo, on open applications naming an institution whose
// dossier has a registrar e-mail: one waiting for the answer (its application's clocks paused for
// the institution) and one the institution answered "confirmed" with a pasted e-mail.

const DAY = 86_400_000;

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
    .limit(2)
    .execute();
  for (const [index, candidate] of candidates.entries()) {
    const answered = index === 1;
    const sentAt = new Date(now.getTime() - (answered ? 30 : 6) * DAY);
    const reference = `${candidate.reference}-C1`;
    const outbox = await trx
      .insertInto('notification_outbox')
      .values({
        recipient_user_id: null,
        recipient_email: candidate.registrar_email!,
        kind: 'email',
        subject: `Request to confirm a document you issued (${reference})`,
        message: `Demo: the request ${reference} about ${candidate.file_name}.`,
        status: 'sent',
        sent_at: sentAt,
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
        remind_on: answered ? null : new Date(sentAt.getTime() + 21 * DAY).toISOString().slice(0, 10),
        ...(answered
          ? {
              state: 'answered' as const,
              answer: 'confirmed' as const,
              answered_on: new Date(sentAt.getTime() + 9 * DAY).toISOString().slice(0, 10),
              reply_text: 'We confirm that the diploma was issued by our institution to the holder named in your request.',
              closed_by_id: verifier?.id ?? null,
              closed_at: new Date(sentAt.getTime() + 10 * DAY),
            }
          : {}),
      })
      .execute();
    await trx.insertInto('application_history').values({ application_id: candidate.id, action: 'confirmation_requested', actor_id: verifier?.id ?? null, notes: reference, created_at: sentAt }).execute();
    if (answered) {
      await trx.insertInto('application_history').values({ application_id: candidate.id, action: 'confirmation_answered', actor_id: verifier?.id ?? null, notes: `${reference} · confirmed`, created_at: new Date(sentAt.getTime() + 10 * DAY) }).execute();
    } else {
      const dates = await waitOnThirdParty(trx as unknown as AppDatabase, candidate.id, true, sentAt);
      if (dates.deadline !== undefined || dates.review_due_date !== undefined) await trx.updateTable('applications').set(dates).where('id', '=', candidate.id).execute();
    }
  }
}
