import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { NOTIFICATION_PATHS, templateHistory, templateListAnswer, templateParams, templateSaveRequest } from '../../../shared/api/notifications';
import { currentUser, requirePermission } from '../../auth-context';
import { listTemplates, saveTemplate, templateHistory as readHistory } from './template-store';

// Notification templates (notifications.manage_templates): every event with its variables and
// active texts, one event and language with every version, and saving a new version.

const tags = ['notifications'];
const refusal = z.union([detailError, fieldErrors]);
const canManage = requirePermission('notifications.manage_templates');

export const templateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    NOTIFICATION_PATHS.templates,
    { preHandler: canManage, schema: { tags, summary: 'Every event: audience, variables, manual, confidential, and the active template per language', response: { [HTTP_STATUS.ok]: templateListAnswer } } },
    async () => listTemplates(db),
  );

  app.get(
    '/notifications/templates/:event/:language/',
    {
      preHandler: canManage,
      schema: { tags, summary: 'One event and language: its variables and every version, the active first', params: templateParams, response: { [HTTP_STATUS.ok]: templateHistory } },
    },
    async (request) => readHistory(db, request.params.event, request.params.language),
  );

  app.put(
    '/notifications/templates/:event/:language/',
    {
      preHandler: canManage,
      schema: {
        tags,
        summary: 'Save a new version (active from now): variables checked against the event’s (400), the version the editor started from (412 when stale)',
        params: templateParams,
        body: templateSaveRequest,
        response: { [HTTP_STATUS.ok]: templateHistory, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.preconditionFailed]: detailError },
      },
    },
    async (request) => saveTemplate(db, request.params.event, request.params.language, request.body, { id: currentUser(request).id, ip: request.ip }),
  );
};
