import { app } from 'electron';
import Store from 'electron-store';
import electronUpdater from 'electron-updater';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { UpdateHooks } from './update-service';
import type { MainLog } from '../log';
import en from '../../../locales/en/updates.json';
import sq from '../../../locales/sq/updates.json';
import sr from '../../../locales/sr/updates.json';
import trustedKeysFile from './trusted-update-keys.json';
import { createDisabledUpdates } from './disabled-updates';
import { updateAvailability } from './update-availability';
import { createUpdateController, type UpdatePreferencesStore } from './update-controller';
import { trustedUpdateKeys } from './update-manifest';
import type { UpdateService } from './update-service';

// Electron's side of the updater: reads what electron-builder left beside the app, picks
// electron-updater's updater for this platform and package (NSIS, Mac, AppImage, deb, rpm) and
// keeps the preferences in userData/updates.json. Every decision is in the plain modules.

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function createElectronUpdateStore(): UpdatePreferencesStore {
  const store = new Store<Record<string, unknown>>({ name: 'updates' });
  return {
    read: () => store.store,
    write: (preferences) => {
      store.store = preferences;
    },
  };
}

/** The `createUpdates` option of createDesktopCore for this run. */
export function electronUpdates(log: MainLog): (hooks: UpdateHooks) => UpdateService {
  const keys = trustedUpdateKeys.safeParse(trustedKeysFile);
  if (!keys.success) log.error('trusted-update-keys.json is malformed: updates are off', keys.error.issues);
  const availability = updateAvailability({
    isPackaged: app.isPackaged,
    platform: process.platform,
    env: process.env,
    appUpdateConfig: app.isPackaged ? readIfPresent(join(process.resourcesPath, 'app-update.yml')) : null,
    packageType: app.isPackaged ? readIfPresent(join(process.resourcesPath, 'package-type')) : null,
    trustedKeys: keys.success ? keys.data : [],
  });
  if (!availability.enabled) {
    log.info('updates are off', { reason: availability.reason });
    return () => createDisabledUpdates(app.getVersion(), availability.reason);
  }
  return (hooks) =>
    createUpdateController({
      // electron-updater's choice for this platform and, on Linux, package type.
      updater: electronUpdater.autoUpdater,
      feedUrl: availability.feedUrl,
      trustedKeys: keys.success ? keys.data : [],
      store: createElectronUpdateStore(),
      hooks,
      log,
    });
}

/** The macOS app menu's "Check for Updates…", in the interface language (the about box's words). */
export function checkForUpdatesLabel(language: string): string {
  const words: Record<string, string> = { en: en.about.check, sq: sq.about.check, sr: sr.about.check };
  return `${words[language] ?? words.en}…`;
}
