import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { type GroupItem, type groupCreate, type groupUpdate } from '../../../shared/api/users';
import type { Database } from '../../db/schema';
import { ApiError, conflict, fieldErrors, notFound } from '../../errors';
import { findGroup } from './group-queries';
import { recordChange, type AuditActor } from './user-audit';
import type { RefusalCode } from '../../../shared/refusals';

// Creating and changing a group (its name, description and permissions), each in one transaction
// with its audit entry (before and after, permissions included). Names are unique whatever their
// case. The seeded groups the access rules name (builtin) keep their names; their permissions may
// change like any group's.

type Db = Kysely<Database>;
export type GroupInput = z.output<typeof groupCreate>;
export type GroupUpdateInput = z.output<typeof groupUpdate>;

const stale = () => new ApiError(HTTP_STATUS.preconditionFailed, 'user_stale_group');
const nameTaken = () => fieldErrors({ name: ['user_group_name_taken'] });

async function checkName(trx: Db, name: string, exceptId: number | null): Promise<void> {
  let query = trx.selectFrom('groups').select('id').where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken();
}

/** The permission rows of `names` (duplicates once); 400 for one the database does not have. */
async function permissionIds(trx: Db, names: readonly string[]): Promise<number[]> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return [];
  const rows = await trx
    .selectFrom('permissions')
    .select(['id', sql<string>`app_label || '.' || codename`.as('name')])
    .where(sql<boolean>`app_label || '.' || codename in (${sql.join(wanted)})`)
    .execute();
  const known = new Set(rows.map((row) => row.name));
  const problems: Record<string, RefusalCode[]> = {};
  names.forEach((name, index) => {
    if (!known.has(name)) problems[`permissions.${index}`] = ['user_unknown_permission'];
  });
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
  return rows.map((row) => row.id);
}

async function writePermissions(trx: Db, groupId: number, ids: readonly number[]): Promise<void> {
  await trx.deleteFrom('group_permissions').where('group_id', '=', groupId).execute();
  if (ids.length > 0) await trx.insertInto('group_permissions').values(ids.map((permissionId) => ({ group_id: groupId, permission_id: permissionId }))).execute();
}

const audited = (group: GroupItem) => ({ name: group.name, description: group.description, permissions: group.permissions });

/** A race lost on the name's unique index: the same 400 the check gives. */
const asNameTaken = (error: unknown) => ((error as { code?: string } | null)?.code === '23505' ? nameTaken() : error);

export async function createGroup(db: Db, input: GroupInput, actor: AuditActor): Promise<GroupItem> {
  try {
    return await db.transaction().execute(async (trx) => {
      await checkName(trx, input.name, null);
      const ids = await permissionIds(trx, input.permissions);
      const { id } = await trx.insertInto('groups').values({ name: input.name, description: input.description }).returning('id').executeTakeFirstOrThrow();
      await writePermissions(trx, id, ids);
      const created = (await findGroup(trx, id))!;
      await recordChange(trx, { action: 'group.created', entity: 'group', entityId: id, actor, before: null, after: audited(created) });
      return created;
    });
  } catch (error) {
    throw asNameTaken(error);
  }
}

/** PATCH: every field again with the version read (412 when stale); a builtin group keeps its name (409). */
export async function updateGroup(db: Db, id: number, input: GroupUpdateInput, actor: AuditActor): Promise<GroupItem> {
  try {
    return await db.transaction().execute(async (trx) => {
      const locked = await trx.selectFrom('groups').select(['id', 'name', 'builtin', 'version']).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!locked) throw notFound();
      if (locked.version !== input.version) throw stale();
      if (locked.builtin && input.name !== locked.name) throw conflict('user_builtin_group_name');
      await checkName(trx, input.name, id);
      const ids = await permissionIds(trx, input.permissions);
      const before = (await findGroup(trx, id))!;
      await trx
        .updateTable('groups')
        .set({ name: input.name, description: input.description, version: locked.version + 1 })
        .where('id', '=', id)
        .execute();
      await writePermissions(trx, id, ids);
      const after = (await findGroup(trx, id))!;
      await recordChange(trx, { action: 'group.updated', entity: 'group', entityId: id, actor, before: audited(before), after: audited(after) });
      return after;
    });
  } catch (error) {
    throw asNameTaken(error);
  }
}
