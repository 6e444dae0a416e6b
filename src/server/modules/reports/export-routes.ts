import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailError, HTTP_STATUS } from '../../../shared/api/drf';
import {
  REPORT_LIMITS,
  REPORT_PATHS,
  reportExport,
  reportExportListAnswer,
  reportExportRequest,
  type ReportExport,
  type ReportKey } from '../../../shared/api/reports';
import type { Language } from '../../../shared/constants';
import { currentUser, requirePermission } from '../../auth-context';
import type { AppDatabase } from '../../db/database';
import { contentDisposition } from '../../downloads';
import { conflict, notFound } from '../../errors';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { EXPORT_MEDIA_TYPES } from './export-files';
import type { ExportWorker } from './export-worker';
import { resolveFilter } from './report-filter';
import { REPORT_TEXTS, translateReportRefusal } from './report-texts';

// The exports (issue 18): POST queues one and answers 202 with it (the worker writes the file);
// GET lists the caller's own, newest first, with status and progress (the downloads list); GET
// one; GET its file once done. Another person's export is a 404, whoever asks. Starting an export
// needs reports.export_reports; following and downloading one's own needs reports.view_reports.

const tags = ['reports'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const canRead = requirePermission('reports.view_reports');
const canExport = requirePermission('reports.export_reports');

type ExportRow = {
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
};

const COLUMNS = ['id', 'report', 'format', 'filters', 'status', 'progress', 'rows', 'file_name', 'size', 'error', 'language', 'created_at', 'finished_at'] as const;

function exportAnswer(row: ExportRow, language: Language): ReportExport {
  const texts = REPORT_TEXTS[language];
  return {
    id: Number(row.id),
    report: row.report as ReportKey,
    title: texts.titles[row.report as ReportKey] ?? row.report,
    format: row.format,
    filter: row.filters as ReportExport['filter'],
    status: row.status,
    progress: row.progress,
    rows: row.rows,
    file_name: row.file_name,
    size: row.size === null ? null : Number(row.size),
    // The failure text was written in the requester's language; the reader's is used here.
    error: row.status === 'failed' ? texts.writeFailed : null,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
  };
}

function ownExport(db: AppDatabase, id: number, ownerId: number) {
  return db.selectFrom('report_exports').select(COLUMNS).where('id', '=', id).where('owner_id', '=', ownerId);
}

export const reportExportRoutes: FastifyPluginAsyncZod<{ worker: () => ExportWorker | null }> = async (app, options) => {
  const { db, storage } = app.deps;
  const clock = app.deps.clock ?? (() => new Date());
  translateRefusals(app, translateReportRefusal);

  app.post(
    REPORT_PATHS.exports,
    {
      preHandler: canExport,
      schema: {
        tags,
        summary: 'Start writing a report to a CSV, XLSX or PDF file in the background (202 with the export; 409 with too many waiting)',
        body: reportExportRequest,
        response: { [HTTP_STATUS.accepted]: reportExport, [HTTP_STATUS.conflict]: detailError },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const language = requestLanguage(request);
      const { report, format } = request.body;
      const filter = resolveFilter(report, request.body.filter, clock());
      const row = await db.transaction().execute(async (trx) => {
        // One person's waiting exports are counted under a lock on the person, so two requests at
        // once cannot both slip under the limit.
        await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
        const { waiting } = await trx
          .selectFrom('report_exports')
          .select((eb) => eb.fn.countAll<number>().as('waiting'))
          .where('owner_id', '=', user.id)
          .where('status', 'in', ['queued', 'running'])
          .executeTakeFirstOrThrow();
        if (Number(waiting) >= REPORT_LIMITS.pendingExports) throw conflict('report_too_many_exports');
        const created = await trx
          .insertInto('report_exports')
          .values({ owner_id: user.id, report, format, filters: JSON.stringify(filter), language })
          .returning(COLUMNS)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('audit_log')
          .values({
            actor_id: user.id,
            action: 'report.export_requested',
            entity_type: 'report_export',
            entity_id: String(created.id),
            details: JSON.stringify({ report, format, filter }),
            ip: request.ip ?? null,
          })
          .execute();
        return created;
      });
      options.worker()?.wake();
      return reply.code(HTTP_STATUS.accepted).send(exportAnswer(row, language));
    },
  );

  app.get(
    REPORT_PATHS.exports,
    { preHandler: canRead, schema: { tags, summary: 'The caller’s exports, newest first, with status and progress', response: { [HTTP_STATUS.ok]: reportExportListAnswer } } },
    async (request) => {
      const user = currentUser(request);
      const rows = await db
        .selectFrom('report_exports')
        .select(COLUMNS)
        .where('owner_id', '=', user.id)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(REPORT_LIMITS.listed)
        .execute();
      const language = requestLanguage(request);
      return { results: rows.map((row) => exportAnswer(row, language)) };
    },
  );

  app.get(
    '/reports/exports/:id/',
    { preHandler: canRead, schema: { tags, summary: 'One of the caller’s exports', params: idParams, response: { [HTTP_STATUS.ok]: reportExport } } },
    async (request) => {
      const row = await ownExport(db, request.params.id, currentUser(request).id).executeTakeFirst();
      if (!row) throw notFound();
      return exportAnswer(row, requestLanguage(request));
    },
  );

  app.get(
    '/reports/exports/:id/download/',
    {
      preHandler: canRead,
      schema: { tags, summary: 'The finished file of one of the caller’s exports (409 while it is not done)', params: idParams },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const row = await db
        .selectFrom('report_exports')
        .select(['id', 'status', 'format', 'storage_key', 'file_name', 'size', 'report'])
        .where('id', '=', request.params.id)
        .where('owner_id', '=', user.id)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (row.status === 'failed') throw conflict('report_failed');
      if (row.status !== 'done' || !row.storage_key || !row.file_name) throw conflict('report_not_ready');
      await db
        .insertInto('audit_log')
        .values({ actor_id: user.id, action: 'report.export_downloaded', entity_type: 'report_export', entity_id: String(row.id), details: JSON.stringify({ report: row.report }), ip: request.ip ?? null })
        .execute();
      return reply
        .header('content-type', EXPORT_MEDIA_TYPES[row.format])
        .header('content-disposition', contentDisposition(row.file_name, 'attachment'))
        .header('content-length', String(row.size ?? (await storage.size(row.storage_key))))
        .header('cache-control', 'no-store')
        .send(storage.read(row.storage_key));
    },
  );
};
