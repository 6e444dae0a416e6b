import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_PATHS, dashboardAnswer, deskAnswer } from '../../../shared/api/dashboard';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { applicantFieldsFor, applicationScope } from '../../application-scope';
import { currentUser, requirePermission, requireUser } from '../../auth-context';
import type { DeskCounters } from '../../desk-counts';
import { loadDashboard } from './dashboard-queries';
import { loadDesk } from './desk';

/** The dashboard's calls; `counters` are the list modules' own counts (routes.ts). */
export function dashboardRoutes(counters: DeskCounters): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      DASHBOARD_PATHS.home,
      {
        preHandler: requirePermission('applications.view_application'),
        schema: {
          tags: ['dashboard'],
          summary: 'Dashboard home: recent applications, caseload statistics, processing times (row-level scope applies)',
          response: { [HTTP_STATUS.ok]: dashboardAnswer },
        },
      },
      async (request) => {
        const user = currentUser(request);
        return loadDashboard(app.deps.db, applicationScope(user), applicantFieldsFor(user));
      },
    );

    app.get(
      DASHBOARD_PATHS.desk,
      {
        preHandler: requireUser(),
        schema: {
          tags: ['dashboard'],
          summary: 'The caller’s desk: a count per tile of their own work, each the total of the list the tile opens (only tiles their permissions allow)',
          response: { [HTTP_STATUS.ok]: deskAnswer },
        },
      },
      async (request) => loadDesk(app.deps.db, currentUser(request), counters),
    );
  };
}
