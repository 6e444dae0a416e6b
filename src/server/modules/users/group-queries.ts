import { sql, type Kysely } from 'kysely';
import type { GroupItem } from '../../../shared/api/users';
import type { Database } from '../../db/schema';

// Reading groups: each with its permissions ('app.codename', in name order) and how many users
// are in it.

type Db = Kysely<Database>;

function groupColumns(db: Db) {
  return db
    .selectFrom('groups')
    .select([
      'groups.id',
      'groups.name',
      'groups.description',
      'groups.builtin',
      'groups.version',
      sql<string[]>`array(select p.app_label || '.' || p.codename from group_permissions gp join permissions p on p.id = gp.permission_id
        where gp.group_id = groups.id order by 1)`.as('permissions'),
      sql<number>`(select count(*)::int from user_groups ug where ug.group_id = groups.id)`.as('member_count'),
    ]);
}

type GroupRow = Awaited<ReturnType<ReturnType<typeof groupColumns>['execute']>>[number];
const groupItem = (row: GroupRow): GroupItem => ({ ...row, permissions: row.permissions ?? [], member_count: Number(row.member_count) });

export async function listGroups(db: Db): Promise<GroupItem[]> {
  const rows = await groupColumns(db).orderBy('groups.name').orderBy('groups.id').execute();
  return rows.map(groupItem);
}

export async function findGroup(db: Db, id: number): Promise<GroupItem | null> {
  const row = await groupColumns(db).where('groups.id', '=', id).executeTakeFirst();
  return row ? groupItem(row) : null;
}
