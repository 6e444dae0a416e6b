import type { Transaction } from 'kysely';
import { APPEALABLE_SERVICE_TYPES, type AppealOutcomeRequest } from '../../../shared/api/appeals';
import type { User } from '../../../shared/api/auth';
import { CLOSED_STATUSES } from '../../../shared/domain/application-status';
import { computeDeadline } from '../../../shared/domain/deadline-clock';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { isPositiveOutcome } from '../../../shared/api/recognition-decisions';
import type { ServiceCategory } from '../../../shared/constants';
import { holidaysFrom } from '../../application-deadlines';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict, fieldError, notFound, permissionDenied, preconditionFailed } from '../../errors';
import { discardIssued, type DocumentIssuer } from '../../issued-files';
import { recordAudit } from '../../shared/audit';
import { displayName } from '../../shared/display-name';
import { notifyApplicantOfAppeal } from '../../workflow/applicant-messages';
import { issueDocument, revokeIssuedDocuments } from '../../workflow/issued-documents';
import { assignableOfficerIds } from '../../workflow/officer-queries';
import { writeRecognitionDecision } from '../../workflow/recognition-decision';
import { appealVisibleIn, outcomesOpenTo, originalDeciders } from './appeal-queries';

// The rules of an appeal case, each change in one transaction with its audit row: registering it
// from the applicant's letter (late or not is judged here, once), assigning it (the conflict rule),
// and its outcome (a changed decision is written through the decision's own writer, the old one
// superseded, the recognition certificate revoked and issued again).

type Trx = Transaction<Database>;

export interface AppealContext {
  db: AppDatabase;
  user: User;
  scope: ApplicationScope;
  ip: string | null;
  now: Date;
}

/** The appeal's due date: the active `appeal_review` configuration of the service's category, counted from the day it was received. */
async function appealDueDate(trx: Trx, category: ServiceCategory, receivedOn: string, now: Date): Promise<string | null> {
  const configuration = await trx
    .selectFrom('deadline_configurations')
    .select(['days_from_start', 'working_days'])
    .where('deadline_type', '=', 'appeal_review')
    .where('service_category', '=', category)
    .where('active', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!configuration) return null;
  const holidays = await holidaysFrom(trx as unknown as AppDatabase, receivedOn);
  return computeDeadline({ start: receivedOn, days: configuration.days_from_start, workingDays: configuration.working_days, holidays, pauses: [], today: kosovoDate(now) }).due;
}

export async function registerAppeal(
  context: AppealContext,
  applicationId: number,
  input: { received_on: string; grounds: string; letter_document_id: number },
): Promise<number> {
  const { db, user, scope, now } = context;
  return db.transaction().execute(async (trx) => {
    const application = await trx
      .selectFrom('applications')
      .innerJoin('services', 'services.id', 'applications.service_id')
      .select(['applications.id', 'applications.reference', 'applications.service_type', 'applications.status', 'services.category'])
      .where('applications.id', '=', applicationId)
      .where(visibleIn(scope))
      .forUpdate('applications')
      .executeTakeFirst();
    if (!application) throw notFound();
    if (!(APPEALABLE_SERVICE_TYPES as readonly number[]).includes(application.service_type)) throw conflict('appeal_service_not_appealable');
    if (!CLOSED_STATUSES.includes(application.status)) throw conflict('appeal_application_not_decided');
    const decision = await trx
      .selectFrom('recognition_decisions')
      .select(['id', 'appeal_last_day', 'approved_at'])
      .where('application_id', '=', application.id)
      .where('state', '=', 'approved')
      .executeTakeFirst();
    if (!decision || !decision.approved_at) throw conflict('appeal_no_decision');
    const letter = await trx.selectFrom('application_documents').select('id').where('id', '=', input.letter_document_id).where('application_id', '=', application.id).executeTakeFirst();
    if (!letter) throw fieldError('letter_document_id', 'appeal_letter_not_of_application');
    if (input.received_on > kosovoDate(now)) throw fieldError('received_on', 'appeal_received_in_future');
    if (input.received_on < kosovoDate(decision.approved_at)) throw fieldError('received_on', 'appeal_received_before_decision');
    const open = await trx.selectFrom('appeals').select('id').where('decision_id', '=', decision.id).where('state', '<>', 'decided').executeTakeFirst();
    if (open) throw conflict('appeal_open_exists');

    const late = input.received_on > decision.appeal_last_day;
    const { id } = await trx
      .insertInto('appeals')
      .values({
        application_id: application.id,
        decision_id: decision.id,
        received_on: input.received_on,
        grounds: input.grounds,
        letter_document_id: letter.id,
        late,
        due_date: await appealDueDate(trx, application.category, input.received_on, now),
        registered_by_id: user.id,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorId: user.id,
      action: 'appeal.registered',
      entityType: 'appeal',
      entityId: id,
      details: { application_id: application.id, reference: application.reference, decision_id: decision.id, received_on: input.received_on, late },
      ip: context.ip,
    });
    return id;
  });
}

async function lockAppeal(trx: Trx, scope: ApplicationScope, id: number, version: number) {
  const appeal = await trx
    .selectFrom('appeals')
    .innerJoin('applications', 'applications.id', 'appeals.application_id')
    .innerJoin('recognition_decisions as decision', 'decision.id', 'appeals.decision_id')
    .selectAll('appeals')
    .select(['applications.reference', 'applications.service_id', 'applications.service_type', 'applications.applicant_name', 'decision.prepared_by_id', 'decision.approved_by_id'])
    .where('appeals.id', '=', id)
    .where(appealVisibleIn(scope))
    .forUpdate('appeals')
    .executeTakeFirst();
  if (!appeal) throw notFound();
  if (appeal.version !== version) throw preconditionFailed();
  if (appeal.state === 'decided') throw conflict('appeal_decided');
  return appeal;
}

export async function assignAppeal(
  context: AppealContext,
  id: number,
  input: { council_id?: number | null; officer_id?: number | null; late_acceptance_reason?: string | null; version: number },
): Promise<void> {
  const { db, user, scope, now } = context;
  await db.transaction().execute(async (trx) => {
    const appeal = await lockAppeal(trx, scope, id, input.version);
    const deciders = await originalDeciders(trx, appeal);
    const councilId = input.council_id ?? null;
    const officerId = input.officer_id ?? null;
    if (councilId !== null) {
      const council = await trx.selectFrom('councils').select(['id', 'name_en', 'active']).where('id', '=', councilId).executeTakeFirst();
      if (!council || !council.active) throw fieldError('council_id', 'appeal_council_not_active');
      // An appeal is heard by someone who did not take the decision (the conflict rule).
      if (deciders.councils.has(council.id)) throw conflict('appeal_conflict_council', { council: council.name_en });
    } else if (officerId !== null) {
      const officer = await trx
        .selectFrom('users')
        .select(['id', 'first_name', 'last_name', 'username'])
        .where('id', '=', officerId)
        .where('is_active', '=', true)
        .where((eb) => eb.or([eb('is_superuser', '=', true), eb('id', 'in', assignableOfficerIds(eb))]))
        .executeTakeFirst();
      if (!officer) throw fieldError('officer_id', 'appeal_officer_not_active');
      if (deciders.officers.has(officer.id) || deciders.participants.has(officer.id)) {
        throw conflict('appeal_conflict_officer', { officer: displayName(officer.first_name, officer.last_name, officer.username) });
      }
    }
    const acceptance = appeal.late_acceptance_reason ?? input.late_acceptance_reason?.trim() ?? null;
    // A late appeal goes on to review only with the reason it is accepted for.
    if (appeal.late && !acceptance) throw fieldError('late_acceptance_reason', 'appeal_late_not_accepted');
    await trx
      .updateTable('appeals')
      .set({
        council_id: councilId,
        officer_id: councilId === null ? officerId : null,
        late_acceptance_reason: appeal.late ? acceptance : null,
        assigned_at: now,
        state: 'under_review',
        version: appeal.version + 1,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, {
      actorId: user.id,
      action: 'appeal.assigned',
      entityType: 'appeal',
      entityId: id,
      details: { reference: appeal.reference, council_id: councilId, officer_id: officerId, late_acceptance_reason: appeal.late_acceptance_reason === null && appeal.late ? acceptance : undefined },
      ip: context.ip,
    });
  });
}

export async function decideAppeal(context: AppealContext & { issuer: DocumentIssuer }, id: number, input: AppealOutcomeRequest): Promise<void> {
  const { db, user, scope, now, issuer } = context;
  const written: string[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      const appeal = await lockAppeal(trx, scope, id, input.version);
      const open = await outcomesOpenTo(trx, user, appeal);
      if (!open.includes(input.outcome)) throw await outcomeRefusal(trx, user, appeal, input.outcome);

      let newDecisionId: number | null = null;
      if (input.outcome === 'changed' && 'decision' in input && input.decision) {
        const application = await trx
          .selectFrom('applications')
          .select(['id', 'reference', 'applicant_name', 'service_id', 'service_type'])
          .where('id', '=', appeal.application_id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        // The appeal's reviewer decides the new decision whole: it is approved as it is written.
        newDecisionId = await writeRecognitionDecision(trx, { application, decision: input.decision, user, now, takenWith: 'appeal' });
        await reissueRecognitionDocument(trx, { application, positive: isPositiveOutcome(input.decision.outcome), user, now, issuer, written, reason: input.reason });
        // The changed decision is written, as every approved decision is: its own PDF, in this transaction.
        await issuer.decisionPdf(trx, newDecisionId, written);
      }
      await trx
        .updateTable('appeals')
        .set({ state: 'decided', outcome: input.outcome, outcome_reason: input.reason, decided_by_id: user.id, decided_at: now, new_decision_id: newDecisionId, version: appeal.version + 1, updated_at: now })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, {
        actorId: user.id,
        action: 'appeal.decided',
        entityType: 'appeal',
        entityId: id,
        details: { reference: appeal.reference, outcome: input.outcome, decision_id: appeal.decision_id, new_decision_id: newDecisionId },
        ip: context.ip,
      });
      await notifyApplicantOfAppeal(trx, { applicationId: appeal.application_id, outcome: input.outcome, notes: input.reason });
    });
  } catch (error) {
    await discardIssued(issuer.storage, written);
    throw error;
  }
}

/** Why the outcome is not open to the user: who they are first, then the appeal's state. */
async function outcomeRefusal(
  trx: Trx,
  user: User,
  appeal: { application_id: number; prepared_by_id: number; approved_by_id: number | null; late: boolean; late_acceptance_reason: string | null; state: string },
  outcome: AppealOutcomeRequest['outcome'],
) {
  const deciders = await originalDeciders(trx, appeal);
  if (deciders.officers.has(user.id) || deciders.participants.has(user.id)) return conflict('appeal_reviewer_conflict');
  if (outcome === 'rejected_late') return conflict(appeal.late ? 'appeal_decided' : 'appeal_not_late');
  if (appeal.late && appeal.late_acceptance_reason === null) return conflict('appeal_late_not_accepted');
  if (appeal.state !== 'under_review') return conflict('appeal_not_assigned');
  return permissionDenied('appeal_reviewer_not_assignee');
}

/**
 * What the service issues on a recognising decision follows the decision: service 1's recognition
 * statement, service 2's recognition certificate. The one issued stands revoked with the appeal's
 * reason, and a recognising decision gets a new one, rendered and stored in this transaction as the
 * workflow's are (its text names the decision now current).
 */
async function reissueRecognitionDocument(
  trx: Trx,
  input: {
    application: { id: number; reference: string; applicant_name: string; service_type: number };
    positive: boolean;
    user: User;
    now: Date;
    issuer: DocumentIssuer;
    written: string[];
    reason: string;
  },
): Promise<void> {
  const kind = input.application.service_type === 1 ? 'recognition_statement' : 'recognition_certificate';
  await revokeIssuedDocuments(trx, input.application.id, input.reason, input.now, kind);
  if (!input.positive) return;
  const issuedId = await issueDocument(trx, input.application, kind, input.user.id, input.now);
  await input.issuer.issuedDocument(trx, issuedId, input.written);
}
