import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DASHBOARD_PATHS, dashboardAnswer } from '../../../shared/api/dashboard';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { applicantFieldsFor, applicationScope } from '../../application-scope';
import { currentUser, requirePermission } from '../../auth-context';
import { loadDashboard } from './dashboard-queries';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DASHBOARD_PATHS.home,
    {
      preHandler: requirePermission('applications.view_application'),
      schema: {
        tags: ['dashboard'],
        summary: 'Dashboard home: recent applications, statistics, processing times, pending tasks (row-level scope applies)',
        response: { [HTTP_STATUS.ok]: dashboardAnswer },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return loadDashboard(app.deps.db, applicationScope(user), applicantFieldsFor(user), user.id);
    },
  );
};
