import type { Country } from '../../../shared/api/reference';
import type { AppDatabase } from '../../db/database';
import { containsPattern } from '../../shared/search-pattern';


export async function listCountries(
  db: AppDatabase,
  filter: { search?: string; limit: number; offset: number },
): Promise<{ count: number; rows: Country[] }> {
  let query = db.selectFrom('countries');
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb('code', 'ilike', pattern),
        eb('name_en', 'ilike', pattern),
        eb('name_sq', 'ilike', pattern),
        eb('name_sr', 'ilike', pattern),
      ]),
    );
  }
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    query
      .select(['code', 'alpha3', 'name_en', 'name_sq', 'name_sr'])
      .orderBy('name_en')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ]);
  // char(n) columns come back blank-padded on some servers; the codes are exact.
  return { count, rows: rows.map((row) => ({ ...row, code: row.code.trim(), alpha3: row.alpha3?.trim() ?? null })) };
}
