import { sql, type Transaction } from 'kysely';
import {
  REFERENCE_DATA_LIMITS,
  type InstitutionChoice,
  type InstitutionDetail,
  type InstitutionRecord,
  type institutionInput,
  type institutionUpdate } from '../../../shared/api/reference-data';
import type { z } from 'zod';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../errors';
import { changedFields, writeAudit, type AuditContext } from './audit';
import { staleRecord, valueInUse } from './reference-texts';
import { foldText, foldedWordPatterns } from '../../shared/accent-folding';

// Institutions: the list, one record with what uses it, create, edit, delete (only when unused)
// and merging a duplicate into the record that stays. A merged duplicate keeps its row (inactive,
// merged_into the survivor; duplicates merged into it earlier follow on), so whatever named it
// still resolves to the institution that stays.
//
// "In use" means an application names it (any of its three names, same country: the application
// keeps the institution as text, education_info) or it takes part in a merge.

type Trx = Transaction<Database>;
const COLUMNS = [
  'id', 'name_en', 'name_sq', 'name_sr', 'country', 'type', 'website', 'email', 'accreditation_status',
  'diploma_register_url', 'active', 'merged_into', 'version', 'created_at', 'updated_at',
] as const;

type Row = Omit<InstitutionRecord, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const asRecord = (row: Row): InstitutionRecord => ({
  ...row,
  country: row.country.trim(),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

export interface InstitutionFilter {
  search?: string;
  country?: string;
  type?: InstitutionRecord['type'];
  accreditation_status?: InstitutionRecord['accreditation_status'];
  active?: boolean;
}

function filtered(db: AppDatabase | Trx, filter: InstitutionFilter) {
  let query = db.selectFrom('institutions');
  if (filter.country) query = query.where('country', '=', filter.country);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.accreditation_status) query = query.where('accreditation_status', '=', filter.accreditation_status);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  for (const pattern of foldedWordPatterns(filter.search)) query = query.where('search_text', 'like', pattern);
  return query;
}

export async function listInstitutions(db: AppDatabase, filter: InstitutionFilter, window: { limit: number; offset: number }) {
  const query = filtered(db, filter);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query.select(COLUMNS).orderBy('name_en').orderBy('id').limit(window.limit).offset(window.offset).execute(),
  ]);
  return { count: Number(count), rows: rows.map((row) => asRecord(row as Row)) };
}

/** Active institutions for the forms' searchable choice: names starting with the search first. */
export async function institutionChoices(db: AppDatabase, filter: { search?: string; country?: string }): Promise<InstitutionChoice[]> {
  const first = foldText((filter.search ?? '').trim().split(/\s+/u)[0] ?? '');
  const startsFirst = sql<number>`case when search_text like ${`${first.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} then 0 else 1 end`;
  const rows = await filtered(db, { ...filter, active: true })
    .select(['id', 'name_en', 'name_sq', 'name_sr', 'country', 'type', 'website', 'email', 'accreditation_status'])
    .orderBy(startsFirst)
    .orderBy('name_en')
    .orderBy('id')
    .limit(REFERENCE_DATA_LIMITS.choices)
    .execute();
  return rows.map((row) => ({ ...row, country: row.country.trim() }));
}

async function applicationCount(db: AppDatabase | Trx, row: Pick<Row, 'name_en' | 'name_sq' | 'name_sr' | 'country'>): Promise<number> {
  const names = [...new Set([row.name_en, row.name_sq, row.name_sr].map((name) => name.toLowerCase()))];
  const { count } = await db
    .selectFrom('education_info')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where(sql<string>`lower(institution_name)`, 'in', names)
    .where((eb) => eb.or([eb('institution_country', 'is', null), eb('institution_country', '=', row.country)]))
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function mergedDuplicates(db: AppDatabase | Trx, id: number) {
  return db.selectFrom('institutions').select(['id', 'name_en']).where('merged_into', '=', id).orderBy('id').execute();
}

export async function findInstitution(db: AppDatabase, id: number): Promise<InstitutionDetail | undefined> {
  const row = await db.selectFrom('institutions').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [application_count, merged_duplicates] = await Promise.all([applicationCount(db, row), mergedDuplicates(db, id)]);
  return { ...asRecord(row as Row), application_count, merged_duplicates };
}

async function requireCountry(trx: Trx, code: string): Promise<void> {
  const found = await trx.selectFrom('countries').select('code').where('code', '=', code).executeTakeFirst();
  if (!found) throw fieldError('country', 'reference_unknown_country');
}

type NewInstitution = z.output<typeof institutionInput>;
type InstitutionChange = z.output<typeof institutionUpdate>;

export async function createInstitution(db: AppDatabase, context: AuditContext, input: NewInstitution): Promise<InstitutionDetail> {
  const id = await db.transaction().execute(async (trx) => {
    await requireCountry(trx, input.country);
    // Names left empty in Albanian or Serbian take the English one (the forms always show a name).
    const values = { ...input, name_sq: input.name_sq || input.name_en, name_sr: input.name_sr || input.name_en };
    const created = await trx.insertInto('institutions').values(values).returning(COLUMNS).executeTakeFirstOrThrow();
    await writeAudit(trx, context, {
      action: 'institution.create',
      entity: 'institution',
      entityId: String(created.id),
      details: { institution: asRecord(created as Row) },
    });
    return created.id;
  });
  return (await findInstitution(db, id))!;
}

async function lockInstitution(trx: Trx, id: number) {
  const row = await trx.selectFrom('institutions').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  return row as Row;
}

export async function updateInstitution(db: AppDatabase, context: AuditContext, id: number, update: InstitutionChange): Promise<InstitutionDetail> {
  await db.transaction().execute(async (trx) => {
    const before = await lockInstitution(trx, id);
    if (before.version !== update.version) throw staleRecord();
    const { version: _read, ...fields } = update;
    // A merged duplicate stays inactive: reviving it would split the institution again.
    if (before.merged_into !== null && fields.active === true) throw conflict('reference_already_merged');
    if (fields.country !== undefined) await requireCountry(trx, fields.country);
    const changes = changedFields({ ...before, country: before.country.trim() }, fields);
    if (Object.keys(changes).length === 0) return;
    await trx
      .updateTable('institutions')
      .set({ ...fields, version: before.version + 1, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, context, { action: 'institution.update', entity: 'institution', entityId: String(id), details: { changes } });
  });
  return (await findInstitution(db, id))!;
}

/** Deletes an unused institution; one in use answers 409 (deactivate it instead). */
export async function deleteInstitution(db: AppDatabase, context: AuditContext, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockInstitution(trx, id);
    const [applications, duplicates] = await Promise.all([applicationCount(trx, row), mergedDuplicates(trx, id)]);
    if (applications > 0 || duplicates.length > 0 || row.merged_into !== null) {
      throw valueInUse({ application_count: applications, merged_duplicates: duplicates.length, merged_into: row.merged_into });
    }
    await trx.deleteFrom('institutions').where('id', '=', id).execute();
    await writeAudit(trx, context, { action: 'institution.delete', entity: 'institution', entityId: String(id), details: { institution: asRecord(row) } });
  });
}

/** Merges `duplicateId` into `survivorId` (whose version the client read); answers the survivor. */
export async function mergeInstitution(
  db: AppDatabase,
  context: AuditContext,
  survivorId: number,
  merge: { duplicate_id: number; version: number },
): Promise<InstitutionDetail> {
  await db.transaction().execute(async (trx) => {
    if (merge.duplicate_id === survivorId) throw fieldError('duplicate_id', 'reference_merge_self');
    // Both rows locked in id order, so two merges crossing each other wait instead of deadlocking.
    const [firstId, secondId] = [survivorId, merge.duplicate_id].sort((a, b) => a - b);
    const first = await trx.selectFrom('institutions').select(COLUMNS).where('id', '=', firstId).forUpdate().executeTakeFirst();
    const second = await trx.selectFrom('institutions').select(COLUMNS).where('id', '=', secondId).forUpdate().executeTakeFirst();
    const survivor = (first?.id === survivorId ? first : second) as Row | undefined;
    const duplicate = (first?.id === merge.duplicate_id ? first : second) as Row | undefined;
    if (!survivor) throw notFound();
    if (!duplicate) throw fieldError('duplicate_id', 'reference_unknown_institution');
    if (survivor.version !== merge.version) throw staleRecord();
    if (duplicate.merged_into !== null) throw conflict('reference_already_merged');
    if (!survivor.active || survivor.merged_into !== null) throw conflict('reference_merge_target_inactive');

    await trx
      .updateTable('institutions')
      .set({ active: false, merged_into: survivorId, version: duplicate.version + 1, updated_at: sql`now()` })
      .where('id', '=', duplicate.id)
      .execute();
    // Duplicates merged into the duplicate earlier now point at the survivor: one hop resolves.
    const followers = await trx
      .updateTable('institutions')
      .set((eb) => ({ merged_into: survivorId, version: eb('version', '+', 1), updated_at: sql`now()` }))
      .where('merged_into', '=', duplicate.id)
      .returning('id')
      .execute();
    await trx
      .updateTable('institutions')
      .set({ version: survivor.version + 1, updated_at: sql`now()` })
      .where('id', '=', survivorId)
      .execute();
    const details = { survivor_id: survivorId, duplicate_id: duplicate.id, duplicate_name: duplicate.name_en, repointed: followers.map((row) => row.id) };
    await writeAudit(trx, context, { action: 'institution.merge', entity: 'institution', entityId: String(survivorId), details });
    await writeAudit(trx, context, { action: 'institution.merged_into', entity: 'institution', entityId: String(duplicate.id), details });
  });
  return (await findInstitution(db, survivorId))!;
}
