import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError } from '../../../shared/api/drf';
import { NOTIFICATION_PATHS, inboxAnswer, inboxQuery, notificationIdParams } from '../../../shared/api/notifications';
import { currentUser, requireUser } from '../../auth-context';
import { notFound } from '../../errors';
import { pageAnswer, pageWindow } from '../../pagination';
import { inbox, markAllRead, markRead } from './notification-queries';

// The bell: every signed-in user's own in-app messages, newest first, with the unread count.
// Only one's own: another person's message answers 404, as if it did not exist.

const tags = ['notifications'];
const readAnswer = z.object({ unread: z.number().int().nonnegative() });

export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const clock = () => app.deps.clock?.() ?? new Date();
  const unreadOf = async (userId: number) => (await inbox(db, userId, { page: 1, page_size: 1, unread: true }, { limit: 0, offset: 0 })).unread;

  app.get(
    NOTIFICATION_PATHS.inbox,
    {
      preHandler: requireUser(),
      schema: { tags, summary: 'My in-app messages (newest first; ?unread=true for the unread only) and how many are unread', querystring: inboxQuery, response: { [HTTP_STATUS.ok]: inboxAnswer, [HTTP_STATUS.notFound]: detailError } },
    },
    async (request) => {
      const { page, page_size } = request.query;
      const { count, unread, rows } = await inbox(db, currentUser(request).id, request.query, pageWindow({ page, page_size }));
      return { ...pageAnswer(request, { page, page_size }, count, rows), unread };
    },
  );

  app.post(
    '/notifications/inbox/:id/read/',
    {
      preHandler: requireUser(),
      schema: {
        tags,
        summary: 'Mark one of my in-app messages read (404 for anyone else’s); answers the unread count',
        params: notificationIdParams,
        body: z.object({}).passthrough().optional(),
        response: { [HTTP_STATUS.ok]: readAnswer, [HTTP_STATUS.notFound]: detailError },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (!(await markRead(db, userId, request.params.id, clock()))) throw notFound();
      return { unread: await unreadOf(userId) };
    },
  );

  app.post(
    NOTIFICATION_PATHS.markAllRead,
    {
      preHandler: requireUser(),
      schema: { tags, summary: 'Mark all my in-app messages read; answers the unread count (0)', body: z.object({}).passthrough().optional(), response: { [HTTP_STATUS.ok]: readAnswer } },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await markAllRead(db, userId, clock());
      return { unread: await unreadOf(userId) };
    },
  );
};
