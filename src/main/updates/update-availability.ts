import { JSON_SCHEMA, load } from 'js-yaml';
import type { UpdatesDisabledReason } from '../../shared/ipc/update-contract';
import type { TrustedUpdateKey } from './update-manifest';

// Whether this run looks for updates at all, and if not why (the about box says it). Decided from
// what electron-builder left beside the app, so electron-updates.ts only reads files.

export interface UpdateEnvironment {
  isPackaged: boolean;
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** `process.resourcesPath/app-update.yml` (electron-builder writes the publish url there), or null. */
  appUpdateConfig: string | null;
  /** `process.resourcesPath/package-type` (deb, rpm …, written by electron-builder's Linux packages), or null. */
  packageType: string | null;
  trustedKeys: readonly TrustedUpdateKey[];
}

export type UpdateAvailability = { enabled: true; feedUrl: string } | { enabled: false; reason: UpdatesDisabledReason };

/** Linux formats electron-updater replaces in place. */
const UPDATABLE_LINUX_PACKAGES = new Set(['deb', 'rpm']);

export function updateAvailability(environment: UpdateEnvironment): UpdateAvailability {
  const off = (reason: UpdatesDisabledReason): UpdateAvailability => ({ enabled: false, reason });
  if (!environment.isPackaged) return off('unpackaged');
  // electron-builder's portable Windows target sets this for the app it unpacks.
  if (environment.env.PORTABLE_EXECUTABLE_DIR) return off('portable');
  const feedUrl = feedUrlOf(environment.appUpdateConfig);
  if (!feedUrl) return off('no_feed');
  if (environment.trustedKeys.length === 0) return off('no_trusted_keys');
  if (environment.platform === 'linux' && !linuxUpdatable(environment)) return off('unsupported_package');
  return { enabled: true, feedUrl };
}

function linuxUpdatable(environment: UpdateEnvironment): boolean {
  if (environment.env.SNAP) return false;
  if (environment.env.APPIMAGE) return true;
  return UPDATABLE_LINUX_PACKAGES.has((environment.packageType ?? '').trim());
}

/** The generic feed's URL from app-update.yml; null when absent, empty or not http(s). */
export function feedUrlOf(appUpdateConfig: string | null): string | null {
  if (!appUpdateConfig) return null;
  let config: unknown;
  try {
    config = load(appUpdateConfig, { schema: JSON_SCHEMA });
  } catch {
    return null;
  }
  const url = (config as { url?: unknown } | null)?.url;
  if (typeof url !== 'string' || url.trim() === '') return null;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
