import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COUNCIL_REVIEW_PATHS, conflictDeclaration, councilApplicationReview, councilDashboard } from '../../../shared/api/council-review';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { translateCouncilError } from '../../council-quorum';
import { notFound } from '../../errors';
import { declareConflict } from './conflict-writes';
import { loadCouncilDashboard } from './dashboard-queries';
import { loadCouncilReview } from './review-queries';
import { translateRefusals } from '../../refusal-texts';

// The council's own calls: dashboard, one application's review, conflicts of interest.
// Every route needs councils.review_application; the row scope (application-scope.ts) decides which
// applications exist for the caller (404 outside it). The decision is the applications workflow
// action record_council_decision.

const tags = ['councils'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const canReview = requirePermission('councils.review_application');

export const councilReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // Our refusals in the caller's language (Accept-Language; en, sq, sr).
  translateRefusals(app, translateCouncilError);

  app.get(
    COUNCIL_REVIEW_PATHS.dashboard,
    {
      preHandler: canReview,
      schema: { tags, summary: 'The caller’s councils: applications waiting for review, next meetings, recent decisions', response: { [HTTP_STATUS.ok]: councilDashboard } },
    },
    async (request) => {
      const user = currentUser(request);
      return loadCouncilDashboard(db, applicationScope(user), user);
    },
  );

  app.get(
    '/councils/applications/:id/review/',
    {
      preHandler: canReview,
      schema: {
        tags,
        summary: 'One application as its council reviews it: documents, expert reviews, members, conflicts, decisions, meetings',
        params: idParams,
        response: { [HTTP_STATUS.ok]: councilApplicationReview, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const review = await loadCouncilReview(db, applicationScope(user), user, request.params.id);
      if (!review) throw notFound();
      return review;
    },
  );

  app.post(
    '/councils/applications/:id/conflicts/',
    {
      preHandler: canReview,
      schema: {
        tags,
        summary: 'Declare a conflict of interest on the application (a member of its council, once)',
        params: idParams,
        body: conflictDeclaration,
        response: {
          [HTTP_STATUS.created]: councilApplicationReview,
          [HTTP_STATUS.badRequest]: z.union([detailError, fieldErrors]),
          [HTTP_STATUS.forbidden]: detailError,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const scope = applicationScope(user);
      await declareConflict(db, scope, user, request.params.id, request.body.reason, request.ip ?? null);
      const review = await loadCouncilReview(db, scope, user, request.params.id);
      if (!review) throw notFound();
      return reply.code(HTTP_STATUS.created).send(review);
    },
  );
};
