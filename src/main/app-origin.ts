// Where the renderer lives. The packaged app is served from a privileged custom scheme so that
// the page, its scripts and the /api proxy share one origin; development loads the vite server.

export const APP_ID = 'org.naric.backoffice';
export const APP_SCHEME = 'app';
export const APP_HOST = 'naric';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** The origins the renderer may be loaded from, each ending in '/'. */
export function rendererOrigins(devServerUrl?: string): string[] {
  const origins = [`${APP_ORIGIN}/`];
  if (devServerUrl) {
    try {
      origins.push(`${new URL(devServerUrl).origin}/`);
    } catch {
      // An unparsable dev server URL is simply not trusted.
    }
  }
  return origins;
}

/**
 * True when `url` belongs to one of `origins`. A prefix test on the full origin plus '/' (custom
 * schemes have an opaque `URL.origin`), so `app://naric.evil/` or `app://naric@evil/` never pass.
 */
export function isWithinOrigins(url: string | null | undefined, origins: readonly string[]): boolean {
  if (typeof url !== 'string' || url === '') return false;
  return origins.some((origin) => url.startsWith(origin));
}

/** The subset of Electron's WebFrameMain that the sender check reads. */
export interface IpcSenderFrame {
  url: string;
}

export function createSenderCheck(origins: readonly string[]): (frame: IpcSenderFrame | null | undefined) => boolean {
  return (frame) => isWithinOrigins(frame?.url, origins);
}
