import type { FastifyBaseLogger } from 'fastify';
import { startPeriodicJob } from '../../jobs/periodic-job';
import { sql } from 'kysely';
import type { Readable } from 'node:stream';
import { reportAnswer, reportKey, type ExportFormat, type ReportKey } from '../../../shared/api/reports';
import { hasPermission } from '../../../shared/auth/permissions';
import type { Language } from '../../../shared/constants';
import { applicationScope } from '../../application-scope';
import { loadUserObject } from '../../auth-context';
import type { AppDatabase } from '../../db/database';
import type { Cell } from '../../spreadsheet-export';
import type { DocumentStorage } from '../../storage/document-storage';
import { currentLetterhead } from '../../system-settings';
import { exportFileName, fileCells, pdfReport, spreadsheetReport } from './export-files';
import { monthSlices, officeDay } from './report-filter';
import { REPORTS } from './report-queries';
import { codeNames, REPORT_TEXTS } from './report-texts';

// The background exports (report_exports). Every instance runs this worker on the same table, as
// the notification outbox does: it claims the oldest waiting export in a short transaction (FOR
// UPDATE SKIP LOCKED, then a lease in claimed_until), writes the file outside any transaction,
// and renews the lease with every progress update, so two instances never write one export and
// an export whose instance died is taken up again once its lease ran out (at most MAX_ATTEMPTS
// times, then it is failed). Works the same on PostgreSQL and PGlite (one connection: the claim
// is one transaction and the rest plain statements).
//
// A report whose rows are keyed by month is computed month by month, each slice written to the
// file before the next is read, progress moving with the slices; the others (stages, officers,
// deadline types: a bounded number of rows) in one batch. The file streams into the document
// storage and is kept under a key only once complete.

export const EXPORT_LEASE_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 3;
/** The largest file an export may write (a report is aggregates; this only stops a runaway). */
const MAX_FILE_BYTES = 200 * 1024 * 1024;

export interface ExportWorkerOptions {
  db: AppDatabase;
  storage: DocumentStorage;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** How often waiting exports are looked for besides being woken (default 5 s). */
  intervalMs?: number;
}

export interface ExportWorker {
  /** Writes waiting exports until none is left; resolves with how many were finished or failed. */
  runOnce(): Promise<number>;
  /** Starts a run now (after an export was queued) unless one is going on. */
  wake(): void;
  stop(): Promise<void>;
}

interface ClaimedExport {
  id: number;
  owner_id: number;
  report: string;
  filters: unknown;
  format: ExportFormat;
  language: Language;
  attempts: number;
}

async function claimNext(db: AppDatabase): Promise<ClaimedExport | null> {
  return db.transaction().execute(async (trx) => {
    const next = await trx
      .selectFrom('report_exports')
      .select(['id', 'owner_id', 'report', 'filters', 'format', 'language', 'attempts'])
      .where((eb) =>
        eb.or([eb('status', '=', 'queued'), eb.and([eb('status', '=', 'running'), eb('claimed_until', '<', sql<Date>`now()`)])]),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!next) return null;
    await trx
      .updateTable('report_exports')
      .set((eb) => ({
        status: 'running',
        progress: 0,
        rows: 0,
        attempts: eb('attempts', '+', 1),
        claimed_until: sql<Date>`now() + ${sql.lit(`${EXPORT_LEASE_MS} milliseconds`)}::interval`,
      }))
      .where('id', '=', next.id)
      .execute();
    return { ...next, attempts: next.attempts + 1 };
  });
}

async function recordProgress(db: AppDatabase, id: number, progress: number, rows: number): Promise<void> {
  await db
    .updateTable('report_exports')
    .set({ progress, rows, claimed_until: sql<Date>`now() + ${sql.lit(`${EXPORT_LEASE_MS} milliseconds`)}::interval` })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .execute();
}

/** Writes one claimed export to the storage; returns its key, name, size and row count. */
async function writeExport(options: ExportWorkerOptions, job: ClaimedExport) {
  const { db, storage, clock } = options;
  const report: ReportKey = reportKey.parse(job.report);
  const owner = await loadUserObject(db, job.owner_id);
  // The owner may have lost the permission (or the account) since asking: nothing is written.
  if (!owner || !owner.is_active || !hasPermission(owner, 'reports.view_reports')) throw new Error('the owner may no longer read reports');
  const now = clock();
  // The filter was resolved when the export was asked for ("the last twelve months" of that day).
  const filter = reportAnswer.shape.filter.parse(job.filters);
  const definition = REPORTS[report];
  const slices = definition.byMonth ? monthSlices(filter) : [filter];
  const scope = applicationScope(owner);
  const today = officeDay(now);
  const names = await codeNames(db, job.language);
  let written = 0;

  // The first slice is computed before the file starts: its columns are the file's header.
  const first = await definition.run({ db, scope, filter: slices[0]!, today });
  const columns = first.columns;
  async function* batches(): AsyncGenerator<Cell[][]> {
    for (let index = 0; index < slices.length; index += 1) {
      const data = index === 0 ? first : await definition.run({ db, scope, filter: slices[index]!, today });
      const cells = data.rows.map((row) => fileCells(data.columns, row, names));
      written += cells.length;
      await recordProgress(db, job.id, Math.min(99, Math.floor(((index + 1) / slices.length) * 100)), written);
      yield cells;
    }
  }

  const fileName = exportFileName(report, job.format, filter);
  let key: string;
  let size: number;
  if (job.format === 'pdf') {
    const rows: Cell[][] = [];
    for await (const batch of batches()) rows.push(...batch);
    const bytes = await pdfReport(report, columns, filter, job.language, rows, now, await currentLetterhead(db));
    key = await storage.put(bytes);
    size = bytes.length;
  } else {
    const file: Readable = spreadsheetReport(job.format, report, columns, filter, job.language, batches());
    const temporary = await storage.writeTemporary(file, { maxBytes: MAX_FILE_BYTES });
    size = temporary.size;
    key = await temporary.keep();
  }
  return { key, fileName, size, rows: written };
}

async function runExport(options: ExportWorkerOptions, job: ClaimedExport): Promise<void> {
  const { db, log } = options;
  try {
    const file = await writeExport(options, job);
    const done = await db
      .updateTable('report_exports')
      .set({ status: 'done', progress: 100, rows: file.rows, storage_key: file.key, file_name: file.fileName, size: file.size, finished_at: new Date(), claimed_until: null, error: null })
      .where('id', '=', job.id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    // Deleted (its owner went) while it was written: the file has no row to belong to.
    if (Number(done.numUpdatedRows) === 0) await options.storage.delete(file.key).catch(() => undefined);
  } catch (error) {
    log.error({ err: error, export_id: job.id }, 'report export failed');
    await db
      .updateTable('report_exports')
      .set({ status: 'failed', error: REPORT_TEXTS[job.language].writeFailed, finished_at: new Date(), claimed_until: null })
      .where('id', '=', job.id)
      .execute();
  }
}

/** Fails exports whose instances died MAX_ATTEMPTS times while writing them (they would die again). */
async function failAbandoned(db: AppDatabase): Promise<void> {
  const abandoned = await db
    .selectFrom('report_exports')
    .select(['id', 'language'])
    .where('status', '=', 'running')
    .where('claimed_until', '<', sql<Date>`now()`)
    .where('attempts', '>=', MAX_ATTEMPTS)
    .execute();
  for (const row of abandoned) {
    await db
      .updateTable('report_exports')
      .set({ status: 'failed', error: REPORT_TEXTS[row.language].writeFailed, finished_at: new Date(), claimed_until: null })
      .where('id', '=', row.id)
      .where('status', '=', 'running')
      .execute();
  }
}

export function startExportWorker(options: ExportWorkerOptions): ExportWorker {
  return startPeriodicJob(
    async (job) => {
      let handled = 0;
      await failAbandoned(options.db);
      while (!job.stopped) {
        const claimed = await claimNext(options.db);
        if (!claimed) break;
        await runExport(options, claimed);
        handled += 1;
      }
      return handled;
    },
    { intervalMs: options.intervalMs ?? 5000, log: options.log, failure: 'report export worker failed', failed: 0 },
  );
}
