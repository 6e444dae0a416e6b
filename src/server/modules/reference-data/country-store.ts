import { sql } from 'kysely';
import type { CountryRecord, CountryUpdate } from '../../../shared/api/reference-data';
import type { AppDatabase } from '../../db/database';
import { notFound } from '../../errors';
import { changedFields, writeAudit, type AuditContext } from './audit';
import { staleRecord } from './reference-texts';
import { foldedSql, foldedWordPatterns } from '../../shared/accent-folding';

// Countries with their flags: the list administrators search and filter, and edits of names,
// memberships and whether the application forms offer the country. The ISO list is fixed, so a
// country is never added or deleted here.

const COLUMNS = ['code', 'alpha3', 'name_en', 'name_sq', 'name_sr', 'eu_eea', 'bologna_member', 'active_for_applications', 'version'] as const;

export interface CountryFilter {
  search?: string;
  eu_eea?: boolean;
  bologna_member?: boolean;
  active_for_applications?: boolean;
}

// char(2) pads nothing for two letters, but trim keeps the answer exact whatever the driver does.
const asRecord = <T extends { code: string; alpha3: string | null }>(row: T): T => ({ ...row, code: row.code.trim(), alpha3: row.alpha3?.trim() ?? null });

export async function listCountryRecords(db: AppDatabase, filter: CountryFilter, window: { limit: number; offset: number }) {
  let query = db.selectFrom('countries');
  for (const flag of ['eu_eea', 'bologna_member', 'active_for_applications'] as const) {
    const wanted = filter[flag];
    if (wanted !== undefined) query = query.where(flag, '=', wanted);
  }
  const searched = foldedSql(sql`countries.code || ' ' || coalesce(countries.alpha3, '') || ' ' || countries.name_en || ' ' || countries.name_sq || ' ' || countries.name_sr`);
  for (const pattern of foldedWordPatterns(filter.search)) query = query.where(sql<boolean>`${searched} like ${pattern}`);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query.select(COLUMNS).orderBy('name_en').orderBy('code').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count: Number(count), rows: rows.map(asRecord) };
}

export async function findCountryRecord(db: AppDatabase, code: string): Promise<CountryRecord | undefined> {
  const row = await db.selectFrom('countries').select(COLUMNS).where('code', '=', code).executeTakeFirst();
  return row && asRecord(row);
}

/** Applies `update` to the country (412 when its version moved on), audited. */
export async function updateCountry(db: AppDatabase, context: AuditContext, code: string, update: CountryUpdate): Promise<CountryRecord> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('countries').select(COLUMNS).where('code', '=', code).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    if (before.version !== update.version) throw staleRecord();
    const { version: _read, ...fields } = update;
    const changes = changedFields(before, fields);
    if (Object.keys(changes).length === 0) return asRecord(before);
    const after = await trx
      .updateTable('countries')
      .set({ ...fields, version: before.version + 1 })
      .where('code', '=', code)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, context, { action: 'country.update', entity: 'country', entityId: code, details: { changes } });
    return asRecord(after);
  });
}
