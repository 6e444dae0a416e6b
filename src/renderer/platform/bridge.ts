import type { NaricBridge } from '../../shared/bridge';
import { createDeferredBrowserBridge } from './deferred-browser-bridge';

declare global {
  interface Window {
    /** Present in the desktop (built by the preload); absent in a plain browser. */
    naric?: NaricBridge;
  }
}

let browserBridge: NaricBridge | null = null;

/** The browser implementation's chunk (its session client, transfers and answer schemas). */
const loadBrowserBridge = () => import('./browser-bridge').then((module) => module.createBrowserBridge());

/**
 * The desktop's bridge when there is one, else the browser implementation (created once, and
 * fetched only when a call first needs it: the sign-in page is drawn without it).
 */
export function getBridge(): NaricBridge {
  if (window.naric) return window.naric;
  browserBridge ??= createDeferredBrowserBridge({ load: loadBrowserBridge });
  return browserBridge;
}

/**
 * Fetches the browser bridge's chunk ahead of its first call (main.tsx, once the first screen is
 * drawn), so signing in does not wait for it. Nothing to fetch in the desktop.
 */
export function prefetchBridge(): void {
  if (window.naric) return;
  void import('./browser-bridge').catch(() => {
    // The first call fetches it again and reports a failure as a network error.
  });
}
