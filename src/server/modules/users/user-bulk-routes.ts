import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { USER_PATHS, bulkAnswer, bulkPreviewAnswer, bulkPreviewRequest, bulkRequest } from '../../../shared/api/users';
import { currentUser, requireAdmin } from '../../auth-context';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { previewSelection, runBulkAction } from './bulk-actions';
import { translateUserRefusal } from './user-texts';

// The bulk actions (spec §2 "Users"): administrators only. The count is confirmed first (preview),
// then the action runs over the selection with a result for every user (bulk-actions.ts).

const tags = ['users'];
const refusal = z.union([detailError, fieldErrors]);

export const userBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  // Our refusals in the caller's language (Accept-Language; en, sq, sr).
  translateRefusals(app, translateUserRefusal);
  const admin = requireAdmin();

  app.post(
    USER_PATHS.bulkPreview,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: 'How many users a selection (page ids or a filter) holds now, and whether one bulk action may touch them all',
        body: bulkPreviewRequest,
        response: { [HTTP_STATUS.ok]: bulkPreviewAnswer, [HTTP_STATUS.badRequest]: refusal },
      },
    },
    async (request) => previewSelection(request.server.deps.db, request.body.selection),
  );

  app.post(
    USER_PATHS.bulk,
    {
      preHandler: admin,
      schema: {
        tags,
        summary:
          'Run a bulk action over the confirmed selection (409 when the count changed or exceeds the cap); each user is done or skipped with a reason; all in one transaction',
        body: bulkRequest,
        response: { [HTTP_STATUS.ok]: bulkAnswer, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.conflict]: detailError },
      },
    },
    async (request) =>
      runBulkAction(
        { db: request.server.deps.db, actor: { id: currentUser(request).id, ip: request.ip }, language: requestLanguage(request) },
        request.body,
      ),
  );
};
