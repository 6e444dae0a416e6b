import { XSRF_COOKIE_NAME } from '../../shared/constants';
import type { Settings } from '../../shared/ipc/contract';
import { readCookie } from '../lib/cookies';
import { readSavedLanguage } from '../lib/language';

// What the web shell knows without its bridge's code: both the bridge (browser-bridge.ts) and
// the startup stand-in that loads it (deferred-browser-bridge.ts) answer from here, so the two
// cannot disagree.

/** The web shell's settings: no server to choose (it is served by its API server), the saved language. */
export function readBrowserSettings(storage: Storage | undefined): Settings {
  return { serverUrl: null, language: readSavedLanguage(storage) };
}

/**
 * Whether a cookie session may exist: the server sets the page-readable XSRF-TOKEN cookie with
 * the HttpOnly refresh cookie and clears both together.
 */
export function mayHaveCookieSession(cookies: () => string): boolean {
  return readCookie(XSRF_COOKIE_NAME, cookies()) !== null;
}
