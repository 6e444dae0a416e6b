import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { detailError, HTTP_STATUS } from '../../../shared/api/drf';
import { REPORT_PATHS, reportExport, reportExportListAnswer, reportExportRequest, type ReportExport, type ReportKey } from '../../../shared/api/reports';
import type { Language } from '../../../shared/constants';
import { currentUser, requirePermission } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { EXPORT_MEDIA_TYPES } from './export-files';
import { downloadExport, ownExport, ownExports, queueExport, type ExportRow } from './export-requests';
import type { ExportWorker } from './export-worker';
import { resolveFilter } from './report-filter';
import { REPORT_TEXTS, translateReportRefusal } from './report-texts';

// The exports: POST queues one and answers 202 with it (the worker writes the file); GET lists the
// caller's own, newest first, with status and progress (the downloads list); GET one; GET its file
// once done (export-requests.ts holds the rules). Starting an export needs
// reports.export_reports; following and downloading one's own needs reports.view_reports.

const tags = ['reports'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const canRead = requirePermission('reports.view_reports');
const canExport = requirePermission('reports.export_reports');

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
      const row = await queueExport(db, { id: user.id, ip: request.ip ?? null }, { report, format, filter, language });
      options.worker()?.wake();
      return reply.code(HTTP_STATUS.accepted).send(exportAnswer(row, language));
    },
  );

  app.get(
    REPORT_PATHS.exports,
    { preHandler: canRead, schema: { tags, summary: 'The caller’s exports, newest first, with status and progress', response: { [HTTP_STATUS.ok]: reportExportListAnswer } } },
    async (request) => {
      const rows = await ownExports(db, currentUser(request).id);
      const language = requestLanguage(request);
      return { results: rows.map((row) => exportAnswer(row, language)) };
    },
  );

  app.get(
    '/reports/exports/:id/',
    { preHandler: canRead, schema: { tags, summary: 'One of the caller’s exports', params: idParams, response: { [HTTP_STATUS.ok]: reportExport } } },
    async (request) => {
      const row = await ownExport(db, request.params.id, currentUser(request).id);
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
      const file = await downloadExport(db, request.params.id, { id: currentUser(request).id, ip: request.ip ?? null });
      return reply
        .header('content-type', EXPORT_MEDIA_TYPES[file.format])
        .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
        .header('content-length', String(file.size ?? (await storage.size(file.storageKey))))
        .header('cache-control', 'no-store')
        .send(storage.read(file.storageKey));
    },
  );
};
