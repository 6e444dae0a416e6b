import Store from 'electron-store';
import type { Settings } from '../shared/ipc/contract';
import { DEFAULT_SETTINGS, type SettingsStore } from './settings';

/** settings.json in the app's userData folder, through electron-store. */
export function createElectronSettingsStore(): SettingsStore {
  const store = new Store<Settings>({ name: 'settings', defaults: DEFAULT_SETTINGS });
  return {
    read: () => store.store,
    write: (settings) => {
      store.store = settings;
    },
  };
}
