import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../request-language';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { NOTIFICATION_PATHS, notificationDetail, sendNotificationRequest, staffRecipientAnswer, staffRecipientQuery } from '../../../shared/api/notifications';
import { hasPermission } from '../../../shared/auth/permissions';
import { currentUser, requirePermission, requireUser } from '../../auth-context';
import { permissionDenied } from '../../errors';
import { findNotification, staffRecipients } from './notification-queries';
import { outboxReader } from './notification-record-routes';
import { sendNotification } from './notification-sends';

// Sending a new message by hand, and the staff a sender may address (senders are not all
// administrators, who alone read /users/).

const tags = ['notifications'];
const refusal = z.union([detailError, fieldErrors]);

export const notificationSendRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.post(
    NOTIFICATION_PATHS.list,
    {
      preHandler: requirePermission('notifications.send_notification'),
      schema: {
        tags,
        summary: 'Send a notification to an application’s applicant (e-mail) or a member of staff (e-mail or in-app): a manual template or free text',
        body: sendNotificationRequest,
        response: { [HTTP_STATUS.created]: notificationDetail, [HTTP_STATUS.badRequest]: refusal },
      },
    },
    async (request, reply) => {
      const reader = outboxReader(request);
      const id = await sendNotification(db, { user: currentUser(request), ip: request.ip }, reader.scope, request.body);
      return reply.code(HTTP_STATUS.created).send((await findNotification(db, reader, id))!);
    },
  );

  app.get(
    NOTIFICATION_PATHS.staffRecipients,
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'Active staff a sender may write to (view or send permission): search by name, username or e-mail; at most 20',
        querystring: staffRecipientQuery,
        response: { [HTTP_STATUS.ok]: staffRecipientAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!hasPermission(user, 'notifications.view_notification') && !hasPermission(user, 'notifications.send_notification')) throw permissionDenied();
      return staffRecipients(db, request.query.search, requestLanguage(request));
    },
  );
};
