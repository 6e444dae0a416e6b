import type { ReferenceList, ReferenceValue, ReferenceValueUpdate } from '../../../shared/api/reference-data';
import type { AppDatabase } from '../../db/database';
import { fieldError, notFound } from '../../errors';
import { changedFields, writeAudit, type AuditContext } from './audit';
import { staleRecord } from './reference-texts';

// The code lists (academic field categories, degree levels, document types, service 5's request
// types). Their codes are fixed by the application tables' check constraints and the forms'
// contract, so a value is renamed, reordered, given its EQF/NQF level or switched off, never
// added or deleted: an inactive value is no longer offered but still names the records holding it.

const COLUMNS = ['list', 'code', 'name_en', 'name_sq', 'name_sr', 'active', 'sort_order', 'eqf_level', 'nqf_level', 'version'] as const;

export async function listReferenceValues(db: AppDatabase, list: ReferenceList, active?: boolean): Promise<ReferenceValue[]> {
  let query = db.selectFrom('reference_values').select(COLUMNS).where('list', '=', list);
  if (active !== undefined) query = query.where('active', '=', active);
  return query.orderBy('sort_order').orderBy('code').execute();
}

export async function updateReferenceValue(
  db: AppDatabase,
  context: AuditContext,
  list: ReferenceList,
  code: string,
  update: ReferenceValueUpdate,
): Promise<ReferenceValue> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('reference_values').select(COLUMNS).where('list', '=', list).where('code', '=', code).forUpdate().executeTakeFirst();
    if (!before) throw notFound();
    if (before.version !== update.version) throw staleRecord();
    const { version: _read, ...fields } = update;
    if (list !== 'degree_levels') {
      if (fields.eqf_level != null) throw fieldError('eqf_level', 'reference_levels_only_for_degrees');
      if (fields.nqf_level != null) throw fieldError('nqf_level', 'reference_levels_only_for_degrees');
    }
    const changes = changedFields(before, fields);
    if (Object.keys(changes).length === 0) return before;
    const after = await trx
      .updateTable('reference_values')
      .set({ ...fields, version: before.version + 1 })
      .where('list', '=', list)
      .where('code', '=', code)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await writeAudit(trx, context, { action: 'reference_value.update', entity: 'reference_value', entityId: `${list}:${code}`, details: { changes } });
    return after;
  });
}
