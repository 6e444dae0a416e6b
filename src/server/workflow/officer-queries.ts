import { sql, type ExpressionBuilder } from 'kysely';
import { GROUPS } from '../../shared/auth/permissions';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { fullNameSql } from '../shared/display-name';

// Who can be assigned an application: active members of the officer and administrator groups
// (and superusers), with how many open applications each already holds.

const OFFICER_GROUPS = [GROUPS.naricOfficers, GROUPS.naricAdministrators, GROUPS.administrators];

export function assignableOfficerIds(eb: ExpressionBuilder<Database, 'users'>) {
  return eb
    .selectFrom('user_groups')
    .innerJoin('groups', 'groups.id', 'user_groups.group_id')
    .select('user_groups.user_id')
    .where('groups.name', 'in', OFFICER_GROUPS);
}

export async function listAssignableOfficers(db: AppDatabase) {
  const rows = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      sql<string>`coalesce(${fullNameSql('users')}, '')`.as('name'),
      (eb) =>
        eb
          .selectFrom('applications')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('applications.assigned_officer_id', '=', 'users.id')
          .where('applications.closed_at', 'is', null)
          .where('applications.archived', '=', false)
          .as('open_applications'),
    ])
    .where('users.is_active', '=', true)
    .where((eb) => eb.or([eb('users.is_superuser', '=', true), eb('users.id', 'in', assignableOfficerIds(eb))]))
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .execute();
  return rows.map((row) => ({ id: row.id, full_name: row.name || row.username, open_applications: Number(row.open_applications ?? 0) }));
}
