import { sql, type Selectable } from 'kysely';
import type { DocumentRequirement, Service } from '../../../shared/api/services';
import type { ServiceCategory } from '../../../shared/constants';
import type { AppDatabase } from '../../db/database';
import type { ServicesTable } from '../../db/schema';
import { containsPattern } from '../../shared/search-pattern';

// Reading services: the list (search in three languages, category, enabled), one service, and the
// answer's shape (document requirements in order, how many applications use the service).

type Reader = Pick<AppDatabase, 'selectFrom'>;

export interface ServiceListFilter {
  search?: string;
  category?: ServiceCategory;
  enabled?: boolean;
  limit: number;
  offset: number;
}

const requirementsOf = sql<DocumentRequirement[]>`coalesce((
    select json_agg(json_build_object(
      'document_type', r.document_type, 'required', r.required,
      'description_en', r.description_en, 'description_sq', r.description_sq, 'description_sr', r.description_sr)
      order by r.id)
    from service_document_requirements r where r.service_id = services.id), '[]'::json)`;

const applicationCountOf = sql<number>`(select count(*) from applications a where a.service_id = services.id)::int`;

function baseQuery(db: Reader) {
  return db
    .selectFrom('services')
    .selectAll('services')
    .select([requirementsOf.as('document_requirements'), applicationCountOf.as('application_count')]);
}

type ServiceRow = Selectable<ServicesTable> & { document_requirements: DocumentRequirement[]; application_count: number };

export function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    service_type: row.service_type,
    category: row.category,
    name_en: row.name_en,
    name_sq: row.name_sq,
    name_sr: row.name_sr,
    description_en: row.description_en,
    description_sq: row.description_sq,
    description_sr: row.description_sr,
    requirements_en: row.requirements_en,
    requirements_sq: row.requirements_sq,
    requirements_sr: row.requirements_sr,
    fee: row.fee,
    fee_enabled: row.fee_enabled,
    base_fee_amount: row.base_fee_amount,
    fee_exemption_allowed: row.fee_exemption_allowed,
    processing_time_days: row.processing_time_days,
    enabled: row.enabled,
    council_required: row.council_required,
    appeal_period_days: row.appeal_period_days,
    appeal_body_en: row.appeal_body_en,
    appeal_body_sq: row.appeal_body_sq,
    appeal_body_sr: row.appeal_body_sr,
    degree_options: row.degree_options,
    document_requirements: row.document_requirements,
    selectable_documents: row.selectable_documents,
    workflow_stages: row.workflow_stages,
    price_table: { kind: row.price_table.kind, prices: row.price_table.prices, degree_prices: row.price_table.degree_prices ?? {} },
    application_count: row.application_count,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function listServices(db: AppDatabase, filter: ServiceListFilter): Promise<{ count: number; rows: Service[] }> {
  let query = db.selectFrom('services');
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) => eb.or([eb('name_en', 'ilike', pattern), eb('name_sq', 'ilike', pattern), eb('name_sr', 'ilike', pattern)]));
  }
  if (filter.category) query = query.where('category', '=', filter.category);
  if (filter.enabled !== undefined) query = query.where('enabled', '=', filter.enabled);
  const ids = query.select('services.id');
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    baseQuery(db)
      .where('services.id', 'in', ids)
      .orderBy('service_type')
      .orderBy('services.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
  ]);
  return { count, rows: rows.map(toService) };
}

export async function findService(db: Reader, id: number): Promise<Service | undefined> {
  const row = await baseQuery(db).where('services.id', '=', id).executeTakeFirst();
  return row ? toService(row) : undefined;
}
