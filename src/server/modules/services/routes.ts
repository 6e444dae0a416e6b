import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  SERVICE_PATHS,
  quoteAnswer,
  quoteRequest,
  service,
  serviceCreate,
  serviceHistoryAnswer,
  serviceHistoryQuery,
  serviceListAnswer,
  serviceListQuery,
  serviceParams,
  serviceToggle,
  serviceUpdate,
} from '../../../shared/api/services';
import { currentUser, requireAdmin, requireUser } from '../../auth-context';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { listServiceHistory } from './service-audit';
import { findService, listServices } from './service-queries';
import { quoteService } from './service-quotes';
import { createService, deleteService, setServiceEnabled, updateService, type Actor } from './service-writes';
import { requestLanguage } from '../../request-language';
import { translateErrorBody } from './server-texts';
import { translateRefusals } from '../../refusal-texts';

// The services of spec §2/§3. Reads and quotes: any signed-in user (other screens show
// service names and fees); writes and the history: administrators only (spec §6).

const tags = ['services'];
const refusal = z.union([detailError, fieldErrors]);
const idPath = '/services/:id/';

export const serviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const actor = (request: Parameters<typeof currentUser>[0]): Actor => ({ id: currentUser(request).id, ip: request.ip ?? null });

  // Our error texts in the caller's language (Accept-Language; en, sq, sr).
  translateRefusals(app, translateErrorBody);

  app.get(
    SERVICE_PATHS.list,
    {
      preHandler: requireUser(),
      schema: { tags, summary: 'Services: search (names in en, sq, sr), category, enabled', querystring: serviceListQuery, response: { [HTTP_STATUS.ok]: serviceListAnswer } },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listServices(db, { ...filter, ...pageWindow({ page, page_size }) });
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    SERVICE_PATHS.list,
    {
      preHandler: requireAdmin(),
      schema: { tags, summary: 'Create a service (admin)', body: serviceCreate, response: { [HTTP_STATUS.created]: service, [HTTP_STATUS.badRequest]: refusal } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createService(db, request.body, actor(request))),
  );

  app.get(
    idPath,
    { preHandler: requireUser(), schema: { tags, summary: 'One service', params: serviceParams, response: { [HTTP_STATUS.ok]: service, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => {
      const found = await findService(db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    idPath,
    {
      preHandler: requireAdmin(),
      schema: {
        tags,
        summary: 'Change a service (admin): every field, with the version read (412 when stale). Existing applications keep their quoted fee and requirements.',
        params: serviceParams,
        body: serviceUpdate,
        response: { [HTTP_STATUS.ok]: service, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
      },
    },
    async (request) => updateService(db, request.params.id, request.body, actor(request)),
  );

  app.delete(
    idPath,
    {
      preHandler: requireAdmin(),
      schema: {
        tags,
        summary: 'Delete a service no application uses (admin); a service with applications is 409: disable it instead',
        params: serviceParams,
        response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError },
      },
    },
    async (request, reply) => {
      await deleteService(db, request.params.id, actor(request));
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  for (const [path, enabled] of [
    ['/services/:id/enable/', true],
    ['/services/:id/disable/', false],
  ] as const) {
    app.post(
      path,
      {
        preHandler: requireAdmin(),
        schema: {
          tags,
          summary: enabled ? 'Enable a service (admin)' : 'Disable a service (admin): it takes no new applications; existing ones keep it',
          params: serviceParams,
          body: serviceToggle,
          response: { [HTTP_STATUS.ok]: service, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
        },
      },
      async (request) => setServiceEnabled(db, request.params.id, request.body.version, enabled, actor(request)),
    );
  }

  app.get(
    '/services/:id/history/',
    {
      preHandler: requireAdmin(),
      schema: {
        tags,
        summary: 'Every change of the service (admin): who, when, each field before and after; newest first',
        params: serviceParams,
        querystring: serviceHistoryQuery,
        response: { [HTTP_STATUS.ok]: serviceHistoryAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      if (!(await findService(db, request.params.id))) throw notFound();
      const { count, rows } = await listServiceHistory(db, request.params.id, pageWindow(request.query));
      return pageAnswer(request, request.query, count, rows);
    },
  );

  app.post(
    '/services/:id/quote/',
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'The fee for an application of this service: amount and breakdown lines (rule, amount, label in the language asked for)',
        params: serviceParams,
        body: quoteRequest,
        response: { [HTTP_STATUS.ok]: quoteAnswer, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const { language, ...input } = request.body;
      return quoteService(db, request.params.id, input, language ?? requestLanguage(request));
    },
  );
};
