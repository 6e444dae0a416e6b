import type { ActiveContentKind } from '../../../shared/api/applications';
import { sql } from 'kysely';
import type { z } from 'zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { type reviewDraft, type reviewRequest, type reviewSubmit } from '../../../shared/api/experts';
import type { AppDatabase } from '../../db/database';
import { ApiError, conflict, fieldError, notFound } from '../../errors';

// Requesting, saving, submitting an expert review and attaching its report, each in one
// transaction. A write names the version it read (412 when stale); a submitted review is locked
// (409 on any further write). The routes check who the caller is before calling these.

const stale = () => new ApiError(HTTP_STATUS.preconditionFailed, 'expert_stale');
const locked = () => conflict('expert_locked');

export interface ReviewableApplication {
  id: number;
  service_type: number;
  closed_at: Date | null;
  archived: boolean;
  invalidated: boolean;
}

/** Only open recognition applications (service 1) go to an expert commission. */
export function isReviewable(application: ReviewableApplication): boolean {
  return application.service_type === 1 && application.closed_at === null && !application.archived && !application.invalidated;
}

export async function requestReview(db: AppDatabase, application: ReviewableApplication, input: z.output<typeof reviewRequest>, requesterId: number): Promise<number> {
  if (!isReviewable(application)) throw conflict('expert_not_reviewable');
  return db.transaction().execute(async (trx) => {
    const commission = await trx.selectFrom('expert_commissions').select(['id', 'active']).where('id', '=', input.commission_id).forShare().executeTakeFirst();
    if (!commission || !commission.active) throw fieldError('commission_id', 'expert_commission_inactive');
    const member = await trx
      .selectFrom('expert_commission_members')
      .innerJoin('users', 'users.id', 'expert_commission_members.user_id')
      .select('users.id')
      .where('expert_commission_members.commission_id', '=', commission.id)
      .where('expert_commission_members.user_id', '=', input.reviewer_id)
      .where('users.is_active', '=', true)
      .executeTakeFirst();
    if (!member) throw fieldError('reviewer_id', 'expert_reviewer_not_member');
    // "Today" as the database reads it, like every overdue marker (current_date).
    const { rows } = await sql<{ today: string }>`select to_char(current_date, 'YYYY-MM-DD') as today`.execute(trx);
    const today = rows[0]!.today;
    if (input.due_date < today) throw fieldError('due_date', 'expert_due_date_past');
    const open = await trx
      .selectFrom('expert_reviews')
      .select('id')
      .where('application_id', '=', application.id)
      .where('reviewer_id', '=', input.reviewer_id)
      .where('status', '=', 'requested')
      .executeTakeFirst();
    if (open) throw conflict('expert_already_requested');
    const { id } = await trx
      .insertInto('expert_reviews')
      .values({ application_id: application.id, commission_id: commission.id, reviewer_id: input.reviewer_id, requested_by_id: requesterId, due_date: input.due_date })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('application_history')
      .values({ application_id: application.id, action: 'expert_review_requested', actor_id: requesterId, from_status: null, to_status: null, notes: null })
      .execute();
    return id;
  });
}

async function lockedRow(trx: AppDatabase, reviewId: number) {
  const row = await trx.selectFrom('expert_reviews').select(['id', 'status', 'version', 'report_storage_key']).where('id', '=', reviewId).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function saveDraft(db: AppDatabase, reviewId: number, input: z.output<typeof reviewDraft>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockedRow(trx, reviewId);
    if (row.status === 'submitted') throw locked();
    if (row.version !== input.version) throw stale();
    await trx
      .updateTable('expert_reviews')
      .set((eb) => ({
        ...(input.assessment !== undefined ? { assessment: input.assessment } : {}),
        ...(input.recommendation !== undefined ? { recommendation: input.recommendation } : {}),
        ...(input.comments !== undefined ? { comments: input.comments } : {}),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', reviewId)
      .execute();
  });
}

export async function submitReview(db: AppDatabase, reviewId: number, input: z.output<typeof reviewSubmit>, reviewerId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockedRow(trx, reviewId);
    if (row.status === 'submitted') throw locked();
    if (row.version !== input.version) throw stale();
    const saved = await trx
      .updateTable('expert_reviews')
      .set((eb) => ({
        assessment: input.assessment,
        recommendation: input.recommendation,
        comments: input.comments,
        status: 'submitted' as const,
        submitted_at: new Date(),
        version: eb('version', '+', 1),
      }))
      .where('id', '=', reviewId)
      .returning('application_id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('application_history')
      .values({ application_id: saved.application_id, action: 'expert_review_submitted', actor_id: reviewerId, from_status: null, to_status: null, notes: null })
      .execute();
  });
}

/** Records the report's stored file; answers the key it replaced (the caller deletes it after). */
export async function attachReport(
  db: AppDatabase,
  reviewId: number,
  version: number,
  file: { key: string; fileName: string; size: number; sha256: string; activeContent: ActiveContentKind[] },
): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const row = await lockedRow(trx, reviewId);
    if (row.status === 'submitted') throw locked();
    if (row.version !== version) throw stale();
    await trx
      .updateTable('expert_reviews')
      .set((eb) => ({ report_storage_key: file.key, report_file_name: file.fileName, report_size: file.size, report_sha256: file.sha256, report_active_content: file.activeContent, version: eb('version', '+', 1) }))
      .where('id', '=', reviewId)
      .execute();
    return row.report_storage_key;
  });
}
