import { API_BASE_PATH } from '../shared/constants';
import type { IpcEvent, IpcEventPayload } from '../shared/ipc/contract';
import { createApiClient } from './api-client';
import { createApiTarget, type ApiTarget } from './api-target';
import { createBackupActions, type BackupShell } from './backups/backup-actions';
import { createSenderCheck } from './app-origin';
import { createAuthService, type AuthService } from './auth-service';
import { join } from 'node:path';
import { createAttachmentStore } from './counter/attachment-store';
import { createCounterService, type CounterService } from './counter/counter-service';
import { createDraftKeys } from './counter/draft-keys';
import { serverIdentity } from './counter/owner';
import type { EmbeddedServer } from './embedded-server';
import { createExternalLinkPolicy, externalHostsFromEnv, type ExternalLinkPolicy } from './external-links';
import { createIpcHandlers } from './ipc-handlers';
import { createIpcRouter, type IpcRouter } from './ipc-router';
import type { MainLog } from './log';
import { createSettings, type SettingsService, type SettingsStore } from './settings';
import { createTransferService, type TransferService, type TransferShell } from './transfer/transfer-service';
import { createVault, type Keyring, type Vault } from './vault';
import { isAdmin } from '../shared/auth/permissions';
import { createDisabledUpdates } from './updates/disabled-updates';
import type { UpdateHooks, UpdateService } from './updates/update-service';

export type { UpdateHooks } from './updates/update-service';

// Everything main does behind IPC, wired together, with every Electron part passed in. index.ts
// builds it with Electron's; the e2e desktop harness builds the very same thing with its own
// transport (page.exposeBinding), so the handlers it exercises are the real ones.

export interface DesktopCoreOptions {
  settingsStore: SettingsStore;
  /** process.env: NARIC_API_URL, NARIC_EXTERNAL_HOSTS. */
  env: Record<string, string | undefined>;
  keyring: Keyring;
  startEmbedded: () => Promise<EmbeddedServer>;
  /** Page origins whose frames may call, each ending in '/' (see rendererOrigins). */
  trustedOrigins: readonly string[];
  /** The API base the page should use; by default the server's own (`<server>/api`). */
  pageApiBaseUrl?: string;
  version: string;
  os: string;
  openExternal: (url: string) => Promise<void>;
  sendEvent: <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => void;
  log: MainLog;
  /** Parse handler answers against the contract too (development, tests). */
  checkResponses?: boolean;
  fetch?: typeof fetch;
  /** Native dialogs and the system viewer for file transfers; without them only drops and uploads work. */
  transferShell?: TransferShell;
  /**
   * The app's user-data folder (Electron's app.getPath('userData')): the counter keeps the PDFs of
   * offline drafts below it, in `counter/`. Without it the counter's attachment calls refuse.
   */
  userDataDir?: string;
  /**
   * Builds the updater over what it needs from the rest of main; index.ts passes the
   * electron-updater one for a packaged run. Without it updates are off ('unpackaged').
   */
  createUpdates?: (hooks: UpdateHooks) => UpdateService;
  /** The archive dialog and the restart of Back up now / Restore; without it they are refused. */
  backupShell?: BackupShell;
}

export interface DesktopCore {
  router: IpcRouter;
  target: ApiTarget;
  settings: SettingsService;
  vault: Vault;
  auth: AuthService;
  externalLinks: ExternalLinkPolicy;
  transfer: TransferService;
  counter: CounterService;
  updates: UpdateService;
  /** Starts the embedded server early when it is the one in use (its first start seeds a database). */
  warmUp(): void;
  /** Stops the embedded server, if any. */
  stop(): Promise<void>;
}

export function createDesktopCore(options: DesktopCoreOptions): DesktopCore {
  const { log } = options;
  const settings = createSettings({ store: options.settingsStore, env: options.env, log });
  const vault = createVault(options.keyring, { log });
  const vaultReady = vault.ready();
  const target = createApiTarget({ configuredUrl: () => settings.get().serverUrl, startEmbedded: options.startEmbedded, log });
  const api = createApiClient({ serverUrl: () => target.url(), ...(options.fetch ? { fetch: options.fetch } : {}) });
  const auth = createAuthService({ vault, api, onSessionEnded: (payload) => options.sendEvent('session:ended', payload), log });
  const externalLinks = createExternalLinkPolicy({
    hosts: externalHostsFromEnv(options.env.NARIC_EXTERNAL_HOSTS),
    serverOrigin: () => target.knownUrl(),
  });
  const transfer = createTransferService({
    serverUrl: () => target.url(),
    accessToken: () => vault.getAccess(),
    refreshAccess: () => auth.refresh(),
    emitProgress: (progress) => options.sendEvent('transfer:progress', progress),
    ...(options.transferShell ? { shell: options.transferShell } : {}),
    log,
  });
  const counter = createCounterService({
    currentUser: () => auth.currentUser(),
    serverIdentity: () => serverIdentity(settings.get().serverUrl),
    serverUrl: () => target.url(),
    keys: createDraftKeys({ keyring: options.keyring, persistence: () => vaultReady, log }),
    store: options.userDataDir ? createAttachmentStore({ root: join(options.userDataDir, 'counter'), log }) : null,
    transfer,
    emitProgress: (progress) => options.sendEvent('transfer:progress', progress),
    log,
  });
  const updates = options.createUpdates
    ? options.createUpdates({
        publishState: (state) => options.sendEvent('updates:state', state),
        askPage: (query) => options.sendEvent('updates:restart-query', query),
        transfersInProgress: () => transfer.inProgress(),
        mayChangeChannel: () => isAdmin(auth.currentUser()),
      })
    : createDisabledUpdates(options.version, 'unpackaged');
  const backups = createBackupActions({
    api,
    accessToken: () => vault.getAccess(),
    refreshAccess: () => auth.refresh(),
    currentUser: () => auth.currentUser(),
    isEmbedded: () => target.isEmbedded(),
    shell: options.backupShell ?? null,
  });
  const warmUp = () => {
    if (target.isEmbedded()) target.url().catch((thrown: unknown) => log.error('the embedded API server did not start', thrown));
  };

  const router = createIpcRouter({
    handlers: createIpcHandlers({
      appInfo: async () => ({
        version: options.version,
        shell: 'desktop',
        os: options.os,
        apiBaseUrl: options.pageApiBaseUrl ?? `${await target.url().catch(() => target.knownUrl() ?? '')}${API_BASE_PATH}`,
        embeddedServer: target.isEmbedded(),
        sessionPersistence: await vaultReady,
      }),
      settings,
      async onSettingsChanged(before, after) {
        if (before.serverUrl === after.serverUrl) return;
        // Tokens belong to the server that issued them: another server means signing in again.
        await vault.clear();
        auth.forgetUser();
        options.sendEvent('session:ended', { reason: 'logged_out' });
        await target.reconfigured();
        warmUp();
      },
      api,
      auth,
      externalLinks,
      openExternal: options.openExternal,
      transfer,
      counter,
      updates,
      backups,
    }),
    isTrustedSender: createSenderCheck(options.trustedOrigins),
    log,
    checkResponses: options.checkResponses ?? false,
  });

  return {
    router,
    target,
    settings,
    vault,
    auth,
    externalLinks,
    transfer,
    counter,
    updates,
    warmUp,
    stop: () => {
      updates.stop();
      transfer.cancelAll();
      return target.stop();
    },
  };
}
