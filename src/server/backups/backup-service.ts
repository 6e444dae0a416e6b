import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DataCounts } from '../../shared/api/backups';
import { kosovoDate } from '../../shared/domain/deadline-dates';
import type { ServerConfig } from '../config';
import { databaseDriver, type AppDatabase } from '../db/database';
import { recordAudit } from '../shared/audit';
import type { DocumentStorage } from '../storage/document-storage';
import type { LocalStorage } from '../storage/local-storage';
import { backupFolder, currentSettings } from '../system-settings';
import { startPeriodicJob } from '../jobs/periodic-job';
import { backupFileName, pruneBackups, writeBackup, type BackupManifest, type BackupTrigger, type WrittenBackup } from './backup-archive';

// Backups as the running server takes them: into the folder of the `backups` settings group,
// recorded as a backup_runs row and in the audit log, the oldest beyond `keep` removed after.
// The schedule is one per Kosovo calendar day: each instance's tick tries to claim the day's row
// (unique), so of several instances on one database exactly one writes the day's backup.

export interface BackupDeps {
  db: AppDatabase;
  config: ServerConfig;
  storage: DocumentStorage;
  log: FastifyBaseLogger;
}

/** The local document folder a backup copies, or null (S3: not copied, see docs/operations.md). */
export function localStorageRoot(storage: DocumentStorage): string | null {
  return storage.backend === 'local' ? (storage as LocalStorage).root : null;
}

export async function backupNow(
  deps: BackupDeps,
  options: { trigger: Extract<BackupTrigger, 'scheduled' | 'manual'>; actor: { id: number; ip: string | null } | null; scheduledFor?: string; now?: Date },
): Promise<WrittenBackup> {
  const now = options.now ?? new Date();
  const settings = (await currentSettings(deps)).backups;
  const folder = backupFolder(deps.config, settings);
  const run =
    options.trigger === 'scheduled'
      ? await deps.db
          .insertInto('backup_runs')
          .values({ trigger: 'scheduled', scheduled_for: options.scheduledFor ?? kosovoDate(now) })
          .onConflict((conflict) => conflict.column('scheduled_for').where('trigger', '=', 'scheduled').doNothing())
          .returning('id')
          .executeTakeFirst()
      : await deps.db.insertInto('backup_runs').values({ trigger: 'manual', started_by_id: options.actor?.id ?? null }).returning('id').executeTakeFirstOrThrow();
  if (!run) throw new BackupAlreadyTaken();
  try {
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const written = await writeBackup(
      { db: deps.db, driver: databaseDriver(deps.config), storageRoot: localStorageRoot(deps.storage), appVersion: deps.config.version },
      join(folder, backupFileName(now, options.trigger)),
      { trigger: options.trigger, now },
    );
    const removed = await pruneBackups(folder, settings.keep);
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('backup_runs').set({ status: 'done', finished_at: new Date(), file_name: written.fileName, bytes: written.bytes }).where('id', '=', run.id).execute();
      await recordAudit(trx, {
        actorId: options.actor?.id ?? null,
        action: 'backup.written',
        entityType: 'backup',
        entityId: run.id,
        details: { trigger: options.trigger, file: written.fileName, folder, bytes: written.bytes, schema_version: written.manifest.schema_version, removed },
        ip: options.actor?.ip ?? null,
      });
    });
    deps.log.info({ file: written.path, bytes: written.bytes, removed }, 'backup written');
    return written;
  } catch (error) {
    await deps.db
      .updateTable('backup_runs')
      .set({ status: 'failed', finished_at: new Date(), error: error instanceof Error ? error.message.slice(0, 500) : String(error) })
      .where('id', '=', run.id)
      .execute()
      .catch(() => {});
    throw error;
  }
}

/** Another instance already claimed today's scheduled backup. */
export class BackupAlreadyTaken extends Error {
  override readonly name = 'BackupAlreadyTaken';
}

export interface BackupSchedule {
  runOnce(): Promise<'written' | 'not_due' | 'failed'>;
  stop(): Promise<void>;
}

/** Checks every `intervalMs` whether today's scheduled backup is still to be written. */
export function startBackupSchedule(deps: BackupDeps, options: { clock: () => Date; intervalMs?: number }): BackupSchedule {
  const tick = async (): Promise<'written' | 'not_due' | 'failed'> => {
    const settings = (await currentSettings(deps)).backups;
    if (settings.schedule !== 'daily') return 'not_due';
    const now = options.clock();
    const today = kosovoDate(now);
    const taken = await deps.db.selectFrom('backup_runs').select('id').where('trigger', '=', 'scheduled').where('scheduled_for', '=', today).executeTakeFirst();
    if (taken) return 'not_due';
    try {
      await backupNow(deps, { trigger: 'scheduled', actor: null, scheduledFor: today, now });
      return 'written';
    } catch (error) {
      if (error instanceof BackupAlreadyTaken) return 'not_due';
      throw error;
    }
  };
  const intervalMs = options.intervalMs ?? 10 * 60_000;
  // A desktop opened for an hour a day still gets its daily backup: the first check comes soon after the start.
  return startPeriodicJob(tick, { intervalMs, log: deps.log, failure: 'scheduled backup failed', failed: 'failed' as const, firstAfterMs: Math.min(intervalMs, 2 * 60_000) });
}

/** The counts a restore's confirmation names, from a database. */
export async function dataCounts(db: AppDatabase): Promise<DataCounts> {
  const { rows } = await sql<DataCounts>`select
      (select count(*) from applications)::int as applications,
      (select count(*) from applicants)::int as applicants,
      (select count(*) from users)::int as users,
      (select count(*) from application_documents)::int as documents`.execute(db);
  return rows[0]!;
}

/** The same counts, from an archive's manifest. */
export function manifestCounts(manifest: BackupManifest): DataCounts {
  const rows = (name: string) => manifest.tables.find((table) => table.name === name)?.rows ?? 0;
  return { applications: rows('applications'), applicants: rows('applicants'), users: rows('users'), documents: rows('application_documents') };
}

/**
 * Before migrations change an embedded database that holds data, a copy of it as it was: a
 * failed or unwanted upgrade can be undone by restoring it. Written beside the scheduled ones
 * (not counted against `keep` differently: the oldest still go first). Failing to write it stops
 * the start: migrating without the copy is what this exists to prevent.
 */
export async function backupBeforeMigration(db: AppDatabase, config: ServerConfig, storageRoot: string | null, log: FastifyBaseLogger): Promise<string | null> {
  const { rows } = await sql<{ present: boolean }>`select to_regclass('public.kysely_migration') is not null as present`.execute(db);
  if (!rows[0]?.present) return null;
  const applied = await sql<{ n: number }>`select count(*)::int as n from kysely_migration`.execute(db);
  if ((applied.rows[0]?.n ?? 0) === 0) return null;
  let settings = { folder: '', keep: 14 };
  try {
    const stored = await sql<{ values: { folder?: string; keep?: number } }>`select values from system_setting_groups where name = 'backups'`.execute(db);
    settings = { ...settings, ...(stored.rows[0]?.values ?? {}) };
  } catch {
    // A schema from before the settings groups: the default folder.
  }
  const folder = backupFolder(config, { folder: settings.folder, keep: settings.keep, schedule: 'daily' });
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const now = new Date();
  const written = await writeBackup({ db, driver: 'pglite', storageRoot, appVersion: config.version }, join(folder, backupFileName(now, 'before_migration')), { trigger: 'before_migration', now });
  log.info({ file: written.path, schema: written.manifest.schema_version }, 'backup written before migrating');
  return written.path;
}
