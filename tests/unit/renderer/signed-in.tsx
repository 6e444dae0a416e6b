import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';
import { appRouteObjects } from '../../../src/renderer/app/router';
import { appStore, beginSession, sessionAtom, sessionStatusAtom } from '../../../src/renderer/lib/session';
import type { User } from '../../../src/shared/api/auth';
import type { NaricBridge } from '../../../src/shared/bridge';
import { fakeBridge, makeSession } from './fixtures';
import { renderRoutes } from './render';

/** The browser shell's app info: API on the page's own origin, session in memory. */
export const WEB_INFO = { version: '0.1.0', shell: 'web' as const, os: 'Linux', apiBaseUrl: '/api', embeddedServer: false, sessionPersistence: 'memory' as const };

/** The whole app at `path`, signed in as `user`, over a bridge with `bridge`'s calls. */
export function openSignedIn(user: User, path: string, bridge: { [K in keyof NaricBridge]?: Partial<NaricBridge[K]> } = {}) {
  window.naric = fakeBridge({ ...bridge, app: { info: async () => WEB_INFO, ...bridge.app }, auth: { logout: async () => {}, ...bridge.auth } });
  beginSession(appStore, makeSession(user, 'access'));
  return renderRoutes(appRouteObjects(), { path, store: appStore });
}

/** After each test of a signed-in screen: no DOM, bridge, stubbed fetch or session left behind. */
export function signOutAfterTest(): void {
  cleanup();
  delete window.naric;
  vi.unstubAllGlobals();
  appStore.set(sessionAtom, null);
  appStore.set(sessionStatusAtom, 'unknown');
}
