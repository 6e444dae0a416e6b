import { REPORT_LIMITS, type ExportFormat, type ReportExport, type ReportKey } from '../../../shared/api/reports';
import type { Language } from '../../../shared/constants';
import type { AppDatabase } from '../../db/database';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../../shared/audit';
import type { ResolvedFilter } from './report-filter';

// A person's exports: queuing one (within the limit of waiting ones), reading their own, and
// handing over a finished file. Another person's export is never found. Asking for an export and
// downloading its file are audited: the file holds the office's figures.

export interface ExportRow {
  id: number;
  report: string;
  format: ReportExport['format'];
  filters: unknown;
  status: ReportExport['status'];
  progress: number;
  rows: number;
  file_name: string | null;
  size: number | null;
  error: string | null;
  language: Language;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS = ['id', 'report', 'format', 'filters', 'status', 'progress', 'rows', 'file_name', 'size', 'error', 'language', 'created_at', 'finished_at'] as const;

interface Requester {
  id: number;
  ip: string | null;
}

/** Queues an export for the worker (409 when the person already has REPORT_LIMITS.pendingExports waiting). */
export async function queueExport(
  db: AppDatabase,
  requester: Requester,
  request: { report: ReportKey; format: ExportFormat; filter: ResolvedFilter; language: Language },
): Promise<ExportRow> {
  const { report, format, filter, language } = request;
  return db.transaction().execute(async (trx) => {
    // One person's waiting exports are counted under a lock on the person, so two requests at
    // once cannot both slip under the limit.
    await trx.selectFrom('users').select('id').where('id', '=', requester.id).forUpdate().executeTakeFirst();
    const { waiting } = await trx
      .selectFrom('report_exports')
      .select((eb) => eb.fn.countAll<number>().as('waiting'))
      .where('owner_id', '=', requester.id)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    if (Number(waiting) >= REPORT_LIMITS.pendingExports) throw conflict('report_too_many_exports');
    const created = await trx
      .insertInto('report_exports')
      .values({ owner_id: requester.id, report, format, filters: JSON.stringify(filter), language })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await recordAudit(trx, { actorId: requester.id, action: 'report.export_requested', entityType: 'report_export', entityId: created.id, details: { report, format, filter }, ip: requester.ip });
    return created;
  });
}

/** The person's latest exports, newest first. */
export function ownExports(db: AppDatabase, ownerId: number): Promise<ExportRow[]> {
  return db.selectFrom('report_exports').select(COLUMNS).where('owner_id', '=', ownerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(REPORT_LIMITS.listed).execute();
}

/** One of the person's exports (404 for anyone else's). */
export async function ownExport(db: AppDatabase, id: number, ownerId: number): Promise<ExportRow> {
  const row = await db.selectFrom('report_exports').select(COLUMNS).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** A finished export's stored file, its download audited (404 for anyone else's, 409 while it is not done). */
export async function downloadExport(db: AppDatabase, id: number, requester: Requester) {
  const row = await db
    .selectFrom('report_exports')
    .select(['id', 'status', 'format', 'storage_key', 'file_name', 'size', 'report'])
    .where('id', '=', id)
    .where('owner_id', '=', requester.id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.status === 'failed') throw conflict('report_failed');
  if (row.status !== 'done' || !row.storage_key || !row.file_name) throw conflict('report_not_ready');
  await recordAudit(db, { actorId: requester.id, action: 'report.export_downloaded', entityType: 'report_export', entityId: row.id, details: { report: row.report }, ip: requester.ip });
  return { format: row.format, storageKey: row.storage_key, fileName: row.file_name, size: row.size };
}
