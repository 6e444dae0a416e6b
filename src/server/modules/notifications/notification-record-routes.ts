import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError } from '../../../shared/api/drf';
import { NOTIFICATION_PATHS, notificationDetail, notificationIdParams, notificationListAnswer, notificationListQuery } from '../../../shared/api/notifications';
import { hasPermission } from '../../../shared/auth/permissions';
import { applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { notFound, permissionDenied } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { findNotification, listNotifications, type OutboxReader } from './notification-queries';
import { resendNotification } from './notification-sends';

// The outbox as a list (newest first, filtered, paged), one message (its text unless it carries a
// secret or is someone else's in-app message), and resending a failed one (view and send
// permissions); each within the applications the reader may see.

const tags = ['notifications'];
const canView = requirePermission('notifications.view_notification');

export function outboxReader(request: FastifyRequest): OutboxReader {
  const user = currentUser(request);
  return { scope: applicationScope(user), userId: user.id };
}

export const notificationRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    NOTIFICATION_PATHS.list,
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Notifications: status, kind, event, created between, application, search in recipient and subject; newest first',
        querystring: notificationListQuery,
        response: { [HTTP_STATUS.ok]: notificationListAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const { page, page_size, ...filter } = request.query;
      const { count, rows } = await listNotifications(db, outboxReader(request), filter, pageWindow({ page, page_size }));
      return pageAnswer(request, { page, page_size }, count, rows);
    },
  );

  app.get(
    '/notifications/:id/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'One notification as sent (subject and text null when it carries a secret or is someone else’s in-app message), with its delivery state and resends; 404 outside the reader’s applications',
        params: notificationIdParams,
        response: { [HTTP_STATUS.ok]: notificationDetail, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const found = await findNotification(db, outboxReader(request), request.params.id);
      if (!found) throw notFound();
      return found;
    },
  );

  app.post(
    '/notifications/:id/resend/',
    {
      preHandler: canView,
      schema: {
        tags,
        summary: 'Resend a failed notification as a new pending copy (409 when it did not fail or carries a secret; 404 outside the reader’s applications)',
        params: notificationIdParams,
        body: z.object({}).passthrough().optional(),
        response: { [HTTP_STATUS.created]: notificationDetail, [HTTP_STATUS.notFound]: detailError, [HTTP_STATUS.conflict]: detailError },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (!hasPermission(user, 'notifications.send_notification')) throw permissionDenied();
      const reader = outboxReader(request);
      const id = await resendNotification(db, { user, ip: request.ip }, reader, request.params.id);
      return reply.code(HTTP_STATUS.created).send((await findNotification(db, reader, id))!);
    },
  );
};
