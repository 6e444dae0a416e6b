import { sql, type ExpressionBuilder, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AppealDetail, AppealOutcome, AppealSummary, appealListQuery } from '../../../shared/api/appeals';
import type { User } from '../../../shared/api/auth';
import { hasPermission } from '../../../shared/auth/permissions';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import { displayNameSql } from '../../shared/display-name';
import { namesFrom } from '../../shared/localised-names';

// What the appeal screens read. An appeal is seen by whoever sees its application (the
// application's row scope), and besides by those it is assigned to: the officer, and the members
// of the council, who may come from another council than the application's.

type AppealsEb = ExpressionBuilder<Database, 'appeals' | 'applications'>;

export function appealVisibleIn(scope: ApplicationScope) {
  return (eb: AppealsEb): Expression<SqlBool> => {
    if (scope.kind === 'all') return eb.lit(true);
    return eb.or([
      visibleIn(scope)(eb as unknown as ExpressionBuilder<Database, 'applications'>),
      eb('appeals.officer_id', '=', scope.userId),
      eb('appeals.council_id', 'in', eb.selectFrom('council_members').select('council_members.council_id').where('council_members.user_id', '=', scope.userId)),
    ]);
  };
}

function appealRows(db: AppDatabase) {
  return db
    .selectFrom('appeals')
    .innerJoin('applications', 'applications.id', 'appeals.application_id')
    .innerJoin('recognition_decisions as decision', 'decision.id', 'appeals.decision_id')
    .leftJoin('councils', 'councils.id', 'appeals.council_id')
    .leftJoin('users as officer', 'officer.id', 'appeals.officer_id')
    .select([
      'appeals.id',
      'appeals.application_id',
      'applications.reference',
      'applications.service_type',
      'applications.applicant_name',
      'appeals.decision_id',
      'decision.outcome as decision_outcome',
      'decision.appeal_last_day',
      'decision.prepared_by_id',
      'decision.approved_by_id',
      'appeals.received_on',
      'appeals.late',
      'appeals.state',
      'appeals.outcome',
      'appeals.council_id',
      'councils.name_en as council_name_en',
      'councils.name_sq as council_name_sq',
      'councils.name_sr as council_name_sr',
      'appeals.officer_id',
      displayNameSql<string | null>('officer').as('officer_name'),
      'appeals.due_date',
      'appeals.decided_at',
    ]);
}

type AppealRow = Awaited<ReturnType<ReturnType<typeof appealRows>['executeTakeFirstOrThrow']>>;

function summaryOf(row: AppealRow): AppealSummary {
  return {
    id: row.id,
    application: { id: row.application_id, reference: row.reference, service_type: row.service_type, applicant_name: row.applicant_name },
    decision_id: row.decision_id,
    decision_outcome: row.decision_outcome,
    received_on: row.received_on,
    late: row.late,
    state: row.state,
    outcome: row.outcome,
    council: row.council_id === null ? null : { id: row.council_id, ...namesFrom(row, 'council_name') },
    officer: row.officer_id === null ? null : { id: row.officer_id, full_name: row.officer_name ?? '' },
    due_date: row.due_date,
    decided_at: row.decided_at?.toISOString() ?? null,
  };
}

export type AppealFilter = Omit<z.output<typeof appealListQuery>, 'page' | 'page_size'>;

export async function listAppeals(db: AppDatabase, scope: ApplicationScope, filter: AppealFilter, window: { limit: number; offset: number }) {
  let query = appealRows(db).where(appealVisibleIn(scope));
  if (filter.state) query = query.where('appeals.state', '=', filter.state);
  if (filter.late !== undefined) query = query.where('appeals.late', '=', filter.late);
  if (filter.council) query = query.where('appeals.council_id', '=', filter.council);
  if (filter.officer) query = query.where('appeals.officer_id', '=', filter.officer);
  if (filter.service_type) query = query.where('applications.service_type', '=', filter.service_type);
  if (filter.application) query = query.where('appeals.application_id', '=', filter.application);
  if (filter.received_from) query = query.where('appeals.received_on', '>=', filter.received_from);
  if (filter.received_to) query = query.where('appeals.received_on', '<=', filter.received_to);
  const descending = filter.ordering.startsWith('-');
  const column = filter.ordering.replace(/^-/, '') as 'received_on' | 'due_date' | 'id';
  const direction = descending ? 'desc' : 'asc';
  const [count, rows] = await Promise.all([
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    query
      // Appeals with no due date (none configured) come last either way.
      .orderBy(sql`${sql.ref(`appeals.${column}`)} ${sql.raw(direction)} nulls last`)
      .orderBy('appeals.id', direction)
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(count.n), rows: rows.map(summaryOf) };
}

/** The deciders of the decision appealed against: who prepared and approved it, the council that reviewed the application, its participants. */
export async function originalDeciders(db: Kysely<Database>, appeal: { application_id: number; prepared_by_id: number; approved_by_id: number | null }) {
  const [application, councilDecisions] = await Promise.all([
    db.selectFrom('applications').select('council_id').where('id', '=', appeal.application_id).executeTakeFirstOrThrow(),
    db.selectFrom('council_decisions').select(['council_id', 'participant_ids', 'recorded_by_id']).where('application_id', '=', appeal.application_id).execute(),
  ]);
  const officers = new Set<number>([appeal.prepared_by_id, ...(appeal.approved_by_id === null ? [] : [appeal.approved_by_id])]);
  const councils = new Set<number>([...(application.council_id === null ? [] : [application.council_id]), ...councilDecisions.map((decision) => decision.council_id)]);
  const participants = new Set<number>(councilDecisions.flatMap((decision) => [...decision.participant_ids, ...(decision.recorded_by_id === null ? [] : [decision.recorded_by_id])]));
  return { officers, councils, participants };
}

/** Whether the user sits on the council. */
export async function isCouncilMember(db: Kysely<Database>, councilId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('council_members').select('user_id').where('council_id', '=', councilId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * The outcomes the user may record now (the server's rules, so the screen offers only these):
 * rejected as late while a late appeal is not accepted, upheld or changed once it is under review;
 * by an officer who may prepare decisions or by the appeal's assignee, never by an original decider.
 */
export interface AppealParties {
  application_id: number;
  state: AppealSummary['state'];
  late: boolean;
  late_acceptance_reason: string | null;
  council_id: number | null;
  officer_id: number | null;
  prepared_by_id: number;
  approved_by_id: number | null;
}

export async function outcomesOpenTo(db: Kysely<Database>, user: User, appeal: AppealParties): Promise<AppealOutcome[]> {
  if (appeal.state === 'decided') return [];
  const officer = hasPermission(user, 'applications.prepare_decision');
  const assignee = appeal.officer_id === user.id || (appeal.council_id !== null && hasPermission(user, 'councils.review_application') && (await isCouncilMember(db, appeal.council_id, user.id)));
  if (!officer && !assignee) return [];
  const deciders = await originalDeciders(db, appeal);
  if (deciders.officers.has(user.id) || deciders.participants.has(user.id)) return [];
  const open: AppealOutcome[] = [];
  if (appeal.late && appeal.late_acceptance_reason === null) open.push('rejected_late');
  if (appeal.state === 'under_review') open.push('upheld', 'changed');
  return open;
}

export async function loadAppeal(db: AppDatabase, scope: ApplicationScope, id: number) {
  return appealRows(db)
    .leftJoin('application_documents as letter', 'letter.id', 'appeals.letter_document_id')
    .leftJoin('users as decider', 'decider.id', 'appeals.decided_by_id')
    .leftJoin('users as registrar', 'registrar.id', 'appeals.registered_by_id')
    .select([
      'appeals.grounds',
      'appeals.letter_document_id',
      'letter.file_name as letter_file_name',
      'appeals.late_acceptance_reason',
      'appeals.outcome_reason',
      'appeals.decided_by_id',
      displayNameSql<string | null>('decider').as('decided_by_name'),
      'appeals.new_decision_id',
      'appeals.registered_by_id',
      displayNameSql<string | null>('registrar').as('registered_by_name'),
      'appeals.created_at',
      'appeals.version',
      'applications.service_id',
    ])
    .where('appeals.id', '=', id)
    .where(appealVisibleIn(scope))
    .executeTakeFirst();
}

/** The stored file of an appeal's letter (seeded demo letters have metadata only). */
export function appealLetter(db: AppDatabase, documentId: number) {
  return db.selectFrom('application_documents').select(['storage_key', 'file_name', 'media_type', 'sha256']).where('id', '=', documentId).executeTakeFirst();
}

export type LoadedAppeal = NonNullable<Awaited<ReturnType<typeof loadAppeal>>>;

export async function appealDetailOf(db: AppDatabase, user: User, row: LoadedAppeal): Promise<AppealDetail> {
  return {
    ...summaryOf(row),
    grounds: row.grounds,
    letter: { id: row.letter_document_id, file_name: row.letter_file_name ?? '' },
    appeal_last_day: row.appeal_last_day,
    late_acceptance_reason: row.late_acceptance_reason,
    outcome_reason: row.outcome_reason,
    decided_by: row.decided_by_id === null ? null : { id: row.decided_by_id, full_name: row.decided_by_name ?? '' },
    new_decision_id: row.new_decision_id,
    registered_by: row.registered_by_id === null ? null : { id: row.registered_by_id, full_name: row.registered_by_name ?? '' },
    created_at: row.created_at.toISOString(),
    may_assign: row.state !== 'decided' && hasPermission(user, 'applications.prepare_decision'),
    may_decide: await outcomesOpenTo(db, user, row),
    version: row.version,
  };
}
