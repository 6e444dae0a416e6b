import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  NationalQualification,
  nationalQualificationInput,
  nationalQualificationQuery,
  nationalQualificationUpdate,
} from '../../../shared/api/decision-references';
import type { Language } from '../../../shared/constants';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../errors';
import { foldedWordPatterns } from '../../shared/accent-folding';
import { foldedNamesSql, nameInSql } from '../../shared/localised-names';
import { changedFields, writeAudit, type AuditContext } from './audit';
import { isForeignKeyViolation, staleRecord } from './reference-texts';

// The national reference qualifications a foreign qualification is compared with: names in the
// three languages, the degree level (a code of the degree_levels list, checked here because the
// table keeps it as text), EQF and NQF level, workload, duration and profile. Deleting one a
// decision compares with fails on the decision tables' foreign keys and is answered as a refusal.

const COLUMNS = [
  'id', 'name_en', 'name_sq', 'name_sr', 'degree_level', 'eqf_level', 'nqf_level', 'ects_credits', 'duration_years',
  'profile', 'active', 'version', 'created_at', 'updated_at',
] as const;

interface Row extends Omit<NationalQualification, 'duration_years' | 'created_at' | 'updated_at'> {
  duration_years: string | number | null;
  created_at: Date;
  updated_at: Date;
}
const asRecord = (row: Row): NationalQualification => ({
  ...row,
  // numeric comes back as text: the duration is a number in the contract.
  duration_years: row.duration_years === null ? null : Number(row.duration_years),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

type Filter = Omit<z.output<typeof nationalQualificationQuery>, 'page' | 'page_size'>;

export async function listNationalQualifications(db: AppDatabase, filter: Filter, language: Language, window: { limit: number; offset: number }) {
  let query = db.selectFrom('national_qualifications');
  if (filter.degree_level !== undefined) query = query.where('degree_level', '=', filter.degree_level);
  if (filter.profile !== undefined) query = query.where('profile', '=', filter.profile);
  if (filter.eqf_level !== undefined) query = query.where('eqf_level', '=', filter.eqf_level);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  for (const pattern of foldedWordPatterns(filter.search)) query = query.where(sql<boolean>`${foldedNamesSql('national_qualifications')} like ${pattern}`);
  const direction = filter.ordering.startsWith('-') ? 'desc' : 'asc';
  const field = filter.ordering.replace(/^-/, '');
  const name = nameInSql('national_qualifications', language);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query
      .select(COLUMNS)
      .orderBy(field === 'name' ? name : sql.ref(field), (order) => (direction === 'desc' ? order.desc() : order.asc()).nullsLast())
      .orderBy(name)
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(count), rows: rows.map((row) => asRecord(row as Row)) };
}

export async function findNationalQualification(db: AppDatabase, id: number): Promise<NationalQualification | undefined> {
  const row = await db.selectFrom('national_qualifications').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && asRecord(row as Row);
}

async function requireDegreeLevel(trx: Transaction<Database>, code: string): Promise<void> {
  const found = await trx.selectFrom('reference_values').select('code').where('list', '=', 'degree_levels').where('code', '=', code).executeTakeFirst();
  if (!found) throw fieldError('degree_level', 'national_qualification_unknown_degree_level');
}

export async function createNationalQualification(
  db: AppDatabase,
  context: AuditContext,
  input: z.output<typeof nationalQualificationInput>,
): Promise<NationalQualification> {
  return db.transaction().execute(async (trx) => {
    await requireDegreeLevel(trx, input.degree_level);
    const created = asRecord((await trx.insertInto('national_qualifications').values(input).returning(COLUMNS).executeTakeFirstOrThrow()) as Row);
    await writeAudit(trx, context, {
      action: 'national_qualification.create',
      entity: 'national_qualification',
      entityId: String(created.id),
      details: { national_qualification: created },
    });
    return created;
  });
}

export async function updateNationalQualification(
  db: AppDatabase,
  context: AuditContext,
  id: number,
  update: z.output<typeof nationalQualificationUpdate>,
): Promise<NationalQualification> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('national_qualifications').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw notFound();
    const before = asRecord(row as Row);
    if (before.version !== update.version) throw staleRecord();
    const { version: _read, ...fields } = update;
    if (fields.degree_level !== undefined && fields.degree_level !== before.degree_level) await requireDegreeLevel(trx, fields.degree_level);
    const changes = changedFields(before, fields);
    if (Object.keys(changes).length === 0) return before;
    const after = await trx
      .updateTable('national_qualifications')
      .set({ ...fields, version: before.version + 1, updated_at: sql`now()` })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, context, { action: 'national_qualification.update', entity: 'national_qualification', entityId: String(id), details: { changes } });
    return asRecord(after as Row);
  });
}

/** Deletes a qualification no decision compares with; one in use answers 409 and stays as it was. */
export async function deleteNationalQualification(db: AppDatabase, context: AuditContext, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('national_qualifications').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound();
      await trx.deleteFrom('national_qualifications').where('id', '=', id).execute();
      await writeAudit(trx, context, {
        action: 'national_qualification.delete',
        entity: 'national_qualification',
        entityId: String(id),
        details: { national_qualification: asRecord(row as Row) },
      });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('national_qualification_in_use');
    throw error;
  }
}
