import { sql, type Kysely, type RawBuilder } from 'kysely';
import { SERVICE_TYPES } from '../../../shared/constants';
import { workflowStagesOf } from '../../../shared/domain/service-stages';

// Services get every field of spec §3 in en, sq and sr, a price table, selectable
// documents, workflow stages, a version and timestamps; applications keep the fee and the document
// requirements they were quoted with. Existing rows are kept: the English texts move to *_en, the
// Albanian and Serbian ones start as copies (the seed replaces the copies of untouched catalogue
// services with real translations), each service's former single fee becomes a price table
// charging that fee in every case, and applications get their service's current fee and
// requirements as their snapshot. One statement per call (PGlite's extended protocol).

const translated = (table: string, column: string): RawBuilder<unknown>[] => [
  sql`alter table ${sql.table(table)} rename column ${sql.ref(column)} to ${sql.ref(`${column}_en`)}`,
  sql`alter table ${sql.table(table)} add column ${sql.ref(`${column}_sq`)} text not null default ''`,
  sql`alter table ${sql.table(table)} add column ${sql.ref(`${column}_sr`)} text not null default ''`,
  sql`update ${sql.table(table)} set ${sql.ref(`${column}_sq`)} = ${sql.ref(`${column}_en`)}, ${sql.ref(`${column}_sr`)} = ${sql.ref(`${column}_en`)}`,
];

// The former fee in every case of the table kind the service type uses (src/shared/domain/fees.ts).
const UNIFORM_PRICE_TABLE = sql`case service_type
    when 1 then jsonb_build_object('kind', 'flat', 'prices', jsonb_build_object('standard', fee::text), 'degree_prices', '{}'::jsonb)
    when 2 then jsonb_build_object('kind', 'diploma_transcript', 'prices',
      jsonb_build_object('diploma_only', fee::text, 'transcript_only', fee::text, 'both', fee::text), 'degree_prices', '{}'::jsonb)
    when 5 then jsonb_build_object('kind', 'request_type', 'prices', jsonb_build_object(
      'general_academic_information', fee::text, 'recognition_status_confirmation', fee::text,
      'institution_accreditation_information', fee::text), 'degree_prices', '{}'::jsonb)
    else jsonb_build_object('kind', 'document_count', 'prices',
      jsonb_build_object('one_or_fewer', fee::text, 'more_than_one', fee::text), 'degree_prices', '{}'::jsonb)
  end`;

const UP: RawBuilder<unknown>[] = [
  ...translated('services', 'name'),
  ...translated('services', 'description'),
  ...translated('services', 'requirements'),
  ...translated('service_document_requirements', 'description'),
  // Several services may share a type (e.g. a second service-1 recognition for professions).
  sql`alter table services drop constraint services_service_type_key`,
  sql`create index services_service_type_idx on services (service_type)`,
  sql`alter table services add column price_table jsonb`,
  sql`update services set price_table = ${UNIFORM_PRICE_TABLE}`,
  sql`alter table services alter column price_table set not null`,
  sql`alter table services add column selectable_documents jsonb not null default '[]'::jsonb`,
  sql`alter table services add column workflow_stages jsonb not null default '[]'::jsonb`,
  ...SERVICE_TYPES.map(
    (type) => sql`update services set workflow_stages = ${JSON.stringify(workflowStagesOf(type))}::jsonb where service_type = ${type}`,
  ),
  sql`alter table services add column version integer not null default 1`,
  sql`alter table services add column created_at timestamptz not null default now()`,
  sql`alter table services add column updated_at timestamptz not null default now()`,

  sql`alter table applications add column quoted_fee numeric(10, 2) check (quoted_fee >= 0)`,
  sql`alter table applications add column fee_quote jsonb`,
  sql`alter table applications add column document_requirements jsonb`,
  sql`update applications a set
    quoted_fee = case when s.fee_enabled then s.fee else 0 end,
    document_requirements = coalesce((
      select jsonb_agg(jsonb_build_object('document_type', r.document_type, 'required', r.required,
        'description_en', r.description_en, 'description_sq', r.description_sq, 'description_sr', r.description_sr) order by r.id)
      from service_document_requirements r where r.service_id = s.id), '[]'::jsonb)
    from services s where s.id = a.service_id`,
];

const untranslated = (table: string, column: string): RawBuilder<unknown>[] => [
  sql`alter table ${sql.table(table)} drop column ${sql.ref(`${column}_sq`)}`,
  sql`alter table ${sql.table(table)} drop column ${sql.ref(`${column}_sr`)}`,
  sql`alter table ${sql.table(table)} rename column ${sql.ref(`${column}_en`)} to ${sql.ref(column)}`,
];

const DOWN: RawBuilder<unknown>[] = [
  sql`alter table applications drop column document_requirements`,
  sql`alter table applications drop column fee_quote`,
  sql`alter table applications drop column quoted_fee`,
  sql`alter table services drop column updated_at`,
  sql`alter table services drop column created_at`,
  sql`alter table services drop column version`,
  sql`alter table services drop column workflow_stages`,
  sql`alter table services drop column selectable_documents`,
  sql`alter table services drop column price_table`,
  sql`drop index services_service_type_idx`,
  // A second service of a type cannot survive the old uniqueness: the older one stays.
  sql`delete from services s where exists (select 1 from services o where o.service_type = s.service_type and o.id < s.id)
    and not exists (select 1 from applications a where a.service_id = s.id)`,
  sql`alter table services add constraint services_service_type_key unique (service_type)`,
  ...untranslated('service_document_requirements', 'description'),
  ...untranslated('services', 'requirements'),
  ...untranslated('services', 'description'),
  ...untranslated('services', 'name'),
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await statement.execute(db);
}
