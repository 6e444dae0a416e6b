import type { AppDatabase } from '../../db/database';

export async function listCouncils(db: AppDatabase) {
  return db
    .selectFrom('councils')
    .select(['id', 'name', 'active', 'academic_field_categories'])
    .orderBy('active', 'desc')
    .orderBy('name')
    .execute();
}
