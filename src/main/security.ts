import { app, protocol, type Session, type WebContents } from 'electron';
import { APP_SCHEME, isWithinOrigins } from './app-origin';
import type { ExternalLinkPolicy } from './external-links';
import type { MainLog } from './log';

// Electron's hardening in one place (electronjs.org/docs/latest/tutorial/security). The decisions
// (which URL is ours, which link may open) are plain functions in app-origin.ts and external-links.ts.

/** Before `ready`: app:// behaves like https (secure, standard URL, fetch, streaming bodies). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
  ]);
}

/** No camera, microphone, geolocation, notifications, HID, serial…: the back-office needs none. */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

export interface WebContentsGuardOptions {
  origins: readonly string[];
  externalLinks: ExternalLinkPolicy;
  openExternal: (url: string) => Promise<void>;
  log: MainLog;
}

function guard(contents: WebContents, options: WebContentsGuardOptions): void {
  const { origins, externalLinks, openExternal, log } = options;
  // Any frame, main or sub, stays inside the app: a link to elsewhere never replaces the UI.
  contents.on('will-frame-navigate', (details) => {
    if (!isWithinOrigins(details.url, origins)) {
      details.preventDefault();
      log.warn('navigation away from the app refused', { url: details.url.slice(0, 200) });
    }
  });
  contents.on('will-redirect', (details) => {
    if (!isWithinOrigins(details.url, origins)) {
      details.preventDefault();
      log.warn('redirect away from the app refused', { url: details.url.slice(0, 200) });
    }
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // New windows are never created; an allow-listed https link opens in the system browser.
  contents.setWindowOpenHandler(({ url }) => {
    if (externalLinks.isAllowed(url)) {
      openExternal(url).catch((thrown: unknown) => log.warn('could not open an external link', thrown));
    } else {
      log.warn('window.open refused', { url: url.slice(0, 200) });
    }
    return { action: 'deny' };
  });
}

/** Applies the navigation and window-opening rules to every web contents the app ever creates. */
export function guardAllWebContents(options: WebContentsGuardOptions): void {
  app.on('web-contents-created', (_event, contents) => guard(contents, options));
}
