import { healthAnswer, SYSTEM_PATHS } from '../shared/api/system';
import { ERROR_CODES } from '../shared/errors';
import type { AppInfo } from '../shared/ipc/contract';
import { failure, transportErrorFromAnswer, TransportFailure } from '../shared/transport-failure';
import type { ApiClient } from './api-client';
import type { BackupActions } from './backups/backup-actions';
import type { AuthService } from './auth-service';
import type { ExternalLinkPolicy } from './external-links';
import type { CounterService } from './counter/counter-service';
import { createCounterHandlers } from './ipc-handlers-counter';
import { createTransferHandlers } from './ipc-handlers-transfer';
import type { IpcHandlers } from './ipc-router';
import type { SettingsService } from './settings';
import type { TransferService } from './transfer/transfer-service';
import { createUpdatesHandlers } from './ipc-handlers-updates';
import type { UpdateService } from './updates/update-service';

// What each IPC channel does, over plain services. index.ts supplies the Electron-backed ones;
// tests and the e2e harness can supply their own.

export interface IpcHandlerServices {
  appInfo: () => Promise<AppInfo>;
  settings: SettingsService;
  /** Called after a change was stored, e.g. to switch API server. */
  onSettingsChanged?: (before: ReturnType<SettingsService['get']>, after: ReturnType<SettingsService['get']>) => Promise<void>;
  api: Pick<ApiClient, 'request'>;
  auth: AuthService;
  externalLinks: ExternalLinkPolicy;
  openExternal: (url: string) => Promise<void>;
  /** PDF uploads and downloads; without it the transfer channels answer that they are not available. */
  transfer?: TransferService;
  /** The counter's drafts key and kept files; without it the counter channels answer that they are not available. */
  counter?: CounterService;
  /** Desktop updates; a run without them passes `createDisabledUpdates`. */
  updates: UpdateService;
  /** Back up now and restore (backup-actions.ts). */
  backups: BackupActions;
}

export function createIpcHandlers(services: IpcHandlerServices): IpcHandlers {
  return {
    'app:info': () => services.appInfo(),
    'settings:get': async () => services.settings.get(),
    'settings:set': async (patch) => {
      const before = services.settings.get();
      const after = services.settings.set(patch);
      await services.onSettingsChanged?.(before, after);
      return after;
    },
    'system:health': async () => {
      const answer = await services.api.request('GET', SYSTEM_PATHS.health, undefined);
      // 503 still carries the health report: it says which component is down.
      const report = healthAnswer.safeParse(answer.data);
      if ((answer.status === 200 || answer.status === 503) && report.success) return report.data;
      if (answer.status >= 200 && answer.status < 300) throw failure(ERROR_CODES.serverError, { status: answer.status });
      throw new TransportFailure(transportErrorFromAnswer(answer.status, answer.data));
    },
    'auth:restore': () => services.auth.restore(),
    'auth:login': (request) => services.auth.login(request),
    'auth:verify-2fa': (request) => services.auth.verifyTwoFactor(request),
    'auth:setup-2fa': (request) => services.auth.setupTwoFactor(request),
    'auth:confirm-2fa': (request) => services.auth.confirmTwoFactor(request),
    'auth:refresh': () => services.auth.refresh(),
    'auth:change-password': (request) => services.auth.changePassword(request),
    'auth:logout': async () => {
      await services.auth.logout();
      return null;
    },
    'external:open': async ({ url }) => {
      if (!services.externalLinks.isAllowed(url)) throw failure(ERROR_CODES.permissionDenied, { body: { detail: 'This link is not on the allow-list.' } });
      await services.openExternal(url);
      return null;
    },
    ...createTransferHandlers(services.transfer),
    ...createCounterHandlers(services.counter),
    ...createUpdatesHandlers(services.updates, services.auth),
    'backups:back-up-now': () => services.backups.backUpNow(),
    'backups:choose-restore': () => services.backups.chooseRestore(),
    'backups:restore': ({ path }) => services.backups.restore(path),
  };
}
