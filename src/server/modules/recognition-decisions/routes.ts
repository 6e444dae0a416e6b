import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError } from '../../../shared/api/drf';
import { applicationDecisions, decisionOptions } from '../../../shared/api/recognition-decisions';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { notFound } from '../../errors';
import { loadDecisionOptions, loadDecisions } from './decision-queries';

// The recognition decision of an application (services 1 and 2): read it, and the options its
// builder offers. Preparing, approving and taking a decision are the workflow actions
// prepare_decision, approve / reject, grant_recognition / deny_recognition, whose requests carry
// the decision (shared/api/applications.ts). Reading follows the application's row-level scope.

const tags = ['recognition-decisions'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const canView = requirePermission('applications.view_application');

export const recognitionDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
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
};
