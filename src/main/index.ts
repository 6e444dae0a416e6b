import { app, BrowserWindow, ipcMain, Menu, session, shell, utilityProcess } from 'electron';
import { arch, release, type as osType } from 'node:os';
import { join } from 'node:path';
import { API_BASE_PATH } from '../shared/constants';
import { IPC_CHANNELS, type IpcEvent, type IpcEventPayload } from '../shared/ipc/contract';
import { createApiClient } from './api-client';
import { createApiTarget } from './api-target';
import { APP_ID, APP_ORIGIN, createSenderCheck, rendererOrigins } from './app-origin';
import { createAuthService } from './auth-service';
import { startEmbeddedServer } from './embedded-server';
import { createExternalLinkPolicy, externalHostsFromEnv } from './external-links';
import { createIpcHandlers } from './ipc-handlers';
import { createIpcRouter } from './ipc-router';
import { createSystemKeyring } from './keyring';
import { createFileLog } from './log';
import { denyAllPermissions, guardAllWebContents, registerAppScheme } from './security';
import { createSettings } from './settings';
import { createElectronSettingsStore } from './settings-store';
import { createVault } from './vault';
import { createMainWindow, serveAppScheme } from './window';

// Wiring only: every decision lives in a plain module beside this file.

app.setAppUserModelId(APP_ID);
registerAppScheme();
app.enableSandbox();

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start();
}

async function start(): Promise<void> {
  await app.whenReady();

  const log = createFileLog(join(app.getPath('userData'), 'logs'));
  process.on('uncaughtException', (error) => log.error('uncaught exception in main', error));
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection in main', reason));
  log.info('starting', { version: app.getVersion(), electron: process.versions.electron, packaged: app.isPackaged });

  // Only a development run loads the vite server; a packaged app ignores the variable.
  const devServerUrl = !app.isPackaged ? process.env.ELECTRON_RENDERER_URL : undefined;
  const origins = rendererOrigins(devServerUrl);

  const settings = createSettings({ store: createElectronSettingsStore(), env: process.env, log });
  const vault = createVault(createSystemKeyring(APP_ID), { log });
  const vaultReady = vault.ready();

  const target = createApiTarget({
    configuredUrl: () => settings.get().serverUrl,
    startEmbedded: () =>
      startEmbeddedServer({
        fork: (modulePath, args, options) => utilityProcess.fork(modulePath, args, { ...options, stdio: 'inherit' }),
        modulePath: join(import.meta.dirname, 'server.js'),
        dataDir: join(app.getPath('userData'), 'server'),
        baseEnv: process.env,
        log,
      }),
    log,
  });
  // Start the embedded server now, not on the first call: its first start seeds a database.
  if (target.isEmbedded()) target.url().catch((thrown: unknown) => log.error('the embedded API server did not start', thrown));

  const api = createApiClient({ serverUrl: () => target.url() });
  const sendToRenderer = <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => {
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(event, payload);
  };
  const auth = createAuthService({ vault, api, onSessionEnded: (payload) => sendToRenderer('session:ended', payload), log });
  const externalLinks = createExternalLinkPolicy({
    hosts: externalHostsFromEnv(process.env.NARIC_EXTERNAL_HOSTS),
    serverOrigin: () => target.knownUrl(),
  });
  const openExternal = (url: string) => shell.openExternal(url);

  const router = createIpcRouter({
    handlers: createIpcHandlers({
      appInfo: async () => ({
        version: app.getVersion(),
        shell: 'desktop',
        os: `${osType()} ${release()} (${arch()})`,
        // The packaged page reaches the server through the app:// proxy; the dev page calls it directly.
        apiBaseUrl: devServerUrl ? `${await target.url().catch(() => '')}${API_BASE_PATH}` : `${APP_ORIGIN}${API_BASE_PATH}`,
        embeddedServer: target.isEmbedded(),
        sessionPersistence: await vaultReady,
      }),
      settings,
      async onSettingsChanged(before, after) {
        if (before.serverUrl === after.serverUrl) return;
        // Tokens belong to the server that issued them: a new server means a new sign-in.
        await vault.clear();
        sendToRenderer('session:ended', { reason: 'logged_out' });
        await target.reconfigured();
        if (target.isEmbedded()) target.url().catch((thrown: unknown) => log.error('the embedded API server did not start', thrown));
      },
      api,
      auth,
      externalLinks,
      openExternal,
    }),
    isTrustedSender: createSenderCheck(origins),
    log,
    checkResponses: !app.isPackaged,
  });
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => router.handle(channel, arg, event.senderFrame));
  }

  denyAllPermissions(session.defaultSession);
  guardAllWebContents({ origins, externalLinks, openExternal, log });
  serveAppScheme({ apiServerUrl: () => target.url(), log });
  // No default menu (reload, devtools) on Windows and Linux; macOS keeps the standard roles for copy and paste.
  Menu.setApplicationMenu(process.platform === 'darwin' ? Menu.buildFromTemplate([{ role: 'appMenu' }, { role: 'editMenu' }, { role: 'windowMenu' }]) : null);

  let window = createMainWindow({ devServerUrl, log });
  app.on('second-instance', () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) window = createMainWindow({ devServerUrl, log });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    // Hold the quit until the embedded server has closed its database cleanly.
    event.preventDefault();
    target
      .stop()
      .catch((thrown: unknown) => log.error('stopping the embedded server failed', thrown))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
}
