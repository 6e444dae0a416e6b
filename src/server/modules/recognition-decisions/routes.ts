import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError } from '../../../shared/api/drf';
import { applicationDecisions, decisionOptions } from '../../../shared/api/recognition-decisions';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { notFound } from '../../errors';
import { sendIssuedFile } from '../../issued-files';
import { decisionPdfFile, loadDecisionOptions, loadDecisions, visibleApplication } from './decision-queries';

// The recognition decision of an application (services 1 and 2): read it, and the options its
// builder offers. Preparing, approving and taking a decision are the workflow actions
// prepare_decision, approve / reject, grant_recognition / deny_recognition, whose requests carry
// the decision (shared/api/applications.ts). Reading follows the application's row-level scope.

const tags = ['recognition-decisions'];
const id = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id });
const pdfParams = z.object({ id, decisionId: id });
const canView = requirePermission('applications.view_application');

export const recognitionDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.deps;
  const now = app.deps.clock ?? (() => new Date());

  app.get(
    '/applications/:id/decision/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The application’s recognition decision (prepared or approved) and the decisions it superseded, newest first',
        params: idParams,
        response: { [HTTP_STATUS.ok]: applicationDecisions, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const decisions = await loadDecisions(db, applicationScope(currentUser(request)), request.params.id);
      if (!decisions) throw notFound();
      return decisions;
    },
  );

  app.get(
    '/applications/:id/decision/options/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'What a decision on the application is built from: its foreign qualification, the active national qualifications and legal reasons of its service, and the appeal notice of a decision taken today',
        params: idParams,
        response: { [HTTP_STATUS.ok]: decisionOptions, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const options = await loadDecisionOptions(db, applicationScope(currentUser(request)), request.params.id, now());
      if (!options) throw notFound();
      return options;
    },
  );

  app.get(
    '/applications/:id/decision/:decisionId/pdf/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'The decision PDF exactly as stored when the decision was approved (ETag: its SHA-256; 409 issued_file_unavailable when it is not made yet, missing or altered)',
        params: pdfParams,
        querystring: z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') }),
      },
    },
    async (request, reply) => {
      const application = await visibleApplication(db, applicationScope(currentUser(request)), request.params.id);
      if (!application) throw notFound();
      const file = await decisionPdfFile(db, application.id, request.params.decisionId);
      if (!file) throw notFound();
      const fileName = `recognition-decision-${file.reference}.pdf`;
      return sendIssuedFile(request, reply, storage, { key: file.pdf_storage_key, sha256: file.pdf_sha256, fileName }, request.query.disposition);
    },
  );
};
