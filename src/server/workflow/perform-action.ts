import { sql, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { z } from 'zod';
import { type ACTION_REQUESTS } from '../../shared/api/applications';
import type { User } from '../../shared/api/auth';
import type { ServiceType } from '../../shared/constants';
import { CLOSED_STATUSES, WAITING_FOR_APPLICANT_STATUSES, type ApplicationStatus } from '../../shared/domain/application-status';
import {
  PREVIOUS_STATUS,
  WORKFLOW_ACTIONS,
  findMove,
  mayPerform,
  notesRequiredRefusal,
  type ActionName,
  type SideEffect,
} from '../../shared/domain/application-workflow';
import type { AppDatabase } from '../db/database';
import type { ApplicationsTable, Database } from '../db/schema';
import { conflict, fieldError, notFound, permissionDenied, preconditionFailed, type ApiError } from '../errors';
import { visibleIn, type ApplicationScope } from '../application-scope';
import { notifyApplicantOf } from './applicant-messages';
import { hasSubmittedVerdict, issueDocument, revokeIssuedDocuments } from './issued-documents';
import { discardIssued, type DocumentIssuer } from '../issued-files';
import { assignableOfficerIds } from './officer-queries';
import { hasInspectorateDocument } from '../inspectorate-document';
import { missingRequiredDocuments } from '../required-documents';
import { syncApplicationDeadlines } from '../application-deadlines';
import { feePolicy } from './fee-policy';
import { exemptPayment, openPayment, settlePayment } from './payment-ledger';
import { assertMayDecide, checkMeeting, checkParticipants, councilRefusal, councilSeats } from '../council-quorum';
import { recordAudit } from '../shared/audit';
import { displayName } from '../shared/display-name';
import { approveRecognitionDecision, approvedDecisionId, writeRecognitionDecision } from './recognition-decision';
import { ISSUING_EFFECTS } from '../issued-document-rows';

// One workflow action, in one transaction: lock the row the caller may see, check the version
// they saw (412), ask the transition table (409), then change the status and do the action's side
// effects (issuing a document renders and stores its PDF here, issued-files.ts), write the history
// and audit rows and queue the applicant's notification. Any failure rolls all of it back.

type Trx = Transaction<Database>;
type LockedApplication = Selectable<ApplicationsTable> & { fee_enabled: boolean; fee_exemption_allowed: boolean };
type Request<A extends ActionName> = z.output<(typeof ACTION_REQUESTS)[A]>;
type AnyRequest = Request<ActionName> & Partial<Request<'update_status'>> & Partial<Request<'move_to_council'>> &
  Partial<Request<'mark_paid'>> & Partial<Request<'assign_officer'>> & Partial<Request<'approve_document'>> &
  Partial<Request<'record_council_decision'>> & Partial<Request<'prepare_decision'>>;

export interface ActionContext {
  db: AppDatabase;
  user: User;
  scope: ApplicationScope;
  ip: string | null;
  /** Now, for the deadlines a status change starts or stops (tests pass a controlled clock). */
  clock?: () => Date;
  /**
   * The caller's transaction, when the action is one step of a larger change that must land or
   * fail whole (a bank statement's import records many payments); absent: its own transaction.
   */
  trx?: Trx;
  /** The bank statement line a mark_paid records (statement import). */
  statementLineId?: number;
  /** Renders and stores what the action issues (certificates, receipts) in its transaction. */
  issuer: DocumentIssuer;
  /** With `trx`: receives the storage keys the action wrote, for the caller to remove when its transaction fails. */
  written?: string[];
}

export async function performAction(context: ActionContext, id: number, name: ActionName, input: AnyRequest): Promise<void> {
  const { db, user, scope } = context;
  if (!mayPerform(user, name)) throw permissionDenied('action_not_permitted');
  const definition = WORKFLOW_ACTIONS[name];
  const notes = input.notes?.trim() || null;
  if (definition.notes === 'required' && !notes) throw fieldError('notes', notesRequiredRefusal(name));

  // Stored bytes of what this action issued: removed again when the action fails.
  const written: string[] = [];
  const run = async (trx: Trx) => {
    const row = await trx
      .selectFrom('applications')
      .innerJoin('services', 'services.id', 'applications.service_id')
      .selectAll('applications')
      .select(['services.fee_enabled', 'services.fee_exemption_allowed'])
      .where('applications.id', '=', id)
      .where(visibleIn(scope))
      .forUpdate('applications')
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.version !== input.version) throw preconditionFailed();

    const subject = { service_type: row.service_type as ServiceType, status: row.status, archived: row.archived, invalidated: row.invalidated };
    const move = findMove(subject, feePolicy(row), name, input.to);
    if (!move) {
      throw moveRefused(row, name, input.to);
    }

    if (name === 'inspectorate_approve' && !(await hasInspectorateDocument(trx, row.id))) {
      throw conflict('inspectorate_document_missing', {}, { status: row.status });
    }
    if (name === 'submit_verdict' && !(await hasSubmittedVerdict(trx, row.id))) {
      throw conflict('verdict_not_submitted', {}, { status: row.status });
    }

    let next: ApplicationStatus = row.status;
    if (move.to === PREVIOUS_STATUS) {
      if (!row.previous_status) throw conflict('no_earlier_status', {}, { status: row.status });
      next = row.previous_status;
    } else if (move.to !== null) {
      next = move.to;
    }

    const now = context.clock?.() ?? new Date();
    const changes: Updateable<ApplicationsTable> = { status: next, version: row.version + 1, updated_at: now };
    if (next !== row.status && CLOSED_STATUSES.includes(next)) changes.closed_at = now;
    let notify = false;
    for (const effect of definition.effects) {
      const issuing = { issuer: context.issuer, written };
      notify = (await applyEffect(trx, { effect, name, row, next, notes, input, user, now, changes, statementLineId: context.statementLineId, issuing })) || notify;
    }
    // Deadlines start, stop and resume with the status; the application's deadline and
    // review due date follow the configured service-completion and council-review deadlines.
    if (next !== row.status) Object.assign(changes, await syncApplicationDeadlines(trx, { applicationId: id, status: next, now }));

    await trx.updateTable('applications').set(changes).where('id', '=', id).execute();
    await trx
      .insertInto('application_history')
      .values({
        application_id: id,
        action: name,
        from_status: row.status,
        to_status: definition.kind === 'transition' ? next : null,
        actor_id: user.id,
        notes,
      })
      .execute();
    await recordAudit(trx, {
      actorId: user.id,
      action: `application.${name}`,
      entityType: 'application',
      entityId: id,
      // A document review names its document, so the log says which one of several.
      details: { reference: row.reference, from: row.status, to: next, notes, ...(input.document_id === undefined ? {} : { document_id: input.document_id }) },
      ip: context.ip,
    });
    if (notify) {
      const outcome = changes.decision_outcome === 'approved' || changes.decision_outcome === 'rejected' ? changes.decision_outcome : null;
      await notifyApplicantOf(trx, { applicationId: id, action: name, next, notes, outcome });
    }
  };
  try {
    if (context.trx) await run(context.trx);
    else await db.transaction().execute(run);
    context.written?.push(...written);
  } catch (error) {
    await discardIssued(context.issuer.storage, written);
    throw error;
  }
}

/** 409 for an action the application's state does not allow; `extra` tells the client the state now. */
function moveRefused(row: { status: ApplicationStatus; archived: boolean; invalidated: boolean }, name: ActionName, to?: ApplicationStatus): ApiError {
  const state = { status: row.status, archived: row.archived, invalidated: row.invalidated };
  if (row.invalidated) return conflict('application_invalidated', {}, state);
  if (row.archived && WORKFLOW_ACTIONS[name].kind !== 'record') return conflict('application_archived', {}, state);
  return to ? conflict('action_to_not_allowed', { to, status: row.status }, state) : conflict('action_not_allowed', { status: row.status }, state);
}

interface EffectInput {
  effect: SideEffect;
  name: ActionName;
  row: LockedApplication;
  next: ApplicationStatus;
  notes: string | null;
  input: AnyRequest;
  user: User;
  now: Date;
  changes: Updateable<ApplicationsTable>;
  statementLineId?: number;
  issuing: { issuer: DocumentIssuer; written: string[] };
}
/** Applies one side effect to `changes` or to other tables; true when the applicant must be told. */
async function applyEffect(trx: Trx, { effect, name, row, next, notes, input, user, now, changes, statementLineId, issuing }: EffectInput): Promise<boolean> {
  switch (effect) {
    case 'notify_applicant':
      return true;
    case 'notify_applicant_if_waiting':
      return WAITING_FOR_APPLICANT_STATUSES.includes(next);
    case 'open_payment':
      await openPayment(trx, { applicationId: row.id, requestedById: user.id, now });
      return false;
    case 'record_payment': {
      const { paymentId } = await settlePayment(trx, {
        applicationId: row.id,
        amount: input.amount!,
        transactionId: input.transaction_id!,
        method: input.method ?? 'bank_transfer',
        recordedById: user.id,
        now,
        statementLineId,
      });
      await issuing.issuer.receipt(trx, paymentId, issuing.written);
      return false;
    }
    case 'exempt_payment':
      await exemptPayment(trx, { applicationId: row.id, requestedById: user.id, now });
      return false;
    case 'assign_council': {
      const council = await trx.selectFrom('councils').select(['id', 'active']).where('id', '=', input.council_id!).executeTakeFirst();
      if (!council || !council.active) throw fieldError('council_id', 'council_not_active');
      Object.assign(changes, councilAssignment(council.id, now));
      return false;
    }
    case 'auto_assign_council': {
      const councilId = await leastLoadedCouncil(trx, row.academic_field_category);
      Object.assign(changes, councilAssignment(councilId, now));
      return false;
    }
    case 'open_council_review':
      assertMayDecide(user, row.council_id === null ? null : await councilSeats(trx, row.council_id, row.id));
      changes.review_status = 'in_review';
      return false;
    case 'record_council_decision':
      Object.assign(changes, await councilDecision(trx, { row, notes, input, user, now }));
      return false;
    case 'prepare_recognition_decision':
    case 'record_recognition_decision':
      await writeRecognitionDecision(trx, {
        application: row,
        decision: input.decision!,
        user,
        now,
        takenWith: name === 'grant_recognition' || name === 'deny_recognition' ? name : undefined,
      });
      return false;
    case 'approve_recognition_decision':
      await approveRecognitionDecision(trx, { applicationId: row.id, action: name === 'approve' ? 'approve' : 'reject', user, now });
      return false;
    case 'record_decision':
      Object.assign(changes, {
        decision_outcome: next === 'approved' || next === 'pre_university_recognition' ? 'approved' : 'rejected',
        decision_comments: notes,
        decided_by_id: user.id,
        decided_at: now,
      });
      return false;
    case 'record_inspectorate_verification':
      Object.assign(changes, {
        inspectorate_outcome: next === 'inspectorate_verified' ? 'verified' : 'rejected',
        inspectorate_verified_by_id: user.id,
        inspectorate_verified_at: now,
        inspectorate_notes: notes,
      });
      return false;
    case 'remember_previous_status':
      changes.previous_status = row.status;
      return false;
    case 'restore_previous_status':
      changes.previous_status = null;
      return false;
    case 'set_archived':
      changes.archived = true;
      return false;
    case 'set_invalidated':
      Object.assign(changes, { invalidated: true, invalidated_reason: notes });
      return false;
    case 'assign_officer':
      Object.assign(changes, await officerAssignment(trx, input.officer_id ?? null, now));
      return false;
    case 'append_note':
      await trx.insertInto('application_notes').values({ application_id: row.id, author_id: user.id, text: notes ?? '' }).execute();
      return false;
    case 'review_document': {
      const reviewed = await trx
        .updateTable('application_documents')
        .set({ status: name === 'approve_document' ? 'verified' : 'rejected', review_notes: notes, reviewed_by_id: user.id, reviewed_at: now })
        .where('id', '=', input.document_id!)
        .where('application_id', '=', row.id)
        .returning('id')
        .executeTakeFirst();
      if (!reviewed) throw fieldError('document_id', 'document_not_of_application');
      return false;
    }
    case 'issue_recognition_certificate':
    case 'issue_recognition_statement':
    case 'issue_verification_document': {
      const kind = ISSUING_EFFECTS[effect]!;
      await issuing.issuer.issuedDocument(trx, await issueDocument(trx, row, kind, user.id, now), issuing.written);
      return false;
    }
    case 'issue_decision_pdf':
      await issuing.issuer.decisionPdf(trx, await approvedDecisionId(trx, row.id), issuing.written);
      return false;
    case 'revoke_issued_documents':
      await revokeIssuedDocuments(trx, row.id, notes, now);
      return false;
  }
}

/**
 * The council's decision: who took part is checked by the one rule of council-quorum.ts
 * (members without a conflict of interest, at least the quorum; the recorder a non-conflicted member
 * or an officer), the file must hold every document its service requires, the decision row is written, and the application keeps its outcome and comments.
 */
async function councilDecision(
  trx: Trx,
  { row, notes, input, user, now }: Pick<EffectInput, 'row' | 'notes' | 'input' | 'user' | 'now'>,
): Promise<Updateable<ApplicationsTable>> {
  if (row.council_id === null) throw councilRefusal('no_council');
  const council = await trx.selectFrom('councils').select(['id', 'quorum']).where('id', '=', row.council_id).executeTakeFirstOrThrow();
  const seats = await councilSeats(trx, council.id, row.id);
  assertMayDecide(user, seats);
  const participantIds = checkParticipants(seats, council.quorum, input.participant_ids ?? []);
  const meetingId = input.meeting_id ?? null;
  if (meetingId !== null) await checkMeeting(trx, council.id, meetingId);
  // A recognition decided on a file without its diploma (or another required document) would not hold up.
  const missing = await missingRequiredDocuments(trx, row.id);
  if (missing.length > 0) throw conflict('council_review_documents_missing', { documents: missing.join(',') }, { status: row.status, missing_documents: missing });
  const outcome = input.outcome!;
  const reviewNotes = input.review_notes?.trim() || null;
  await trx
    .insertInto('council_decisions')
    .values({
      application_id: row.id,
      council_id: council.id,
      meeting_id: meetingId,
      outcome,
      comments: notes ?? '',
      review_notes: reviewNotes,
      participant_ids: participantIds,
      recorded_by_id: user.id,
      recorded_at: now,
    })
    .execute();
  return {
    review_status: 'completed',
    council_outcome: outcome,
    council_comments: notes,
    review_notes: reviewNotes,
    reviewed_by_id: user.id,
    review_date: now,
  };
}

/** The review due date comes from the council-review deadline configuration (syncApplicationDeadlines). */
function councilAssignment(councilId: number, now: Date): Updateable<ApplicationsTable> {
  return { council_id: councilId, review_status: 'pending_review', assigned_at: now };
}

/** The active council covering the field with the fewest open applications. */
async function leastLoadedCouncil(trx: Trx, field: LockedApplication['academic_field_category']): Promise<number> {
  if (!field) throw councilRefusal('no_field');
  const council = await trx
    .selectFrom('councils')
    .select('councils.id')
    .where('councils.active', '=', true)
    .where(sql<boolean>`${field} = any(councils.academic_field_categories)`)
    .orderBy(
      (eb) =>
        eb
          .selectFrom('applications')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('applications.council_id', '=', 'councils.id')
          .where('applications.closed_at', 'is', null),
      'asc',
    )
    .orderBy('councils.id')
    .executeTakeFirst();
  if (!council) throw councilRefusal('no_active_council', { field });
  return council.id;
}

async function officerAssignment(trx: Trx, officerId: number | null, now: Date): Promise<Updateable<ApplicationsTable>> {
  if (officerId === null) return { assigned_officer_id: null, assigned_officer_name: null, assigned_at: null };
  const officer = await trx
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', '=', officerId)
    .where('is_active', '=', true)
    .where((eb) => eb.or([eb('is_superuser', '=', true), eb('id', 'in', assignableOfficerIds(eb))]))
    .executeTakeFirst();
  if (!officer) throw fieldError('officer_id', 'officer_not_active');
  const name = displayName(officer.first_name, officer.last_name, officer.username);
  return { assigned_officer_id: officer.id, assigned_officer_name: name, assigned_at: now };
}
