import type { SavedFilter } from '../../../shared/api/applications';
import type { AppDatabase } from '../../db/database';
import { conflict, notFound } from '../../errors';

// An officer's saved list filters: the list's query string under a name, one set per user.

const toAnswer = (row: { id: number; name: string; query: string; created_at: Date }): SavedFilter => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

export async function listSavedFilters(db: AppDatabase, userId: number): Promise<SavedFilter[]> {
  const rows = await db.selectFrom('saved_filters').select(['id', 'name', 'query', 'created_at']).where('user_id', '=', userId).orderBy('name').execute();
  return rows.map(toAnswer);
}

export async function saveFilter(db: AppDatabase, userId: number, filter: { name: string; query: string }): Promise<SavedFilter> {
  const row = await db
    .insertInto('saved_filters')
    .values({ user_id: userId, name: filter.name, query: filter.query.replace(/^\?/, '') })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
    .returning(['id', 'name', 'query', 'created_at'])
    .executeTakeFirst();
  if (!row) throw conflict('saved_filter_name_taken', { name: filter.name });
  return toAnswer(row);
}

export async function deleteSavedFilter(db: AppDatabase, userId: number, id: number): Promise<void> {
  const deleted = await db.deleteFrom('saved_filters').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (deleted.numDeletedRows === 0n) throw notFound();
}
