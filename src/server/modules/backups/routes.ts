import { stat } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKUP_PATHS, backupPathRequest, backupsAnswer, backupSummary, backupWritten, restoreParked, type BackupSummary } from '../../../shared/api/backups';
import { HTTP_STATUS, detailError, fieldErrors } from '../../../shared/api/drf';
import { BackupRefused, listBackups, readBackup } from '../../backups/backup-archive';
import { backupNow, dataCounts, manifestCounts, startBackupSchedule, type BackupSchedule } from '../../backups/backup-service';
import { stageRestore } from '../../backups/embedded-restore';
import { currentUser, requireAdmin } from '../../auth-context';
import { MIGRATIONS } from '../../db/migrate';
import { conflict, refuse } from '../../errors';
import { recordAudit } from '../../shared/audit';
import { backupFolder, currentSettings } from '../../system-settings';

// Backups (docs/operations.md, "Backups and restore"): administrators only. This instance also
// runs the daily schedule (one backup a day across instances: backup-service.ts). Restoring
// names a file on the server's own computer, so it is offered only where that computer is the
// desktop's: with the embedded database.

const tags = ['backups'];
const adminOnly = requireAdmin();
const refusal = z.union([detailError, fieldErrors]);
const KNOWN_MIGRATIONS = Object.keys(MIGRATIONS);

function refused(error: unknown): never {
  if (error instanceof BackupRefused) {
    const { problem } = error;
    if (problem.code === 'backup_checksum_mismatch') throw refuse(HTTP_STATUS.badRequest, problem.code, { file: problem.file });
    if (problem.code === 'backup_newer_schema') throw refuse(HTTP_STATUS.badRequest, problem.code, { schema: problem.schema });
    throw refuse(HTTP_STATUS.badRequest, problem.code, {});
  }
  throw error;
}

export const backupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const embedded = config.databaseUrl === null;
  const deps = () => ({ db, config, storage: app.deps.storage, log: app.log.child({ job: 'backups' }) });
  let schedule: BackupSchedule | null = null;
  app.addHook('onReady', async () => {
    schedule = startBackupSchedule(deps(), { clock: app.deps.clock ?? (() => new Date()) });
  });
  app.addHook('onClose', async () => {
    await schedule?.stop();
  });

  const embeddedOnly = async () => {
    if (!embedded) throw conflict('backup_embedded_only');
  };

  /** Checks the named archive completely: what it holds and what restoring it would replace. */
  const summaryOf = async (path: string): Promise<BackupSummary> => {
    const file = await stat(path).catch(() => null);
    if (!file?.isFile()) throw refuse(HTTP_STATUS.badRequest, 'backup_file_missing', {});
    const manifest = await readBackup(path, KNOWN_MIGRATIONS).catch(refused);
    return {
      path,
      created_at: manifest.created_at,
      app_version: manifest.app_version,
      schema_version: manifest.schema_version,
      trigger: manifest.trigger,
      counts: manifestCounts(manifest),
      current: await dataCounts(db),
    };
  };
  const actorOf = (request: FastifyRequest) => ({ id: currentUser(request).id, ip: request.ip });

  app.get(
    BACKUP_PATHS.backups,
    { preHandler: adminOnly, schema: { tags, summary: 'The backup folder, the schedule, the archives in the folder and the recent backups', response: { [HTTP_STATUS.ok]: backupsAnswer } } },
    async () => {
      const settings = (await currentSettings({ db, config })).backups;
      const folder = backupFolder(config, settings);
      const runs = await db
        .selectFrom('backup_runs')
        .leftJoin('users', 'users.id', 'backup_runs.started_by_id')
        .select(['backup_runs.id', 'trigger', 'started_at', 'finished_at', 'status', 'file_name', 'bytes', 'users.username as started_by'])
        .orderBy('backup_runs.id', 'desc')
        .limit(20)
        .execute();
      return {
        embedded,
        folder,
        schedule: settings.schedule,
        keep: settings.keep,
        files: await listBackups(folder),
        runs: runs.map((run) => ({ ...run, started_at: run.started_at.toISOString(), finished_at: run.finished_at?.toISOString() ?? null, bytes: run.bytes === null ? null : Number(run.bytes) })),
      };
    },
  );

  app.post(
    BACKUP_PATHS.backups,
    { preHandler: adminOnly, schema: { tags, summary: 'Backs up now into the backup folder', response: { [HTTP_STATUS.created]: backupWritten, [HTTP_STATUS.conflict]: detailError } } },
    async (request, reply) => {
      const written = await backupNow(deps(), { trigger: 'manual', actor: actorOf(request) });
      return reply.code(HTTP_STATUS.created).send({
        file_name: written.fileName,
        path: written.path,
        bytes: written.bytes,
        created_at: written.manifest.created_at,
        counts: manifestCounts(written.manifest),
      });
    },
  );

  app.post(
    BACKUP_PATHS.inspect,
    {
      preHandler: [adminOnly, embeddedOnly],
      schema: { tags, summary: 'Checks a backup archive (checksums, schema) and says what it holds and what a restore would replace', body: backupPathRequest, response: { [HTTP_STATUS.ok]: backupSummary, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.conflict]: detailError } },
    },
    async (request) => summaryOf(request.body.path),
  );

  app.post(
    BACKUP_PATHS.restore,
    {
      preHandler: [adminOnly, embeddedOnly],
      schema: { tags, summary: 'Checks a backup archive again and parks it: the next start restores it (the desktop restarts at once)', body: backupPathRequest, response: { [HTTP_STATUS.ok]: restoreParked, [HTTP_STATUS.badRequest]: refusal, [HTTP_STATUS.conflict]: detailError } },
    },
    async (request) => {
      const summary = await summaryOf(request.body.path);
      await stageRestore(config.dataDir, request.body.path, KNOWN_MIGRATIONS).catch(refused);
      await recordAudit(db, {
        actorId: currentUser(request).id,
        action: 'backup.restore_requested',
        entityType: 'backup',
        entityId: null,
        details: { file: request.body.path, created_at: summary.created_at, schema_version: summary.schema_version, replaces: summary.current, restores: summary.counts },
        ip: request.ip,
      });
      return { restart_required: true as const, summary };
    },
  );
};
