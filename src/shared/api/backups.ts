import { z } from 'zod';
import { checkRefusal } from '../refusals';
import { safeText } from './safe-text';

// Backups of the embedded database (docs/operations.md, "Backups and restore"). Administrators
// only. A backup is written by the server into the folder of the `backups` settings group; a
// restore names an archive on this computer, is checked completely (checksums, schema) and is
// applied when the app restarts. Restoring is for the embedded database only: a PostgreSQL server
// is restored with its own tools.

export const BACKUP_PATHS = {
  /** GET: the folder, the schedule, the archives there and the recent runs; POST: back up now. */
  backups: '/backups/',
  /** POST {path}: checks an archive and says what it holds and what it would replace. */
  inspect: '/backups/inspect/',
  /** POST {path}: checks it again and parks it; the next start restores it. */
  restore: '/backups/restore/',
} as const;

/** An archive on the server's computer: an absolute path to a .tar.gz. */
export const backupPathRequest = z.object({
  path: safeText({ max: 4096, trim: false })
    .min(1)
    .refine((path) => (/^\//.test(path) || /^[A-Za-z]:[\\/]/.test(path) || /^\\\\/.test(path)) && /\.tar\.gz$/i.test(path), { message: 'Choose a backup archive (.tar.gz).', params: checkRefusal('backup_path_invalid') }),
});
export type BackupPathRequest = z.infer<typeof backupPathRequest>;

export const backupFile = z.object({ file_name: z.string(), bytes: z.number().int().nonnegative(), modified_at: z.string() });
export type BackupFile = z.infer<typeof backupFile>;

export const backupRun = z.object({
  id: z.number().int(),
  trigger: z.enum(['scheduled', 'manual']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  status: z.enum(['running', 'done', 'failed']),
  file_name: z.string().nullable(),
  bytes: z.number().nullable(),
  started_by: z.string().nullable(),
});
export type BackupRun = z.infer<typeof backupRun>;

export const backupsAnswer = z.object({
  /** Whether this server keeps the embedded database (only then can it restore). */
  embedded: z.boolean(),
  folder: z.string(),
  schedule: z.enum(['daily', 'off']),
  keep: z.number().int(),
  files: z.array(backupFile),
  runs: z.array(backupRun),
});
export type BackupsAnswer = z.infer<typeof backupsAnswer>;

/** What a confirmation names: how many of these a backup holds, and how many are here now. */
export const dataCounts = z.object({ applications: z.number().int(), applicants: z.number().int(), users: z.number().int(), documents: z.number().int() });
export type DataCounts = z.infer<typeof dataCounts>;

export const backupSummary = z.object({
  path: z.string(),
  created_at: z.string(),
  app_version: z.string(),
  schema_version: z.string(),
  trigger: z.string(),
  counts: dataCounts,
  /** What restoring it replaces: the data here now. */
  current: dataCounts,
});
export type BackupSummary = z.infer<typeof backupSummary>;

export const backupWritten = z.object({ file_name: z.string(), path: z.string(), bytes: z.number().int(), created_at: z.string(), counts: dataCounts });
export type BackupWritten = z.infer<typeof backupWritten>;

export const restoreParked = z.object({ restart_required: z.literal(true), summary: backupSummary });
export type RestoreParked = z.infer<typeof restoreParked>;
