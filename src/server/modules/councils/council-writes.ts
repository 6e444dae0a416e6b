import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import { type CouncilListItem, type councilCreate } from '../../../shared/api/councils';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { GROUPS } from '../../../shared/auth/permissions';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, fieldErrors, notFound } from '../../errors';
import { findCouncil } from './council-queries';
import type { RefusalCode } from '../../../shared/refusals';

// Creating and changing a council, each in one transaction: its fields, its members (active
// users of the Council Members group) and its chair (one of them). An edit names the version it
// read: a stale one is refused with 412 and nothing is saved.

export type CouncilInput = z.output<typeof councilCreate>;

const stale = () => new ApiError(HTTP_STATUS.preconditionFailed, 'council_stale');

/** Field errors for members who are not active council-member users, and for a name in use. */
async function checkInput(trx: Kysely<Database>, input: CouncilInput, councilId: number | null): Promise<void> {
  const eligible = await trx
    .selectFrom('users as u')
    .innerJoin('user_groups as ug', 'ug.user_id', 'u.id')
    .innerJoin('groups as g', 'g.id', 'ug.group_id')
    .select('u.id')
    .where('u.id', 'in', input.members)
    .where('u.is_active', '=', true)
    .where('g.name', '=', GROUPS.councilMembers)
    .execute();
  const allowed = new Set(eligible.map((row) => row.id));
  const problems: Record<string, RefusalCode[]> = {};
  input.members.forEach((member, index) => {
    if (!allowed.has(member)) problems[`members.${index}`] = ['council_not_council_member'];
  });
  let sameName = trx.selectFrom('councils').select('id').where('name_en', '=', input.name_en);
  if (councilId !== null) sameName = sameName.where('id', '!=', councilId);
  if (await sameName.executeTakeFirst()) problems.name_en = ['council_name_taken'];
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
}

async function writeMembers(trx: Transaction<Database>, councilId: number, input: CouncilInput): Promise<void> {
  await trx.deleteFrom('council_members').where('council_id', '=', councilId).execute();
  await trx
    .insertInto('council_members')
    .values(input.members.map((userId) => ({ council_id: councilId, user_id: userId, is_chair: userId === input.chair })))
    .execute();
}

const columns = (input: CouncilInput) => ({
  name_en: input.name_en,
  name_sq: input.name_sq,
  name_sr: input.name_sr,
  description: input.description === '' ? null : input.description,
  academic_field_categories: input.academic_field_categories,
  quorum: input.quorum,
  active: input.active,
});

export async function createCouncil(db: AppDatabase, input: CouncilInput): Promise<CouncilListItem> {
  return db.transaction().execute(async (trx) => {
    await checkInput(trx, input, null);
    const { id } = await trx.insertInto('councils').values(columns(input)).returning('id').executeTakeFirstOrThrow();
    await writeMembers(trx, id, input);
    return (await findCouncil(trx, id))!;
  });
}

export async function updateCouncil(db: AppDatabase, id: number, input: CouncilInput & { version: number }): Promise<CouncilListItem> {
  return db.transaction().execute(async (trx) => {
    const locked = await trx.selectFrom('councils').select(['id', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!locked) throw notFound();
    if (locked.version !== input.version) throw stale();
    await checkInput(trx, input, id);
    await trx
      .updateTable('councils')
      .set({ ...columns(input), version: locked.version + 1, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeMembers(trx, id, input);
    return (await findCouncil(trx, id))!;
  });
}
