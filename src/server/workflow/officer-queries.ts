import { sql, type ExpressionBuilder } from 'kysely';
import { GROUPS } from '../../shared/auth/permissions';
import type { AppDatabase } from '../db/database';
import type { Database } from '../db/schema';
import { fullNameSql } from '../shared/display-name';
import { sortByName } from '../shared/name-order';

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

/** The officer's role as the choice shows it, so two people of one name differ by more than the name. */
export type OfficerRole = 'administrator' | 'naric_administrator' | 'naric_officer';

function roleOf(isSuperuser: boolean, groups: readonly string[]): OfficerRole {
  if (isSuperuser || groups.includes(GROUPS.administrators)) return 'administrator';
  return groups.includes(GROUPS.naricAdministrators) ? 'naric_administrator' : 'naric_officer';
}

/** The officers, sorted by last and first name in the reader's language (name-order.ts), each with their open applications. */
export async function listAssignableOfficers(db: AppDatabase, language: string) {
  const rows = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.is_superuser',
      sql<string>`coalesce(${fullNameSql('users')}, '')`.as('name'),
      sql<string[]>`array(select g.name from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = users.id)`.as('groups'),
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
    .execute();
  return sortByName(rows, language, (row) => [row.last_name, row.first_name, row.username]).map((row) => ({
    id: row.id,
    full_name: row.name || row.username,
    username: row.username,
    role: roleOf(row.is_superuser, row.groups),
    open_applications: Number(row.open_applications ?? 0),
  }));
}
