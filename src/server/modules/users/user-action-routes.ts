import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  USER_PATHS,
  disableTwoFactorRequest,
  notifyRequest,
  queuedAnswer,
  resetPasswordRequest,
  revokedAnswer,
  temporaryPasswordAnswer,
  userParams,
  userSessionParams,
} from '../../../shared/api/users';
import { currentUser, requireAdmin } from '../../auth-context';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { disableTwoFactor, notifyUser, resetPassword, revokeAllSessions, revokeSession, type ActionContext } from './user-actions';
import { translateUserRefusal } from './user-texts';

// The single-user actions (spec §2 "Users"): administrators only. Routes parse and answer; the
// rules are in user-actions.ts.

const tags = ['users'];
const refusal = z.union([detailError, fieldErrors]);
/** USER_PATHS' path functions write the route's parameter in place of an id. */
const ID = ':userId' as unknown as number;

function actionContext(request: FastifyRequest): ActionContext {
  return { db: request.server.deps.db, actor: { id: currentUser(request).id, ip: request.ip }, language: requestLanguage(request) };
}

export const userActionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Our refusals in the caller's language (Accept-Language; en, sq, sr).
  translateRefusals(app, translateUserRefusal);
  const admin = requireAdmin();

  app.post(
    USER_PATHS.resetPassword(ID),
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Give a local user a temporary password (e-mailed, or shown once); every session of theirs ends and they must change it at the next sign-in',
        params: userParams,
        body: resetPasswordRequest,
        response: {
          [HTTP_STATUS.ok]: temporaryPasswordAnswer,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
        },
      },
    },
    async (request) => resetPassword(actionContext(request), request.params.userId, request.body.delivery),
  );

  app.post(
    USER_PATHS.revokeSessions(ID),
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'End every open session of the user (their next request is refused)',
        params: userParams,
        response: { [HTTP_STATUS.ok]: revokedAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => revokeAllSessions(actionContext(request), request.params.userId),
  );

  app.delete(
    USER_PATHS.session(ID, ':sessionId'),
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'End one open session of the user',
        params: userSessionParams,
        response: { [HTTP_STATUS.noContent]: z.null(), [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request, reply) => {
      await revokeSession(actionContext(request), request.params.userId, request.params.sessionId);
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.post(
    USER_PATHS.disableTwoFactor(ID),
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Turn off a user’s two-factor authentication after checking their identity (the reason is audited)',
        params: userParams,
        body: disableTwoFactorRequest,
        response: {
          [HTTP_STATUS.noContent]: z.null(),
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
        },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(actionContext(request), request.params.userId, request.body.reason);
      return reply.code(HTTP_STATUS.noContent).send(null);
    },
  );

  app.post(
    USER_PATHS.notify(ID),
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'Send the user a notification: an e-mail through the outbox, or an in-app (system) one',
        params: userParams,
        body: notifyRequest,
        response: {
          [HTTP_STATUS.ok]: queuedAnswer,
          [HTTP_STATUS.badRequest]: refusal,
          [HTTP_STATUS.notFound]: detailError,
          [HTTP_STATUS.conflict]: detailError,
        },
      },
    },
    async (request) => notifyUser(actionContext(request), request.params.userId, request.body),
  );
};
