import type { AppDatabase } from '../../db/database';

export async function listCouncils(db: AppDatabase) {
  return db
    .selectFrom('councils')
    .select(['id', 'name_en', 'name_sq', 'name_sr', 'active', 'academic_field_categories'])
    .orderBy('active', 'desc')
    // The screens sort by the name in the reader's language; this order only keeps answers stable.
    .orderBy('name_en')
    .execute();
}
