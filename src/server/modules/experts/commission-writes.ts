import type { z } from 'zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { type commissionCreate, type commissionUpdate } from '../../../shared/api/experts';
import type { AppDatabase } from '../../db/database';
import { ApiError, fieldError, notFound } from '../../errors';
import { evaluatorOptions } from './commission-queries';
import { DEFAULT_LANGUAGE } from '../../../shared/constants';

// Creating and changing expert commissions, each in one transaction. Members must be active
// evaluators and the chair one of them (the schema checks the latter); a change names the version
// it read (412 when stale); a member who still has open reviews of the commission stays in it.

type CreateInput = z.output<typeof commissionCreate>;
type UpdateInput = z.output<typeof commissionUpdate>;

const stale = () => new ApiError(HTTP_STATUS.preconditionFailed, 'expert_stale_commission');
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

async function checkEvaluators(db: AppDatabase, memberIds: readonly number[]): Promise<void> {
  // Only who is there counts here, not the order: any language will do.
  const found = new Set((await evaluatorOptions(db, DEFAULT_LANGUAGE, memberIds)).map((option) => option.id));
  const index = memberIds.findIndex((id) => !found.has(id));
  if (index >= 0) throw fieldError(`member_ids.${index}`, 'expert_not_evaluator');
}

async function nameTaken(db: AppDatabase, name: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom('expert_commissions').select('id').where((eb) => eb(eb.fn('lower', ['name_en']), '=', name.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return !!(await query.executeTakeFirst());
}

export async function createCommission(db: AppDatabase, input: CreateInput): Promise<number> {
  await checkEvaluators(db, input.member_ids);
  if (await nameTaken(db, input.name_en)) throw fieldError('name_en', 'expert_name_taken');
  try {
    return await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('expert_commissions')
        .values({ name_en: input.name_en, name_sq: input.name_sq, name_sr: input.name_sr, description: input.description || null, academic_field_category: input.academic_field_category, active: input.active })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('expert_commission_members')
        .values(input.member_ids.map((userId) => ({ commission_id: id, user_id: userId, is_chair: userId === input.chair_id })))
        .execute();
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name_en', 'expert_name_taken');
    throw error;
  }
}

export async function updateCommission(db: AppDatabase, id: number, input: UpdateInput): Promise<void> {
  const current = await db.selectFrom('expert_commissions').select(['id', 'version']).where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound();
  if (input.member_ids) await checkEvaluators(db, input.member_ids);
  if (input.name_en !== undefined && (await nameTaken(db, input.name_en, id))) throw fieldError('name_en', 'expert_name_taken');
  try {
    await db.transaction().execute(async (trx) => {
      // The version check and the bump are one statement: two concurrent saves cannot both pass.
      const changed = await trx
        .updateTable('expert_commissions')
        .set((eb) => ({
          ...(input.name_en !== undefined ? { name_en: input.name_en } : {}),
          ...(input.name_sq !== undefined ? { name_sq: input.name_sq } : {}),
          ...(input.name_sr !== undefined ? { name_sr: input.name_sr } : {}),
          ...(input.description !== undefined ? { description: input.description || null } : {}),
          ...(input.academic_field_category !== undefined ? { academic_field_category: input.academic_field_category } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          version: eb('version', '+', 1),
          updated_at: new Date(),
        }))
        .where('id', '=', id)
        .where('version', '=', input.version)
        .returning('id')
        .executeTakeFirst();
      if (!changed) throw stale();
      if (!input.member_ids || input.chair_id === undefined) return;
      const leaving = await trx
        .selectFrom('expert_reviews')
        .select('reviewer_id')
        .where('commission_id', '=', id)
        .where('status', '=', 'requested')
        .where('reviewer_id', 'not in', input.member_ids)
        .executeTakeFirst();
      if (leaving) throw fieldError('member_ids', 'expert_member_has_open_reviews');
      await trx.deleteFrom('expert_commission_members').where('commission_id', '=', id).execute();
      await trx
        .insertInto('expert_commission_members')
        .values(input.member_ids.map((userId) => ({ commission_id: id, user_id: userId, is_chair: userId === input.chair_id })))
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name_en', 'expert_name_taken');
    throw error;
  }
}
