import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Notifications (issue 16, src/shared/api/notifications.ts): the outbox as a list, one message,
// resend and send, the staff's in-app inbox, and the templates. Each concern registers its own routes.
export const notificationRoutes: FastifyPluginAsyncZod = async () => {};
