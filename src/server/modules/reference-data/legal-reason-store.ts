import { sql } from 'kysely';
import type { z } from 'zod';
import type { LegalReason, legalReasonInput, legalReasonQuery, legalReasonUpdate } from '../../../shared/api/decision-references';
import type { AppDatabase } from '../../db/database';
import { conflict, fieldError, notFound } from '../../errors';
import { foldedSql, foldedWordPatterns } from '../../shared/accent-folding';
import { changedFields, writeAudit, type AuditContext } from './audit';
import { isForeignKeyViolation, isUniqueViolation, staleRecord } from './reference-texts';

// The legal reasons a recognition decision cites as its legal basis: an article and its text in
// the three languages, for the services and outcomes it may be cited with. A reason a decision
// cites is protected by the decision tables' restricting foreign keys, so deleting it fails in the
// database and is answered as a refusal (deactivate it instead), never a half-done delete.

const COLUMNS = ['id', 'article', 'text_en', 'text_sq', 'text_sr', 'services', 'outcomes', 'active', 'version', 'created_at', 'updated_at'] as const;

type Row = Omit<LegalReason, 'created_at' | 'updated_at'> & { created_at: Date; updated_at: Date };
const asRecord = (row: Row): LegalReason => ({
  ...row,
  // smallint[] may come back as strings from some drivers.
  services: row.services.map(Number),
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

type Filter = Omit<z.output<typeof legalReasonQuery>, 'page' | 'page_size'>;

export async function listLegalReasons(db: AppDatabase, filter: Filter, window: { limit: number; offset: number }) {
  let query = db.selectFrom('legal_reasons');
  if (filter.service !== undefined) query = query.where(sql<boolean>`services @> array[${filter.service}]::smallint[]`);
  if (filter.outcome !== undefined) query = query.where(sql<boolean>`outcomes @> array[${filter.outcome}]::text[]`);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  const searched = foldedSql(sql`article || ' ' || text_en || ' ' || text_sq || ' ' || text_sr`);
  for (const pattern of foldedWordPatterns(filter.search)) query = query.where(sql<boolean>`${searched} like ${pattern}`);
  const descending = filter.ordering.startsWith('-');
  const field = filter.ordering.replace(/^-/, '') as 'article' | 'updated_at';
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    query
      .select(COLUMNS)
      .orderBy(field === 'article' ? sql`lower(article)` : sql.ref(field), descending ? 'desc' : 'asc')
      .orderBy('id')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
  ]);
  return { count: Number(count), rows: rows.map((row) => asRecord(row as Row)) };
}

export async function findLegalReason(db: AppDatabase, id: number): Promise<LegalReason | undefined> {
  const row = await db.selectFrom('legal_reasons').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && asRecord(row as Row);
}

/** The unique article index refuses a second reason citing the same article (any case). */
const articleTaken = (error: unknown) => (isUniqueViolation(error) ? fieldError('article', 'legal_reason_article_taken') : error);

export async function createLegalReason(db: AppDatabase, context: AuditContext, input: z.output<typeof legalReasonInput>): Promise<LegalReason> {
  try {
    return await db.transaction().execute(async (trx) => {
      const created = asRecord((await trx.insertInto('legal_reasons').values(input).returning(COLUMNS).executeTakeFirstOrThrow()) as Row);
      await writeAudit(trx, context, { action: 'legal_reason.create', entity: 'legal_reason', entityId: String(created.id), details: { legal_reason: created } });
      return created;
    });
  } catch (error) {
    throw articleTaken(error);
  }
}

export async function updateLegalReason(db: AppDatabase, context: AuditContext, id: number, update: z.output<typeof legalReasonUpdate>): Promise<LegalReason> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('legal_reasons').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound();
      const before = asRecord(row as Row);
      if (before.version !== update.version) throw staleRecord();
      const { version: _read, ...fields } = update;
      // Arrays differ by content, not identity.
      const changes = changedFields(
        { ...before, services: before.services.join(','), outcomes: before.outcomes.join(',') },
        { ...fields, services: fields.services?.join(','), outcomes: fields.outcomes?.join(',') },
      );
      if (Object.keys(changes).length === 0) return before;
      const after = await trx
        .updateTable('legal_reasons')
        .set({ ...fields, version: before.version + 1, updated_at: sql`now()` })
        .where('id', '=', id)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await writeAudit(trx, context, { action: 'legal_reason.update', entity: 'legal_reason', entityId: String(id), details: { changes } });
      return asRecord(after as Row);
    });
  } catch (error) {
    throw articleTaken(error);
  }
}

/** Deletes a reason no decision cites; a cited one answers 409 and stays as it was. */
export async function deleteLegalReason(db: AppDatabase, context: AuditContext, id: number): Promise<void> {
  try {
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('legal_reasons').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
      if (!row) throw notFound();
      await trx.deleteFrom('legal_reasons').where('id', '=', id).execute();
      await writeAudit(trx, context, { action: 'legal_reason.delete', entity: 'legal_reason', entityId: String(id), details: { legal_reason: asRecord(row as Row) } });
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('legal_reason_in_use');
    throw error;
  }
}
