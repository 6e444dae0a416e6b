import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { SETTINGS_GROUPS, SETTINGS_PATHS, settingsAnswer, settingsUpdate, type SettingsGroup, type SettingsUpdate } from '../../../shared/api/settings';
import { currentUser, requirePermission } from '../../auth-context';
import { translateRefusals } from '../../refusal-texts';
import { readSettings, saveSettingsGroup } from './settings-store';
import { translateSettingsRefusal } from './settings-texts';

// System settings (issue 18): every group as it stands (settings.view_settings) and saving one
// group (settings.change_settings, 412 on a stale version). A save takes effect without a
// restart wherever the running server obeys it (shared/api/settings.ts, SETTING_EFFECT).

const tags = ['settings'];
const refusal = z.union([detailError, fieldErrors]);

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  translateRefusals(app, translateSettingsRefusal);

  app.get(
    SETTINGS_PATHS.all,
    {
      preHandler: requirePermission('settings.view_settings'),
      schema: { tags, summary: 'Every settings group: its version, who saved it last, and its values (never the mail password)', response: { [HTTP_STATUS.ok]: settingsAnswer } },
    },
    async () => readSettings(db, config),
  );

  // One route per group, each with its own body schema (the OpenAPI document and the fuzz suite see each).
  for (const group of SETTINGS_GROUPS) {
    app.put(
      SETTINGS_PATHS.group(group),
      {
        preHandler: requirePermission('settings.change_settings'),
        schema: {
          tags,
          summary: `Save the ${group} settings (the version read; 412 when someone saved since)`,
          body: settingsUpdate(group),
          response: { [HTTP_STATUS.ok]: settingsAnswer, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.preconditionFailed]: detailError },
        },
      },
      async (request) =>
        saveSettingsGroup(db, config, group as SettingsGroup, request.body as SettingsUpdate<SettingsGroup>, { id: currentUser(request).id, ip: request.ip }),
    );
  }
};
