import { BACKUP_PATHS, backupSummary, backupWritten, restoreParked, type BackupSummary, type BackupWritten } from '../../shared/api/backups';
import { isAdmin } from '../../shared/auth/permissions';
import type { User } from '../../shared/api/auth';
import type { SessionHttpAnswer } from '../../shared/auth/session-client';
import { ERROR_CODES } from '../../shared/errors';
import { failure, transportErrorFromAnswer, TransportFailure } from '../../shared/transport-failure';
import type { ApiClient } from '../api-client';

// "Back up now" and "Restore from a backup" of the desktop. The embedded server does the work
// (it holds the database); main adds what only the desktop can: the native open dialog that picks
// an archive on this computer, and the restart onto the restored data. Only with the embedded
// server and for an administrator: against a remote server a local path means nothing there.

export interface BackupShell {
  /** The native open dialog, .tar.gz archives only; the chosen absolute path, or null. */
  chooseArchive(): Promise<string | null>;
  /** Restarts the app (the embedded server stops first and applies the parked restore on its next start). */
  relaunch(): void;
}

export interface BackupActionsOptions {
  api: Pick<ApiClient, 'request'>;
  accessToken: () => Promise<string | null>;
  refreshAccess: () => Promise<{ access: string }>;
  currentUser: () => User | null;
  isEmbedded: () => boolean;
  shell: BackupShell | null;
}

export interface BackupActions {
  backUpNow(): Promise<BackupWritten>;
  /** Picks an archive and has the server check it; null when the dialog was closed. */
  chooseRestore(): Promise<BackupSummary | null>;
  /** Parks the archive for the next start and restarts. */
  restore(path: string): Promise<null>;
}

export function createBackupActions(options: BackupActionsOptions): BackupActions {
  const allowed = () => {
    if (!options.isEmbedded() || !options.shell) throw failure(ERROR_CODES.conflict, { status: 409, body: { code: 'backup_embedded_only', detail: 'Backups are restored here only with the embedded database.' } });
    if (!isAdmin(options.currentUser())) throw failure(ERROR_CODES.permissionDenied, { body: { detail: 'Only administrators back up and restore.' } });
    return options.shell;
  };

  /** One call with the session's token; after a 401 one refresh and one retry. */
  const post = async (path: string, body: unknown): Promise<SessionHttpAnswer> => {
    const token = await options.accessToken();
    let answer = await options.api.request('POST', path, body, token ? { accessToken: token } : {});
    if (answer.status === 401) answer = await options.api.request('POST', path, body, { accessToken: (await options.refreshAccess()).access });
    if (answer.status < 200 || answer.status >= 300) throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.data));
    return answer;
  };
  const parsed = <T>(schema: { safeParse(data: unknown): { success: true; data: T } | { success: false } }, answer: SessionHttpAnswer): T => {
    const result = schema.safeParse(answer.data);
    if (!result.success) throw failure(ERROR_CODES.serverError, { status: answer.status });
    return result.data;
  };

  return {
    async backUpNow() {
      allowed();
      return parsed(backupWritten, await post(BACKUP_PATHS.backups, undefined));
    },
    async chooseRestore() {
      const shell = allowed();
      const path = await shell.chooseArchive();
      if (path === null) return null;
      return parsed(backupSummary, await post(BACKUP_PATHS.inspect, { path }));
    },
    async restore(path) {
      const shell = allowed();
      parsed(restoreParked, await post(BACKUP_PATHS.restore, { path }));
      shell.relaunch();
      return null;
    },
  };
}
