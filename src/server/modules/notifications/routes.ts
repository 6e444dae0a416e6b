import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translateRefusals } from '../../refusal-texts';
import { inboxRoutes } from './inbox-routes';
import { notificationRecordRoutes } from './notification-record-routes';
import { notificationSendRoutes } from './notification-send-routes';
import { translateNotificationError } from './notification-texts';
import { templateRoutes } from './template-routes';

// Notifications (src/shared/api/notifications.ts): the outbox as a list, one message,
// resend and send, the staff's in-app inbox, and the templates. Each concern registers its own routes.
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Our refusals in the caller's language (Accept-Language; en, sq, sr).
  translateRefusals(app, translateNotificationError);
  await app.register(notificationRecordRoutes);
  await app.register(notificationSendRoutes);
  await app.register(inboxRoutes);
  await app.register(templateRoutes);
};
