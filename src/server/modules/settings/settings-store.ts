import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { QueryCreator } from 'kysely';
import type { Database } from '../../db/schema';
import {
  type SettingsAnswer,
  type SettingsGroup,
  type SettingsUpdate,
  type SettingsValues,
  type SmtpSettingsUpdate } from '../../../shared/api/settings';
import type { ServerConfig } from '../../config';
import type { AppDatabase } from '../../db/database';
import { ApiError, fieldError } from '../../errors';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { REQUIRE_2FA_KEY, defaultBackupFolder, effectiveSettings, invalidateSettings, readStoredSettings, type StoredSettings } from '../../system-settings';
import { sealSmtpPassword } from './smtp-password';
import { recordAudit } from '../../shared/audit';

// Reading and saving the settings groups. A save is one transaction: the group's row (version + 1,
// only if the version the client read is still current: otherwise 412), the two-factor flag where
// the sign-in reads it, and the audit entry naming each field's old and new value (the mail
// password only as set / changed / removed). This process's cache is dropped after the commit;
// other instances see the new version sum within seconds (system-settings.ts).

/** A real write, not an access() check: a read-only share or a full disk passes access(). */
async function folderIsWritable(folder: string): Promise<boolean> {
  const probe = join(folder, `.naric-write-check-${randomUUID()}`);
  try {
    await mkdir(folder, { recursive: true });
    await writeFile(probe, 'ok', { flag: 'wx' });
    return true;
  } catch {
    return false;
  } finally {
    await rm(probe, { force: true }).catch(() => {});
  }
}

export interface Actor {
  id: number;
  ip: string | null;
}

export const staleSettings = () => new ApiError(HTTP_STATUS.preconditionFailed, 'settings_stale');

/** What an audit entry shows of the mail password: never the text. */
export const MASKED = { set: '[set]', notSet: '[not set]', changed: '[changed]', removed: '[removed]' } as const;

export async function readSettings(db: AppDatabase, config: ServerConfig): Promise<SettingsAnswer> {
  const stored = await readStoredSettings(db);
  const values = effectiveSettings(config, stored);
  const editorIds = [...new Set(Object.values(stored.groups).map((group) => group.updated_by_id).filter((id): id is number => id !== null))];
  const editors = new Map(
    editorIds.length === 0 ? [] : (await db.selectFrom('users').select(['id', 'username']).where('id', 'in', editorIds).execute()).map((row) => [row.id, row.username]),
  );
  const state = <G extends SettingsGroup>(group: G) => {
    const row = stored.groups[group];
    return {
      version: row?.version ?? 0,
      updated_at: row ? row.updated_at.toISOString() : null,
      updated_by: row?.updated_by_id ? (editors.get(row.updated_by_id) ?? null) : null,
      values: values[group],
    };
  };
  return {
    security: state('security'),
    uploads: { ...state('uploads'), ceiling_bytes: config.maxUploadBytes },
    general: state('general'),
    verification: state('verification'),
    smtp: state('smtp'),
    holidays: state('holidays'),
    backups: { ...state('backups'), default_folder: config.databaseUrl === null ? defaultBackupFolder(config) : null },
    retention: state('retention'),
  };
}

type Change = { field: string; before: unknown; after: unknown };

function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): Change[] {
  return Object.keys(after)
    .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
    .map((field) => ({ field, before: before[field] ?? null, after: after[field] }));
}

/** The values to store for the group (never the mail password in clear) and the audit's changes. */
async function prepared<G extends SettingsGroup>(
  trx: QueryCreator<Database>,
  group: G,
  input: SettingsUpdate<G>['values'],
  current: SettingsValues,
  stored: StoredSettings,
  config: ServerConfig,
): Promise<{ values: Record<string, unknown>; sealed: string | null | undefined; changes: Change[] }> {
  if (group === 'backups') {
    const folder = (input as SettingsValues['backups']).folder;
    if (folder !== '' && !(await folderIsWritable(folder))) throw fieldError('values.folder', 'backup_folder_unwritable');
  }
  if (group === 'retention') {
    const types = (input as SettingsValues['retention']).service_years.map((rule) => rule.service_type);
    const known = new Set(types.length === 0 ? [] : (await trx.selectFrom('services').select('service_type').where('service_type', 'in', types).execute()).map((row) => row.service_type));
    const index = types.findIndex((type) => !known.has(type));
    if (index >= 0) throw fieldError(`values.service_years.${index}.service_type`, 'retention_unknown_service', { code: String(types[index]) });
  }
  if (group === 'uploads') {
    const wanted = (input as SettingsValues['uploads']).max_upload_bytes;
    if (wanted > config.maxUploadBytes) throw fieldError('values.max_upload_bytes', 'settings_upload_above_ceiling');
  }
  if (group === 'verification') {
    const url = (input as SettingsValues['verification']).public_verify_url.replace(/\/+$/, '');
    const values = { public_verify_url: url };
    return { values, sealed: undefined, changes: changesBetween(current.verification, values) };
  }
  if (group === 'smtp') {
    const { password, ...fields } = input as SmtpSettingsUpdate;
    const hadPassword = stored.groups.smtp ? stored.groups.smtp.smtp_password_sealed !== null : current.smtp.password_set;
    const { password_set: _shown, ...before } = current.smtp;
    const changes = changesBetween(before, fields);
    let sealed: string | null | undefined = undefined;
    if (typeof password === 'string') {
      sealed = sealSmtpPassword(config.jwtSecret, password);
      changes.push({ field: 'password', before: hadPassword ? MASKED.set : MASKED.notSet, after: MASKED.changed });
    } else if (password === null) {
      sealed = null;
      if (hadPassword) changes.push({ field: 'password', before: MASKED.set, after: MASKED.removed });
    } else if (!stored.groups.smtp) {
      // The first save keeps no password from the environment: it is never copied into the table.
      sealed = null;
    }
    return { values: fields, sealed, changes };
  }
  const values = input as Record<string, unknown>;
  return { values, sealed: undefined, changes: changesBetween(current[group] as Record<string, unknown>, values) };
}

/** Saves one group; 412 when `version` is not the stored one. Answers every group as now saved. */
export async function saveSettingsGroup<G extends SettingsGroup>(
  db: AppDatabase,
  config: ServerConfig,
  group: G,
  update: SettingsUpdate<G>,
  actor: Actor,
): Promise<SettingsAnswer> {
  await db.transaction().execute(async (trx) => {
    const stored = await readStoredSettings(trx);
    const currentVersion = stored.groups[group]?.version ?? 0;
    if (update.version !== currentVersion) throw staleSettings();
    const current = effectiveSettings(config, stored);
    const { values, sealed, changes } = await prepared(trx, group, update.values, current, stored, config);

    let toStore = values;
    if (group === 'security') {
      const { two_factor_required_for_staff: twoFactor, ...rest } = values as SettingsValues['security'];
      toStore = rest;
      await trx
        .insertInto('system_settings')
        .values({ key: REQUIRE_2FA_KEY, value: JSON.stringify(twoFactor), updated_at: new Date() })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: JSON.stringify(twoFactor), updated_at: new Date() }))
        .execute();
    }

    const saved =
      currentVersion === 0
        ? await trx
            .insertInto('system_setting_groups')
            .values({ name: group, values: JSON.stringify(toStore), smtp_password_sealed: sealed ?? null, updated_by_id: actor.id })
            .onConflict((conflict) => conflict.column('name').doNothing())
            .returning('version')
            .executeTakeFirst()
        : await trx
            .updateTable('system_setting_groups')
            .set((eb) => ({
              values: JSON.stringify(toStore),
              version: eb('version', '+', 1),
              updated_at: new Date(),
              updated_by_id: actor.id,
              ...(sealed === undefined ? {} : { smtp_password_sealed: sealed }),
            }))
            .where('name', '=', group)
            .where('version', '=', currentVersion)
            .returning('version')
            .executeTakeFirst();
    // Someone saved between our read and write.
    if (!saved) throw staleSettings();

    await recordAudit(trx, { actorId: actor.id, action: 'settings.changed', entityType: 'system_settings', entityId: group, details: { group, version: saved.version, changes }, ip: actor.ip });
  });
  invalidateSettings(db);
  return readSettings(db, config);
}
