import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { REPORT_KEYS, REPORT_PATHS, reportAnswer, reportCatalogueAnswer, reportFilter, type ReportKey } from '../../../shared/api/reports';
import { safeText } from '../../../shared/api/safe-text';
import { hasPermission } from '../../../shared/auth/permissions';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { notFound } from '../../errors';
import { requestLanguage } from '../../request-language';
import { officeDay, resolveFilter } from './report-filter';
import { councilOptions, REPORTS } from './report-queries';
import { codeNames, REPORT_TEXTS, reportAnswer as answerOf } from './report-texts';

// GET /reports/ (what reports there are) and GET /reports/{key}/ (one report over a filter).
// Reading needs reports.view_reports; the figures count the applications the reader may see.

const tags = ['reports'];
const canRead = requirePermission('reports.view_reports');
const isReportKey = (key: string): key is ReportKey => (REPORT_KEYS as readonly string[]).includes(key);

export const reportReadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const clock = app.deps.clock ?? (() => new Date());

  app.get(
    REPORT_PATHS.catalogue,
    { preHandler: canRead, schema: { tags, summary: 'The standard reports, whether the caller may export them, and the councils the council filter offers', response: { [HTTP_STATUS.ok]: reportCatalogueAnswer } } },
    async (request) => {
      const texts = REPORT_TEXTS[requestLanguage(request)];
      return {
        reports: REPORT_KEYS.map((key) => ({ key, title: texts.titles[key], description: texts.descriptions[key], groupable: key === 'applications' })),
        can_export: hasPermission(currentUser(request), 'reports.export_reports'),
        council_options: await councilOptions(db),
      };
    },
  );

  app.get(
    '/reports/:report/',
    {
      preHandler: canRead,
      schema: {
        tags,
        summary: 'One report over a filter: series for a chart, columns and rows for a table (labels in the caller’s language)',
        params: z.object({ report: safeText({ max: 40 }) }),
        querystring: reportFilter,
        response: { [HTTP_STATUS.ok]: reportAnswer },
      },
    },
    async (request) => {
      const { report } = request.params;
      if (!isReportKey(report)) throw notFound();
      const now = clock();
      const filter = resolveFilter(report, request.query, now);
      const language = requestLanguage(request);
      const [data, names] = await Promise.all([
        REPORTS[report].run({ db, scope: applicationScope(currentUser(request)), filter, today: officeDay(now) }),
        codeNames(db, language),
      ]);
      return answerOf(report, filter, data, language, names);
    },
  );
};
