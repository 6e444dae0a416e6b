import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  USER_PATHS,
  activityQuery,
  auditEntriesAnswer,
  signInEventsAnswer,
  userCreate,
  userCreatedAnswer,
  userDetail,
  userListAnswer,
  userListQuery,
  userParams,
  userRolesUpdate,
  userSessionsAnswer,
  userUpdate,
} from '../../../shared/api/users';
import { currentUser, requestSessionId, requireAdmin } from '../../auth-context';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { findUserDetail, listActions, listOpenSessions, listSignIns, listUsers, userExists } from './user-queries';
import { translateUserRefusal } from './user-texts';
import { createUser, updateRoles, updateUser, type Actor } from './user-writes';

// The users' records (spec §2 "Users", §3, §6), administrators only: the list, one
// user's details, create, edit, their groups, what was recorded about their sign-ins, what they
// did, and their open sessions. Refusals come in the caller's language.

const tags = ['users'];
const refusal = z.union([detailError, fieldErrors]);
const adminOnly = requireAdmin();
const USER_ROUTE = '/users/:userId/';

const actorOf = (request: FastifyRequest): Actor => ({ id: currentUser(request).id, ip: request.ip ?? null });

export const userRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  translateRefusals(app, translateUserRefusal);

  const knownUser = async (id: number) => {
    if (!(await userExists(db, id))) throw notFound();
  };

  app.get(
    USER_PATHS.list,
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Users: filter by group, active, e-mail verified, two-factor, source; search every word in name, username, e-mail, personal ID; sort; page',
        querystring: userListQuery,
        response: { [HTTP_STATUS.ok]: userListAnswer },
      },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, rows } = await listUsers(db, request.query, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.post(
    USER_PATHS.list,
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Create a user: a local user gets a temporary password (e-mailed, or shown once); username and e-mail unique in any case',
        body: userCreate,
        response: { [HTTP_STATUS.created]: userCreatedAnswer, [HTTP_STATUS.badRequest]: refusal },
      },
    },
    async (request, reply) => reply.code(HTTP_STATUS.created).send(await createUser(db, request.body, actorOf(request), requestLanguage(request))),
  );

  app.get(
    USER_ROUTE,
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'One user: personal data, roles, every permission with where it comes from, two-factor, open sessions',
        params: userParams,
        response: { [HTTP_STATUS.ok]: userDetail, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const found = await findUserDetail(db, request.params.userId, currentUser(request).id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.patch(
    USER_ROUTE,
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Change a user: every field again with the version read (412 when stale); no one deactivates or demotes themselves or the last administrator (409); deactivation ends their sessions',
        params: userParams,
        body: userUpdate,
        response: {
          [HTTP_STATUS.ok]: userDetail,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.preconditionFailed]: detailError,
        },
      },
    },
    async (request) => updateUser(db, request.params.userId, request.body, actorOf(request)),
  );

  app.put(
    '/users/:userId/roles/',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Replace a user’s groups (version read, 412 when stale); the same administrator rules as an edit (409)',
        params: userParams,
        body: userRolesUpdate,
        response: {
          [HTTP_STATUS.ok]: userDetail,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
          [HTTP_STATUS.preconditionFailed]: detailError,
        },
      },
    },
    async (request) => updateRoles(db, request.params.userId, request.body, actorOf(request)),
  );

  app.get(
    '/users/:userId/sign-ins/',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'What the sign-in flow recorded about the user (sign-ins, failed attempts, sign-outs, password changes…), newest first',
        params: userParams,
        querystring: activityQuery,
        response: { [HTTP_STATUS.ok]: signInEventsAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      await knownUser(request.params.userId);
      const { page, page_size } = request.query;
      const { count, rows } = await listSignIns(db, request.params.userId, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.get(
    '/users/:userId/audit/',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'What the user did (the audit entries they made), newest first',
        params: userParams,
        querystring: activityQuery,
        response: { [HTTP_STATUS.ok]: auditEntriesAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      await knownUser(request.params.userId);
      const { page, page_size } = request.query;
      const { count, rows } = await listActions(db, request.params.userId, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.get(
    '/users/:userId/sessions/',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'The user’s open sessions, newest first (`current`: the one the caller is using)',
        params: userParams,
        response: { [HTTP_STATUS.ok]: userSessionsAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      await knownUser(request.params.userId);
      return listOpenSessions(db, request.params.userId, await requestSessionId(request));
    },
  );
};
