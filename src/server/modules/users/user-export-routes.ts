import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_PATHS, exportRequest } from '../../../shared/api/users';
import { currentUser, requireAdmin } from '../../auth-context';
import { contentDisposition } from '../../downloads';
import { translateRefusals } from '../../refusal-texts';
import { requestLanguage } from '../../request-language';
import { SPREADSHEET_MEDIA_TYPES, spreadsheetFileName } from '../../spreadsheet-export';
import { usersFile } from './user-export';
import { exportedUsers, startUserExport } from './user-export-rows';
import { translateUserRefusal } from './user-texts';

// POST /users/export/ (spec §2 "export selected"): the users of a page selection or of everything
// a filter matches (capped and audited by startUserExport), as CSV or XLSX, streamed as it is
// written. Administrators only.

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
      const { format } = request.body;
      const ids = await startUserExport(db, request.body, { id: currentUser(request).id, ip: request.ip ?? null });
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
