import { sql } from 'kysely';
import type { Country, Service } from '../../../shared/api/reference';
import type { AppDatabase } from '../../db/database';
import { containsPattern } from '../../search-pattern';


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

export async function listServices(
  db: AppDatabase,
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: Service[] }> {
  const [{ count }, rows] = await Promise.all([
    db.selectFrom('services').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    db
      .selectFrom('services')
      .selectAll('services')
      .select(
        sql<Service['document_requirements']>`coalesce((
          select json_agg(json_build_object(
            'id', r.id, 'document_type', r.document_type, 'required', r.required, 'description', r.description)
            order by r.id)
          from service_document_requirements r where r.service_id = services.id), '[]'::json)`.as(
          'document_requirements',
        ),
      )
      .orderBy('service_type')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count, rows };
}
