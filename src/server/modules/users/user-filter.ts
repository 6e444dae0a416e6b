import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { z } from 'zod';
import type { userListFilter, userSelection } from '../../../shared/api/users';
import type { Database } from '../../db/schema';
import { containsPattern, searchWords } from '../../shared/search-pattern';

// The users a list filter matches, shared by the list, the bulk actions and the export so that
// "everything the filter matches" is the same set on each of them. The query must select from
// `users` under that name (no alias): the conditions name its columns as `users.<column>`.

export type UserListFilterValue = z.output<typeof userListFilter>;
export type UserSelectionValue = z.output<typeof userSelection>;

const column = (name: string) => sql.ref(`users.${name}`);

/** The columns a search word is looked for in (personal_id may be empty). */
const SEARCHED = ['first_name', 'last_name', 'username', 'email', 'personal_id'] as const;

/**
 * `query` narrowed to the users `filter` matches: members of the named group, active or not,
 * e-mail verified or not, two-factor on or off, local or directory, and a search in which every
 * word must appear (case-insensitively, `%`/`_` as letters) in one of the name, username, e-mail
 * or personal ID.
 */
export function filterUsers<DB extends Database, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  filter: Partial<UserListFilterValue>,
): SelectQueryBuilder<DB, TB, O> {
  let narrowed = query;
  if (filter.group !== undefined && filter.group !== '') {
    narrowed = narrowed.where(
      sql<boolean>`exists (select 1 from user_groups ug join groups g on g.id = ug.group_id where ug.user_id = ${column('id')} and g.name = ${filter.group})`,
    );
  }
  if (filter.is_active !== undefined) narrowed = narrowed.where(sql<boolean>`${column('is_active')} = ${filter.is_active}`);
  if (filter.email_verified !== undefined) narrowed = narrowed.where(sql<boolean>`${column('email_verified')} = ${filter.email_verified}`);
  if (filter.two_factor_enabled !== undefined) narrowed = narrowed.where(sql<boolean>`${column('two_factor_enabled')} = ${filter.two_factor_enabled}`);
  if (filter.auth_source !== undefined) narrowed = narrowed.where(sql<boolean>`${column('auth_source')} = ${filter.auth_source}`);
  for (const word of searchWords(filter.search)) {
    const pattern = containsPattern(word);
    const anyColumn = sql.join(
      SEARCHED.map((name) => sql`coalesce(${column(name)}, '') ilike ${pattern}`),
      sql` or `,
    );
    narrowed = narrowed.where(sql<boolean>`(${anyColumn})`);
  }
  return narrowed;
}

/**
 * The users a selection names, for a bulk action or an export: the ids of a page selection that
 * still exist, or the ids `filter` matches, in id order, at most `cap` of them. `count` is every
 * user the selection holds (above `cap` when the filter matches more than one action may touch).
 */
export async function selectedUserIds(db: Kysely<Database>, selection: UserSelectionValue, cap: number): Promise<{ ids: number[]; count: number }> {
  if ('ids' in selection) {
    const wanted = [...new Set(selection.ids)];
    const rows = await db.selectFrom('users').select('users.id').where('users.id', 'in', wanted).orderBy('users.id').execute();
    const ids = rows.map((row) => row.id);
    return { ids: ids.slice(0, cap), count: ids.length };
  }
  const matching = filterUsers(db.selectFrom('users'), selection.filter);
  const [{ count }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow(),
    matching.select('users.id').orderBy('users.id').limit(cap).execute(),
  ]);
  return { ids: rows.map((row) => row.id), count: Number(count) };
}
