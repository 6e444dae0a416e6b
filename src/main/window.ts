import { BrowserWindow, net, protocol } from 'electron';
import { join } from 'node:path';
import { APP_ORIGIN, APP_SCHEME } from './app-origin';
import { createAppRequestHandler } from './app-protocol';
import type { MainLog } from './log';

// The one window, and what serves it. Built files live beside main: out/main, out/preload, out/renderer.
const outDir = join(import.meta.dirname, '..');

/** app://naric/… answers from out/renderer, and /api/… from the API server (same origin for the page). */
export function serveAppScheme(options: { apiServerUrl: () => Promise<string>; log: MainLog }): void {
  protocol.handle(
    APP_SCHEME,
    createAppRequestHandler({
      rendererRoot: join(outDir, 'renderer'),
      apiServerUrl: options.apiServerUrl,
      // net.fetch: Chromium's network stack (system proxy settings, certificates of the OS store).
      fetch: (url, init) => net.fetch(url, init),
      log: options.log,
    }),
  );
}

export function createMainWindow(options: { devServerUrl?: string; log: MainLog }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1360,
    height: 880,
    minWidth: 960,
    minHeight: 640,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: join(outDir, 'preload', 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
    },
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.on('render-process-gone', (_event, details) => options.log.error('renderer process gone', details));

  const url = options.devServerUrl ?? `${APP_ORIGIN}/`;
  window.loadURL(url).catch((thrown: unknown) => options.log.error('could not load the renderer', { url, error: thrown }));
  return window;
}
