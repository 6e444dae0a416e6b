import type { AppDatabase } from '../../src/server/db/database';

/**
 * A staff member who may read and write news but not publish it (news.view_news and
 * news.change_news given to the user directly; no demo group has exactly these). The fixture's
 * `authorization(username)` signs them in.
 */
export async function addNewsWriter(db: AppDatabase, username: string): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ username, email: `${username}@naric.example`, first_name: 'News', last_name: 'Writer', is_staff: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const permissions = await db.selectFrom('permissions').select('id').where('app_label', '=', 'news').where('codename', 'in', ['view_news', 'change_news']).execute();
  await db
    .insertInto('user_permissions')
    .values(permissions.map((permission) => ({ user_id: user.id, permission_id: permission.id })))
    .execute();
  return user.id;
}
