import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTION_REQUESTS,
  APPLICATION_PATHS,
  applicationDetail,
  applicationListAnswer,
  applicationListQuery,
  assignableOfficersAnswer,
  councilSummariesAnswer,
  documentReviewAnswer,
  documentReviewRequest,
  savedFilter,
  savedFilterCreate,
  savedFiltersAnswer,
} from '../../../shared/api/applications';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { ACTION_NAMES, WORKFLOW_ACTIONS, actionPathSegment } from '../../../shared/domain/application-workflow';
import { currentUser, requirePermission } from '../../auth-context';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { applicantFieldsFor, applicationScope } from '../../application-scope';
import { listCouncils } from './council-queries';
import { loadApplicationDetail } from './detail-queries';
import { listApplications } from './list-queries';
import { listAssignableOfficers } from '../../workflow/officer-queries';
import { deleteSavedFilter, listSavedFilters, saveFilter } from './saved-filter-queries';
import { performAction } from '../../workflow/perform-action';
import { reviewDocuments } from '../../workflow/document-review';
import { translateCouncilError } from '../../council-quorum';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';

// The applications calls. Every route needs applications.view_application; what a user
// then sees is limited by their row-level scope (access-scope.ts), and what they may do by the
// workflow table and their permissions (src/server/workflow/perform-action.ts).

const tags = ['applications'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const refusal = z.union([detailError, fieldErrors]);
const canView = requirePermission('applications.view_application');

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const now = app.deps.clock ?? (() => new Date());

  // The council's refusals (conflict of interest, quorum, auto-assign) in the caller's language
  // (Accept-Language); the workflow's other messages stay English and the screens word them.
  translateRefusals(app, translateCouncilError);

  for (const [path, onlyIncomplete, summary] of [
    [APPLICATION_PATHS.list, false, 'Applications, filtered, searched, sorted and paged (row-level scope applies)'],
    [APPLICATION_PATHS.incomplete, true, 'Applications missing a required document or waiting for the applicant'],
  ] as const) {
    app.get(
      path,
      {
        preHandler: canView,
        schema: { tags, summary, querystring: applicationListQuery, response: { [HTTP_STATUS.ok]: applicationListAnswer } },
      },
      async (request) => {
        const user = currentUser(request);
        const { page, page_size, ordering, ...filter } = request.query;
        const { count, rows } = await listApplications(
          db,
          applicationScope(user),
          applicantFieldsFor(user),
          user.id,
          { ...filter, onlyIncomplete },
          { ordering, ...pageWindow({ page, page_size }) },
        );
        return pageAnswer(request, { page, page_size }, count, rows);
      },
    );
  }

  app.get(
    APPLICATION_PATHS.assignableOfficers,
    {
      preHandler: requirePermission('applications.change_application'),
      schema: { tags, summary: 'Officers an application can be assigned to, with their open workload', response: { [HTTP_STATUS.ok]: assignableOfficersAnswer } },
    },
    async (request) => listAssignableOfficers(db, requestLanguage(request)),
  );

  app.get(
    APPLICATION_PATHS.councils,
    { preHandler: canView, schema: { tags, summary: 'Councils (for filters and council assignment)', response: { [HTTP_STATUS.ok]: councilSummariesAnswer } } },
    async () => listCouncils(db),
  );

  app.get(
    APPLICATION_PATHS.savedFilters,
    { preHandler: canView, schema: { tags, summary: 'The caller’s saved list filters', response: { [HTTP_STATUS.ok]: savedFiltersAnswer } } },
    async (request) => listSavedFilters(db, currentUser(request).id),
  );

  app.post(
    APPLICATION_PATHS.savedFilters,
    {
      preHandler: canView,
      schema: { tags, summary: 'Save the list’s current filter under a name', body: savedFilterCreate, response: { [HTTP_STATUS.created]: savedFilter, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.conflict]: detailError } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await saveFilter(db, currentUser(request).id, request.body)),
  );

  app.delete(
    '/applications/saved-filters/:id/',
    { preHandler: canView, schema: { tags, summary: 'Delete one of the caller’s saved filters', params: idParams, response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError } } },
    async (request, reply) => {
      await deleteSavedFilter(db, currentUser(request).id, request.params.id);
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.get(
    '/applications/:id/',
    {
      preHandler: canView,
      schema: { tags, summary: 'One application with history, timeline and the actions open to the caller', params: idParams, response: { [HTTP_STATUS.ok]: applicationDetail, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => {
      const user = currentUser(request);
      const detail = await loadApplicationDetail(db, applicationScope(user), user, request.params.id, now());
      if (!detail) throw notFound();
      return detail;
    },
  );

  for (const name of ACTION_NAMES) {
    app.post(
      `/applications/:id/${actionPathSegment(name)}/`,
      {
        preHandler: canView,
        schema: {
          tags,
          summary: `Workflow action “${name}” (${WORKFLOW_ACTIONS[name].kind}); answers the updated application`,
          params: idParams,
          body: ACTION_REQUESTS[name],
          response: {
            [HTTP_STATUS.ok]: applicationDetail,
            [HTTP_STATUS.badRequest]: refusal,
            [HTTP_STATUS.notFound]: detailError,
            [HTTP_STATUS.conflict]: detailError,
            [HTTP_STATUS.preconditionFailed]: detailError,
          },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const scope = applicationScope(user);
        await performAction({ db, user, scope, ip: request.ip, clock: now, issuer: app.deps.issuer }, request.params.id, name, request.body);
        // The caller's own step may take the application out of their view (an agency officer's
        // send_back returns it to the preparer): the answer is still the application as that step
        // left it, which they could see a moment ago, not a 404 that reads as if nothing happened.
        const detail =
          (await loadApplicationDetail(db, scope, user, request.params.id, now())) ?? (await loadApplicationDetail(db, { kind: 'all' }, user, request.params.id, now()));
        if (!detail) throw notFound();
        return detail;
      },
    );
  }

  app.post(
    '/applications/:id/document-reviews/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Approve or reject several documents of the application at once (all or nothing); answers each document’s new status and the application',
        params: idParams,
        body: documentReviewRequest,
        response: {
          [HTTP_STATUS.ok]: documentReviewAnswer,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.preconditionFailed]: detailError,
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const scope = applicationScope(user);
      const results = await reviewDocuments({ db, user, scope, ip: request.ip, clock: now, issuer: app.deps.issuer }, request.params.id, request.body);
      const application = await loadApplicationDetail(db, scope, user, request.params.id, now());
      if (!application) throw notFound();
      return { results, application };
    },
  );
};
