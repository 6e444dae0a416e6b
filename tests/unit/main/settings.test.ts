import { describe, expect, it } from 'vitest';
import { createSettings, normaliseServerUrl, type SettingsStore } from '../../../src/main/settings';
import type { Settings } from '../../../src/shared/ipc/contract';
import { transportErrorOf } from '../../../src/shared/transport-failure';
import { recordingLog } from './fakes';

function memoryStore(initial: unknown = {}) {
  const state = { value: initial as unknown };
  const store: SettingsStore = {
    read: () => state.value,
    write: (settings: Settings) => {
      state.value = settings;
    },
  };
  return { store, state };
}

describe('settings', () => {
  it('defaults to the embedded server and English', () => {
    expect(createSettings({ store: memoryStore().store }).get()).toEqual({ serverUrl: null, language: 'en' });
  });

  it('stores a change and answers the settings in effect', () => {
    const { store, state } = memoryStore();
    const settings = createSettings({ store });
    expect(settings.set({ language: 'sq' })).toEqual({ serverUrl: null, language: 'sq' });
    expect(settings.set({ serverUrl: 'https://naric.example/api/' })).toEqual({ serverUrl: 'https://naric.example', language: 'sq' });
    expect(state.value).toEqual({ serverUrl: 'https://naric.example', language: 'sq' });
    expect(settings.set({ serverUrl: null }).serverUrl).toBeNull();
  });

  it('refuses an invalid change with a validation error and keeps the stored value', () => {
    const { store, state } = memoryStore({ serverUrl: null, language: 'sr' });
    const settings = createSettings({ store });
    let thrown: unknown;
    try {
      settings.set({ serverUrl: 'ftp://naric.example' as never });
    } catch (error) {
      thrown = error;
    }
    expect(transportErrorOf(thrown)).toMatchObject({ code: 'validation_error', body: { serverUrl: ['Invalid format'] } });
    expect(state.value).toEqual({ serverUrl: null, language: 'sr' });
  });

  it('reads damaged stored values field by field, logging them', () => {
    const log = recordingLog();
    const settings = createSettings({ store: memoryStore({ serverUrl: 'javascript:alert(1)', language: 'sr' }).store, log });
    expect(settings.get()).toEqual({ serverUrl: null, language: 'sr' });
    expect(log.entries[0].message).toBe('settings: ignoring invalid stored values');
    expect(createSettings({ store: memoryStore('garbage').store }).get()).toEqual({ serverUrl: null, language: 'en' });
  });

  it('NARIC_API_URL overrides the stored server for this run, without being stored', () => {
    const { store, state } = memoryStore({ serverUrl: 'https://stored.example', language: 'en' });
    const settings = createSettings({ store, env: { NARIC_API_URL: 'http://10.0.0.5:8000/' } });
    expect(settings.get().serverUrl).toBe('http://10.0.0.5:8000');
    expect(settings.serverUrlFromEnvironment()).toBe(true);
    settings.set({ language: 'sq' });
    expect(state.value).toEqual({ serverUrl: 'https://stored.example', language: 'sq' });
  });

  it('ignores an invalid NARIC_API_URL with a logged error', () => {
    const log = recordingLog();
    const settings = createSettings({ store: memoryStore().store, env: { NARIC_API_URL: 'naric.example' }, log });
    expect(settings.get().serverUrl).toBeNull();
    expect(settings.serverUrlFromEnvironment()).toBe(false);
    expect(log.entries[0]).toMatchObject({ level: 'error', message: 'settings: NARIC_API_URL is not an http(s) URL; ignoring it' });
  });

  it('normalises server URLs', () => {
    expect(normaliseServerUrl('https://naric.example/')).toBe('https://naric.example');
    expect(normaliseServerUrl('https://naric.example/api')).toBe('https://naric.example');
    expect(normaliseServerUrl('https://naric.example/backoffice/api/')).toBe('https://naric.example/backoffice');
    expect(normaliseServerUrl(null)).toBeNull();
  });
});
