import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  DEADLINE_PATHS,
  deadlineConfiguration,
  deadlineConfigurationCreate,
  deadlineConfigurationHistoryAnswer,
  deadlineConfigurationListAnswer,
  deadlineConfigurationListQuery,
  deadlineConfigurationToggle,
  deadlineConfigurationUpdate,
  holiday,
  holidayCreate,
  holidayImport,
  holidayImportAnswer,
  holidayListAnswer,
  holidayListQuery,
  recipientOptionsAnswer,
} from '../../../shared/api/deadlines';
import { pageQuery } from '../../../shared/api/drf';
import { currentUser, requireAdmin } from '../../auth-context';
import { notFound } from '../../errors';
import { startDeadlineJobs, type DeadlineJobWorker } from '../../jobs/deadline-jobs';
import { pageAnswer, pageWindow } from '../../pagination';
import {
  configurationExists,
  configurationHistory,
  createConfiguration,
  deleteConfiguration,
  findConfiguration,
  listConfigurations,
  recipientOptions,
  setActive,
  updateConfiguration,
  type Actor,
} from './configuration-queries';
import { addHoliday, importYear, listHolidays, removeHoliday } from './holiday-queries';

// Deadline management: configurations and their history, escalation recipients, the
// holiday calendar. Administrators only (spec §2 and §6 list deadlines as admin-only), reads
// included: nothing here is needed by another role's screen (an application's own deadlines come
// with its detail). The module also runs this instance's reminder and escalation job.

const tags = ['deadlines'];
const id = z.coerce.number().int().positive().max(2_147_483_647);
const idParams = z.object({ id });
const adminOnly = requireAdmin();
const refusal = z.union([detailError, fieldErrors]);
const actorOf = (request: FastifyRequest): Actor => ({ id: currentUser(request).id, ip: request.ip });

export const deadlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const clock = app.deps.clock ?? (() => new Date());
  let jobs: DeadlineJobWorker | null = null;
  app.addHook('onReady', async () => {
    jobs = startDeadlineJobs(db, { clock, log: app.log.child({ job: 'deadlines' }), intervalMs: app.deps.deadlineJobIntervalMs });
  });
  app.addHook('onClose', async () => {
    await jobs?.stop();
  });

  app.get(
    DEADLINE_PATHS.configurations,
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Deadline configurations (filter by type and category, search, paging)', querystring: deadlineConfigurationListQuery, response: { [HTTP_STATUS.ok]: deadlineConfigurationListAnswer } },
    },
    async (request) => {
      const { page, page_size, ...query } = request.query;
      const { count, rows } = await listConfigurations(db, query, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    DEADLINE_PATHS.configurations,
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'A new deadline configuration', body: deadlineConfigurationCreate, response: { [HTTP_STATUS.created]: deadlineConfiguration, [HTTP_STATUS.badRequest]: refusal } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createConfiguration(db, request.body, actorOf(request))),
  );

  app.get(
    DEADLINE_PATHS.recipients,
    { preHandler: adminOnly, schema: { tags, summary: 'The active staff and the groups an escalation may go to', response: { [HTTP_STATUS.ok]: recipientOptionsAnswer } } },
    async () => recipientOptions(db),
  );

  app.get(
    '/deadlines/:id/',
    { preHandler: adminOnly, schema: { tags, summary: 'One deadline configuration', params: idParams, response: { [HTTP_STATUS.ok]: deadlineConfiguration, [HTTP_STATUS.notFound]: detailError } } },
    async (request) => {
      const found = await findConfiguration(db, request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.put(
    '/deadlines/:id/',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Changes a configuration (every field, with the version read: 412 when it changed since). Running deadlines keep the days they started with.',
        params: idParams,
        body: deadlineConfigurationUpdate,
        response: { [HTTP_STATUS.ok]: deadlineConfiguration, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
      },
    },
    async (request) => updateConfiguration(db, request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/deadlines/:id/',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Deletes a configuration no application used (409 otherwise: deactivate it)',
        params: idParams,
        response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError },
      },
    },
    async (request, reply) => {
      await deleteConfiguration(db, request.params.id, actorOf(request));
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  for (const [path, active] of [['/deadlines/:id/activate/', true], ['/deadlines/:id/deactivate/', false]] as const) {
    app.post(
      path,
      {
        preHandler: adminOnly,
        schema: {
          tags,
          summary: active ? 'Activates a configuration: new stages start from it again' : 'Deactivates a configuration: no new deadline starts from it; running ones go on',
          params: idParams,
          body: deadlineConfigurationToggle,
          response: { [HTTP_STATUS.ok]: deadlineConfiguration, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
        },
      },
      async (request) => setActive(db, request.params.id, request.body.version, active, actorOf(request)),
    );
  }

  app.get(
    '/deadlines/:id/history/',
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Every change of a configuration: who, when, the fields before and after', params: idParams, querystring: pageQuery, response: { [HTTP_STATUS.ok]: deadlineConfigurationHistoryAnswer, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => {
      if (!(await configurationExists(db, request.params.id))) throw notFound();
      const { page, page_size } = request.query;
      const { count, results } = await configurationHistory(db, request.params.id, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, results);
    },
  );

  app.get(
    DEADLINE_PATHS.holidays,
    { preHandler: adminOnly, schema: { tags, summary: 'The holiday calendar of a year (working-day deadlines skip these days)', querystring: holidayListQuery, response: { [HTTP_STATUS.ok]: holidayListAnswer } } },
    async (request) => listHolidays(db, request.query.year),
  );

  app.post(
    DEADLINE_PATHS.holidays,
    {
      preHandler: adminOnly,
      schema: { tags, summary: 'Adds a holiday (400 when the date already is one)', body: holidayCreate, response: { [HTTP_STATUS.created]: holiday, [HTTP_STATUS.badRequest]: refusal } },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await addHoliday(db, request.body, actorOf(request))),
  );

  app.post(
    DEADLINE_PATHS.holidayImport,
    {
      preHandler: adminOnly,
      schema: { tags, summary: "Adds the maintained library's Kosovo public holidays of a year that the calendar lacks", body: holidayImport, response: { [HTTP_STATUS.ok]: holidayImportAnswer, [HTTP_STATUS.badRequest]: refusal } },
    },
    async (request) => importYear(db, request.body.year, actorOf(request)),
  );

  app.delete(
    '/holidays/:id/',
    { preHandler: adminOnly, schema: { tags, summary: 'Removes a holiday from the calendar', params: idParams, response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError } } },
    async (request, reply) => {
      await removeHoliday(db, request.params.id, actorOf(request));
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );
};
