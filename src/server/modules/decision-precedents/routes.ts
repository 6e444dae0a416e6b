import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  PRECEDENT_PATHS,
  decisionCitations as citationsAnswer,
  decisionConsistency as consistencyAnswer,
  decisionRegister as registerAnswer,
  decisionRegisterExportRequest,
  decisionRegisterQuery,
  similarDecisionList,
  similarDecisionsQuery,
} from '../../../shared/api/decision-precedents';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { requestLanguage } from '../../request-language';
import { SPREADSHEET_MEDIA_TYPES, spreadsheetFileName } from '../../spreadsheet-export';
import { decisionCitations, decisionConsistency, similarDecisions } from './precedent-queries';
import { registerFile } from './register-export';
import { decisionRegister } from './register-queries';

// Precedents and the register of decisions (src/shared/api/decision-precedents.ts). The similar
// decisions, the consistency count and the citations are read in the application's row scope,
// like its decision; the register is every member of staff's, with the applicant's name only
// where the reader receives it (register-queries.ts).

const tags = ['recognition-decisions'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const canView = requirePermission('applications.view_application');

export const decisionPrecedentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/applications/:id/decision/similar/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Earlier approved decisions on the same or a similar qualification (institution with its merged duplicates, programme without accents and word order, degree level, country), newest first; full-text search over their reasons',
        params: idParams,
        querystring: similarDecisionsQuery,
        response: { [HTTP_STATUS.ok]: similarDecisionList, [HTTP_STATUS.badRequest]: fieldErrors, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const found = await similarDecisions(db, applicationScope(currentUser(request)), request.params.id, { page, page_size, ...filter }, pageWindow({ page, page_size }));
      if (!found) throw notFound();
      return pageAnswer(request, { page, page_size }, found.count, found.rows);
    },
  );

  app.get(
    '/applications/:id/decision/consistency/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The earlier approved decisions on the application’s programme by outcome, and the outcome of a clear majority (at least 3 decisions, at least two thirds alike)',
        params: idParams,
        response: { [HTTP_STATUS.ok]: consistencyAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const answer = await decisionConsistency(db, applicationScope(currentUser(request)), request.params.id);
      if (!answer) throw notFound();
      return answer;
    },
  );

  app.get(
    '/decisions/:id/citations/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The precedents a decision cites and the decisions that cite it',
        params: idParams,
        response: { [HTTP_STATUS.ok]: citationsAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const answer = await decisionCitations(db, applicationScope(currentUser(request)), request.params.id);
      if (!answer) throw notFound();
      return answer;
    },
  );

  app.get(
    PRECEDENT_PATHS.register,
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The register of recognition decisions, newest first; the applicant’s name only for readers who receive the applicant’s identity on that application',
        querystring: decisionRegisterQuery,
        response: { [HTTP_STATUS.ok]: registerAnswer, [HTTP_STATUS.badRequest]: fieldErrors, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const { page, page_size, ordering, ...filter } = request.query;
      const user = currentUser(request);
      const { count, rows } = await decisionRegister(db, user, applicationScope(user), filter, ordering, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    PRECEDENT_PATHS.export,
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The decisions a register filter matches as a CSV (UTF-8 with BOM) or XLSX file in the caller’s language (409 over the cap); audited',
        body: decisionRegisterExportRequest,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { filter, format } = request.body;
      const file = await registerFile(db, { user, scope: applicationScope(user), filter, format, language: requestLanguage(request), ip: request.ip ?? null });
      return reply
        .header('content-type', SPREADSHEET_MEDIA_TYPES[format])
        .header('content-disposition', contentDisposition(spreadsheetFileName('decisions', format, new Date()), 'attachment'))
        // Applicants' names may be in it: no cache keeps a copy.
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
};
