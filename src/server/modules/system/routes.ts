import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SYSTEM_PATHS, demoAccountsAnswer, healthAnswer } from '../../../shared/api/system';
import {
  REFERENCE_PATHS,
  countryListAnswer,
  countryListQuery,
} from '../../../shared/api/reference';
import { HTTP_STATUS } from '../../../shared/api/drf';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasPermission, isAdmin } from '../../../shared/auth/permissions';
import { requireUser } from '../../auth-context';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/demo-accounts';
import { pageAnswer, pageWindow } from '../../pagination';
import { checkHealth } from './health';
import { listCountries } from './queries';

/**
 * Health stays open without signing in (load balancers, the desktop's wait for its embedded
 * server); a bearer token that fails to check just means the short answer, never a 401.
 */
async function mayReadHealthDetails(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  if (!request.headers.authorization) return false;
  try {
    await requireUser()(request, reply);
  } catch {
    return false;
  }
  return isAdmin(request.user) || hasPermission(request.user, 'settings.view_settings');
}

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    SYSTEM_PATHS.health,
    {
      schema: {
        tags: ['system'],
        summary:
          'Whether the API, its database and its document storage work (503 when one does not). Signed out: the statuses only; ' +
          'an admin or a holder of settings.view_settings (bearer token) also gets version, driver, backend, details and demo mode',
        response: { [HTTP_STATUS.ok]: healthAnswer, [HTTP_STATUS.serviceUnavailable]: healthAnswer },
      },
    },
    async (request, reply) => {
      const answer = await checkHealth(app.deps, request.log, await mayReadHealthDetails(request, reply));
      return reply.code(answer.status === 'ok' ? HTTP_STATUS.ok : HTTP_STATUS.serviceUnavailable).send(answer);
    },
  );

  app.get(
    SYSTEM_PATHS.demoAccounts,
    {
      schema: {
        tags: ['system'],
        summary: 'Demo accounts for the sign-in banner (empty outside demo mode)',
        response: { [HTTP_STATUS.ok]: demoAccountsAnswer },
      },
    },
    async () => {
      const demo = app.deps.config.demo;
      return {
        demo,
        accounts: demo
          ? DEMO_ACCOUNTS.map(({ group, username }) => ({ group, username, password: DEMO_PASSWORD }))
          : [],
      };
    },
  );

  app.get(
    REFERENCE_PATHS.countries,
    {
      schema: {
        tags: ['reference'],
        summary: 'Countries with their English, Albanian and Serbian (Latin) names',
        querystring: countryListQuery,
        response: { [HTTP_STATUS.ok]: countryListAnswer },
      },
    },
    async (request) => {
      const { count, rows } = await listCountries(app.deps.db, { search: request.query.search, ...pageWindow(request.query) });
      return pageAnswer(request, request.query, count, rows);
    },
  );
};
