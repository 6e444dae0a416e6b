import type { Holiday, HolidayCreate } from '../../../shared/api/deadlines';
import type { AppDatabase } from '../../db/database';
import { importKosovoHolidays } from '../../db/holiday-calendar';
import { fieldError, notFound } from '../../errors';
import type { Actor } from './configuration-queries';
import { recordAudit } from '../../shared/audit';

// The holiday calendar administrators edit: a year's holidays, add one, remove one, and import
// a year from the maintained library (db/holiday-calendar.ts). Every change is audited. A change
// counts for deadlines computed from then on: running deadlines keep their due date until their
// next status change recomputes it.

const AUDIT_ENTITY = 'holiday';

export async function listHolidays(db: AppDatabase, year: number): Promise<Holiday[]> {
  return db
    .selectFrom('holidays')
    .select(['id', 'date', 'name_en', 'name_sq', 'name_sr', 'source'])
    .where('date', '>=', `${year}-01-01`)
    .where('date', '<=', `${year}-12-31`)
    .orderBy('date')
    .execute();
}

async function audit(db: AppDatabase, actor: Actor, action: string, id: number | null, details: unknown) {
  await recordAudit(db, { actorId: actor.id, action: `${AUDIT_ENTITY}.${action}`, entityType: AUDIT_ENTITY, entityId: id, details, ip: actor.ip });
}

export async function addHoliday(db: AppDatabase, input: HolidayCreate, actor: Actor): Promise<Holiday> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('holidays')
      .values({ ...input, source: 'manual', created_by_id: actor.id })
      .onConflict((conflict) => conflict.column('date').doNothing())
      .returning(['id', 'date', 'name_en', 'name_sq', 'name_sr', 'source'])
      .executeTakeFirst();
    if (!row) throw fieldError('date', 'deadline_holiday_exists');
    await audit(trx, actor, 'added', row.id, { after: row });
    return row;
  });
}

export async function removeHoliday(db: AppDatabase, id: number, actor: Actor): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom('holidays').where('id', '=', id).returning(['id', 'date', 'name_en', 'name_sq', 'name_sr', 'source']).executeTakeFirst();
    if (!row) throw notFound();
    await audit(trx, actor, 'removed', row.id, { before: row });
  });
}

export async function importYear(db: AppDatabase, year: number, actor: Actor): Promise<{ added: number; holidays: Holiday[] }> {
  const added = await db.transaction().execute(async (trx) => {
    const count = await importKosovoHolidays(trx, year, actor.id);
    await audit(trx, actor, 'imported', null, { year, added: count });
    return count;
  });
  return { added, holidays: await listHolidays(db, year) };
}
