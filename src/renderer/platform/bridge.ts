import type { NaricBridge } from '../../shared/bridge';
import { createBrowserBridge } from './browser-bridge';

declare global {
  interface Window {
    /** Present in the desktop (built by the preload); absent in a plain browser. */
    naric?: NaricBridge;
  }
}

let browserBridge: NaricBridge | null = null;

/** The desktop's bridge when there is one, else the browser implementation (created once). */
export function getBridge(): NaricBridge {
  if (window.naric) return window.naric;
  browserBridge ??= createBrowserBridge();
  return browserBridge;
}
