import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import {
  SETTINGS_GROUPS,
  SETTINGS_PATHS,
  letterheadLogo,
  logoVersionQuery,
  publicSettingsAnswer,
  settingsAnswer,
  settingsUpdate,
  type SettingsGroup,
  type SettingsUpdate,
} from '../../../shared/api/settings';
import { currentUser, requirePermission } from '../../auth-context';
import { translateRefusals } from '../../refusal-texts';
import { currentSettings } from '../../system-settings';
import { notFound } from '../../errors';
import { drainUnreadBody } from '../../upload-drain';
import { DOCUMENT_SEAL_PATHS, sealState, sealUpdate, sealVersionQuery } from '../../../shared/api/document-seals';
import { readSealState, saveSeal } from './document-seal';
import { readLogoFile, readLogoState, receiveLogo, saveLogo } from './letterhead-logo';
import { readSettings, saveSettingsGroup } from './settings-store';
import { translateSettingsRefusal } from './settings-texts';

// System settings: every group as it stands (settings.view_settings) and saving one
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

  // No sign-in: the sign-in screen asks before anyone has one. Only the default language and the idle timeout (a
  // window signs itself out after it without input), nothing else of the settings.
  app.get(
    SETTINGS_PATHS.public,
    {
      schema: {
        tags,
        summary: 'The office’s default language and the session idle timeout (no sign-in): the sign-in screen’s language, and when an untouched window signs out',
        response: { [HTTP_STATUS.ok]: publicSettingsAnswer },
      },
    },
    async () => {
      const settings = await currentSettings({ db, config });
      return { default_language: settings.general.default_language, session_idle_timeout_minutes: settings.security.session_idle_timeout_minutes };
    },
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

  // The letterhead's logo: its state and file for settings readers, a raw PNG or JPEG body to set it, removal.
  const canView = requirePermission('settings.view_settings');
  const canChange = requirePermission('settings.change_settings');
  const actorOf = (request: Parameters<typeof currentUser>[0]) => ({ id: currentUser(request).id, ip: request.ip });
  app.get(
    SETTINGS_PATHS.logo,
    { preHandler: canView, schema: { tags, summary: 'Whether the letterhead has a logo, its type, size and version', response: { [HTTP_STATUS.ok]: letterheadLogo } } },
    async () => readLogoState(db),
  );
  app.get(
    SETTINGS_PATHS.logoFile,
    { preHandler: canView, schema: { tags, summary: 'The letterhead logo image (404 when none)' } },
    async (_request, reply) => {
      const logo = await readLogoFile(db);
      if (!logo) throw notFound();
      return reply.header('content-type', logo.mediaType).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(logo.bytes);
    },
  );
  app.delete(
    SETTINGS_PATHS.logo,
    {
      preHandler: canChange,
      schema: { tags, summary: 'Remove the letterhead logo (?version=N; 412 when stale)', querystring: logoVersionQuery, response: { [HTTP_STATUS.ok]: letterheadLogo, [HTTP_STATUS.preconditionFailed]: detailError } },
    },
    async (request) => saveLogo(db, request.query.version, null, actorOf(request)),
  );
  // The office's seal: its certificate's particulars; a new PKCS#12 (base64) with its write-only password.
  app.get(DOCUMENT_SEAL_PATHS.seal, { preHandler: canView, schema: { tags, summary: 'The seal: its certificate’s subject, issuer and validity (30-day warning), the timestamp authority', response: { [HTTP_STATUS.ok]: sealState } } }, async () =>
    readSealState(db),
  );
  app.put(
    DOCUMENT_SEAL_PATHS.seal,
    {
      preHandler: canChange,
      schema: { tags, summary: 'Install a seal (PKCS#12 as base64 with its password, opened before it is kept) and/or set the timestamp authority; 412 when stale', body: sealUpdate, response: { [HTTP_STATUS.ok]: sealState, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.preconditionFailed]: detailError } },
    },
    async (request) => saveSeal(db, config, request.body, actorOf(request)),
  );
  app.delete(
    DOCUMENT_SEAL_PATHS.seal,
    { preHandler: canChange, schema: { tags, summary: 'Remove the seal (documents are then issued unsigned); ?version=N, 412 when stale', querystring: sealVersionQuery, response: { [HTTP_STATUS.ok]: sealState, [HTTP_STATUS.preconditionFailed]: detailError } } },
    async (request) => saveSeal(db, config, { version: request.query.version, remove: true }, actorOf(request)),
  );
  // The bytes arrive raw, whatever Content-Type the client names: the signature decides.
  const logoUpload: FastifyPluginAsyncZod = async (uploads) => {
    uploads.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    uploads.put(
      SETTINGS_PATHS.logo,
      {
        preHandler: canChange,
        schema: {
          tags,
          summary: 'Set the letterhead logo: a raw PNG or JPEG body of at most 512 KB (415 otherwise, 413 when larger), ?version=N (412 when stale)',
          querystring: logoVersionQuery,
          response: { [HTTP_STATUS.ok]: letterheadLogo, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.payloadTooLarge]: detailError, 415: detailError, [HTTP_STATUS.preconditionFailed]: detailError },
        },
      },
      async (request) => {
        const body = request.body as Readable | undefined;
        if (!body || typeof (body as Partial<Readable>).pipe !== 'function') throw notFound();
        let image;
        try {
          image = await receiveLogo(body);
        } catch (error) {
          drainUnreadBody(request.raw, body);
          throw error;
        }
        return saveLogo(db, request.query.version, image, actorOf(request));
      },
    );
  };
  await app.register(logoUpload);
};
