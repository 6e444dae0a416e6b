import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_LIMITS, USER_PATHS, exportRequest } from '../../../shared/api/users';
import { currentUser, requireAdmin } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { conflict } from '../../errors';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { SPREADSHEET_MEDIA_TYPES, spreadsheetFileName } from '../../spreadsheet-export';
import { usersFile } from './user-export';
import { exportedUsers } from './user-export-rows';
import { selectedUserIds } from './user-filter';
import { translateUserRefusal } from './user-texts';

// POST /users/export/ (issue 15, spec §2 "export selected"): the users of a page selection or of
// everything a filter matches, at most USER_LIMITS.bulkCap of them (409 above it, as for a bulk
// action), as CSV or XLSX, streamed as it is written. Administrators only. Every export is audited:
// a file of staff e-mails and phones leaves the system.

const tags = ['users'];

export const userExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  translateRefusals(app, translateUserRefusal);

  app.post(
    USER_PATHS.export,
    {
      preHandler: requireAdmin(),
      schema: {
        tags,
        summary: 'The selected users as a CSV (UTF-8 with BOM) or XLSX file, header in the caller’s language (409 over the cap)',
        // No answer schema: a file, not JSON (refusals are the usual error bodies).
        body: exportRequest,
      },
    },
    async (request, reply) => {
      const { selection, format } = request.body;
      const { ids, count } = await selectedUserIds(db, selection, USER_LIMITS.bulkCap);
      if (count > USER_LIMITS.bulkCap) throw conflict('user_selection_too_large', {}, { count, cap: USER_LIMITS.bulkCap });

      const user = currentUser(request);
      await db
        .insertInto('audit_log')
        .values({
          actor_id: user.id,
          action: 'user.export',
          entity_type: 'user',
          entity_id: null,
          details: JSON.stringify({ format, count: ids.length, selection: 'ids' in selection ? { ids: selection.ids.length } : { filter: selection.filter } }),
          ip: request.ip ?? null,
        })
        .execute();

      const language = requestLanguage(request);
      const rows = exportedUsers(db, ids);
      return reply
        .header('content-type', SPREADSHEET_MEDIA_TYPES[format])
        .header('content-disposition', contentDisposition(spreadsheetFileName('users', format, new Date()), 'attachment'))
        // Personal data: no cache keeps a copy.
        .header('cache-control', 'no-store')
        .send(usersFile(format, rows, language));
    },
  );
};
