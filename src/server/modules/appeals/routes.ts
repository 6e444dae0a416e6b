import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  APPEAL_PATHS,
  appealAssignees,
  appealAssignment,
  appealDetail,
  appealListAnswer,
  appealListQuery,
  appealOutcomeInput,
  appealRegistration,
} from '../../../shared/api/appeals';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { decisionOptions } from '../../../shared/api/recognition-decisions';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { displayNameSql } from '../../shared/display-name';
import { sortByName } from '../../shared/name-order';
import { requestLanguage } from '../../request-language';
import { assignableOfficerIds } from '../../workflow/officer-queries';
import { decisionOptionsOf } from '../../workflow/recognition-decision';
import { assignAppeal, decideAppeal, registerAppeal, type AppealContext } from './appeal-cases';
import { appealDetailOf, appealLetter, listAppeals, loadAppeal, originalDeciders } from './appeal-queries';
import { sendStoredFile } from '../../downloads';

// Appeals against recognition decisions: registered on a decided application of service 1 or 2,
// listed (all the caller may see, or one application's), read, assigned and decided. Reading
// follows the application's row scope, widened to the appeal's assignees; registering and
// assigning are an officer's (applications.prepare_decision); the outcome is the assignee's or
// an officer's, never an original decider's (appeal-cases.ts).

const tags = ['appeals'];
const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const canView = requirePermission('applications.view_application');
const canManage = requirePermission('applications.prepare_decision');
const refusal = z.union([detailError, fieldErrors]);
const WRITE_REFUSALS = {
  [HTTP_STATUS.badRequest]: refusal,
  [HTTP_STATUS.forbidden]: detailError,
  [HTTP_STATUS.notFound]: detailError,
  [HTTP_STATUS.conflict]: detailError,
  [HTTP_STATUS.preconditionFailed]: detailError,
};

export const appealRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const now = app.deps.clock ?? (() => new Date());
  const context = (request: FastifyRequest): AppealContext => {
    const user = currentUser(request);
    return { db, user, scope: applicationScope(user), ip: request.ip ?? null, now: now() };
  };
  const detail = async (request: FastifyRequest, id: number) => {
    const user = currentUser(request);
    const row = await loadAppeal(db, applicationScope(user), id);
    if (!row) throw notFound();
    return appealDetailOf(db, user, row);
  };

  app.get(
    APPEAL_PATHS.list,
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Appeals the caller may see: filter by state, late, council, officer, service, application and received dates; order; page',
        querystring: appealListQuery,
        response: { [HTTP_STATUS.ok]: appealListAnswer },
      },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listAppeals(db, applicationScope(currentUser(request)), filter, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  /** The active councils and the officers appeals may be assigned to, names in the reader's order. */
  const assignees = async (request: FastifyRequest) => {
    const [councils, officers] = await Promise.all([
      db.selectFrom('councils').select(['id', 'name_en', 'name_sq', 'name_sr']).where('active', '=', true).orderBy('name_en').execute(),
      db
        .selectFrom('users')
        .select(['users.id', displayNameSql('users').as('full_name')])
        .where('users.is_active', '=', true)
        .where((eb) => eb.or([eb('users.is_superuser', '=', true), eb('users.id', 'in', assignableOfficerIds(eb))]))
        .execute(),
    ]);
    return { councils, officers: sortByName(officers, requestLanguage(request), (officer) => [officer.full_name]) };
  };

  app.get(
    '/appeals/:id/letter/',
    {
      preHandler: canView,
      schema: {
        tags,
        // The letter is one of the application's documents, but an appeal's council reads it
        // without the application's scope: the appeal's own reading rule lets it through.
        summary: 'The applicant’s appeal letter, streamed to whoever may read the appeal (Range; ?disposition=inline to preview)',
        params: idParams,
        querystring: z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') }),
      },
    },
    async (request, reply) => {
      const appeal = await loadAppeal(db, applicationScope(currentUser(request)), request.params.id);
      const letter = appeal ? await appealLetter(db, appeal.letter_document_id) : undefined;
      if (!letter?.storage_key) throw notFound();
      return sendStoredFile(request, reply, app.deps.storage, { key: letter.storage_key, fileName: letter.file_name, mediaType: letter.media_type, sha256: letter.sha256 }, request.query.disposition);
    },
  );

  app.get(
    APPEAL_PATHS.assignees,
    { preHandler: canManage, schema: { tags, summary: 'The active councils and officers appeals go to', response: { [HTTP_STATUS.ok]: appealAssignees } } },
    async (request) => assignees(request),
  );

  app.get(
    '/appeals/:id/assignees/',
    {
      preHandler: canManage,
      schema: {
        tags,
        summary: 'The active councils and officers this appeal may be assigned to: those who took the decision appealed against are left out',
        params: idParams,
        response: { [HTTP_STATUS.ok]: appealAssignees, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const appeal = await loadAppeal(db, applicationScope(currentUser(request)), request.params.id);
      if (!appeal) throw notFound();
      const [deciders, everyone] = await Promise.all([originalDeciders(db, appeal), assignees(request)]);
      return {
        councils: everyone.councils.filter((council) => !deciders.councils.has(council.id)),
        officers: everyone.officers.filter((officer) => !deciders.officers.has(officer.id) && !deciders.participants.has(officer.id)),
      };
    },
  );

  app.post(
    '/applications/:id/appeals/',
    {
      preHandler: canManage,
      schema: {
        tags,
        summary: 'Register an appeal against the application’s recognition decision, from the letter (uploaded first as one of its documents)',
        params: idParams,
        body: appealRegistration,
        response: { [HTTP_STATUS.created]: appealDetail, ...WRITE_REFUSALS },
      },
    },
    async (request, reply) => {
      const id = await registerAppeal(context(request), request.params.id, request.body);
      return reply.code(HTTP_STATUS.created).send(await detail(request, id));
    },
  );

  app.get(
    '/appeals/:id/',
    { preHandler: canView, schema: { tags, summary: 'One appeal, with what the caller may do with it', params: idParams, response: { [HTTP_STATUS.ok]: appealDetail, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => detail(request, request.params.id),
  );

  app.post(
    '/appeals/:id/assign/',
    {
      preHandler: canManage,
      schema: {
        tags,
        summary: 'Assign the appeal to a council or an officer other than those who took the decision (a late one with the reason it is accepted); it is then under review',
        params: idParams,
        body: appealAssignment,
        response: { [HTTP_STATUS.ok]: appealDetail, ...WRITE_REFUSALS },
      },
    },
    async (request) => {
      await assignAppeal(context(request), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  app.post(
    '/appeals/:id/outcome/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Decide the appeal: upheld, changed (with the new decision, which supersedes the one appealed against) or rejected as late; the applicant is told',
        params: idParams,
        body: appealOutcomeInput,
        response: { [HTTP_STATUS.ok]: appealDetail, ...WRITE_REFUSALS },
      },
    },
    async (request) => {
      await decideAppeal({ ...context(request), issuer: app.deps.issuer }, request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );

  app.get(
    '/appeals/:id/decision-options/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'What the new decision of an appeal is built from (the decision builder’s options), for whoever may decide it as changed',
        params: idParams,
        response: { [HTTP_STATUS.ok]: decisionOptions, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await loadAppeal(db, applicationScope(user), request.params.id);
      if (!row) throw notFound();
      return decisionOptionsOf(db, { id: row.application_id, service_id: row.service_id, service_type: row.service_type }, now());
    },
  );
};
