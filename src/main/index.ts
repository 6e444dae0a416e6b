import { app, BrowserWindow, ipcMain, Menu, session, shell, utilityProcess } from 'electron';
import { arch, release, type as osType } from 'node:os';
import { join } from 'node:path';
import { API_BASE_PATH } from '../shared/constants';
import { IPC_CHANNELS, type IpcEvent, type IpcEventPayload } from '../shared/ipc/contract';
import { APP_ID, APP_ORIGIN, rendererOrigins } from './app-origin';
import { createDesktopCore } from './desktop-core';
import { startEmbeddedServer } from './embedded-server';
import { createSystemKeyring } from './keyring';
import { createFileLog } from './log';
import { denyAllPermissions, guardAllWebContents, registerAppScheme } from './security';
import { createElectronSettingsStore } from './settings-store';
import { createElectronTransferShell } from './transfer/electron-transfer-shell';
import { createElectronBackupShell } from './backups/electron-backup-shell';
import { checkForUpdatesLabel, electronUpdates } from './updates/electron-updates';
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

  const sendEvent = <E extends IpcEvent>(event: E, payload: IpcEventPayload<E>) => {
    for (const window of BrowserWindow.getAllWindows()) window.webContents.send(event, payload);
  };
  const openExternal = (url: string) => shell.openExternal(url);
  const core = createDesktopCore({
    settingsStore: createElectronSettingsStore(),
    env: process.env,
    keyring: createSystemKeyring(APP_ID),
    startEmbedded: () =>
      startEmbeddedServer({
        fork: (modulePath, args, options) => utilityProcess.fork(modulePath, args, { ...options, stdio: 'inherit' }),
        modulePath: join(import.meta.dirname, 'server.js'),
        dataDir: join(app.getPath('userData'), 'server'),
        baseEnv: process.env,
        log,
      }),
    trustedOrigins: origins,
    // The packaged page reaches the server through the app:// proxy; the dev page calls it directly.
    ...(devServerUrl ? {} : { pageApiBaseUrl: `${APP_ORIGIN}${API_BASE_PATH}` }),
    version: app.getVersion(),
    os: `${osType()} ${release()} (${arch()})`,
    openExternal,
    sendEvent,
    log,
    checkResponses: !app.isPackaged,
    transferShell: createElectronTransferShell(app),
    userDataDir: app.getPath('userData'),
    createUpdates: electronUpdates(log),
    backupShell: createElectronBackupShell(app),
  });
  core.warmUp();
  for (const channel of IPC_CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => core.router.handle(channel, arg, event.senderFrame));
  }

  denyAllPermissions(session.defaultSession);
  guardAllWebContents({ origins, externalLinks: core.externalLinks, openExternal, log });
  serveAppScheme({ apiServerUrl: () => core.target.url(), log });
  // No default menu (reload, devtools) on Windows and Linux; macOS keeps the standard roles for copy and paste.
  // macOS also gets "Check for Updates…" in the app menu; elsewhere the about box has the button.
  const checkForUpdates = () => void core.updates.check({ manual: true }).catch((thrown: unknown) => log.error('checking for updates failed', thrown));
  Menu.setApplicationMenu(
    process.platform === 'darwin'
      ? Menu.buildFromTemplate([
          {
            label: app.name,
            submenu: [
              { role: 'about' },
              { label: checkForUpdatesLabel(core.settings.get().language), click: checkForUpdates },
              { type: 'separator' },
              { role: 'services' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          },
          { role: 'editMenu' },
          { role: 'windowMenu' },
        ])
      : null,
  );

  let window = createMainWindow({ devServerUrl, log });
  // The first check waits until the window is up (and then FIRST_CHECK_DELAY_MS more).
  window.once('show', () => core.updates.start());
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
    core
      .stop()
      .catch((thrown: unknown) => log.error('stopping the embedded server failed', thrown))
      .finally(() => {
        stopped = true;
        app.quit();
      });
  });
}
