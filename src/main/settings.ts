import { DEFAULT_LANGUAGE } from '../shared/constants';
import { settings as settingsSchema, type Settings, type SettingsPatch } from '../shared/ipc/contract';
import { failure } from '../shared/transport-failure';
import { fieldErrorsOf } from './ipc-router';
import type { MainLog } from './log';

// The desktop's own settings: which API server to use (null: the embedded one) and the interface
// language. NARIC_API_URL, when set, overrides the stored server for this run only.

export interface SettingsStore {
  read(): unknown;
  write(settings: Settings): void;
}

export interface SettingsService {
  /** The settings in effect (the environment's server URL wins over the stored one). */
  get(): Settings;
  /** Validates and stores a change; answers the settings in effect afterwards. */
  set(patch: SettingsPatch): Settings;
  /** True when NARIC_API_URL decides the server, so a stored change takes effect only without it. */
  serverUrlFromEnvironment(): boolean;
}

export const DEFAULT_SETTINGS: Settings = { serverUrl: null, language: DEFAULT_LANGUAGE };

/** A server URL as we keep it: no trailing slash, no trailing /api (people paste either). */
export function normaliseServerUrl(url: string | null): string | null {
  if (url === null) return null;
  return url.trim().replace(/\/+$/, '').replace(/\/api$/, '');
}

export function createSettings(options: { store: SettingsStore; env?: Record<string, string | undefined>; log?: MainLog }): SettingsService {
  const { store, log } = options;
  const env = options.env ?? {};

  const fromEnvironment = (() => {
    const raw = env.NARIC_API_URL?.trim();
    if (!raw) return null;
    const parsed = settingsSchema.shape.serverUrl.safeParse(raw);
    if (!parsed.success) {
      log?.error('settings: NARIC_API_URL is not an http(s) URL; ignoring it', { NARIC_API_URL: raw });
      return null;
    }
    return normaliseServerUrl(parsed.data);
  })();

  function stored(): Settings {
    const raw = store.read();
    const fields = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    // Field by field, so one damaged value does not throw away the other.
    const serverUrl = settingsSchema.shape.serverUrl.safeParse(fields.serverUrl ?? null);
    const language = settingsSchema.shape.language.safeParse(fields.language ?? DEFAULT_SETTINGS.language);
    if (!serverUrl.success || !language.success) log?.warn('settings: ignoring invalid stored values', { raw: fields });
    return {
      serverUrl: serverUrl.success ? normaliseServerUrl(serverUrl.data) : DEFAULT_SETTINGS.serverUrl,
      language: language.success ? language.data : DEFAULT_SETTINGS.language,
    };
  }

  const effective = (current: Settings): Settings => (fromEnvironment ? { ...current, serverUrl: fromEnvironment } : current);

  return {
    get: () => effective(stored()),
    set(patch) {
      const next = settingsSchema.safeParse({ ...stored(), ...patch });
      if (!next.success) throw failure('validation_error', { body: fieldErrorsOf(next.error) });
      store.write({ ...next.data, serverUrl: normaliseServerUrl(next.data.serverUrl) });
      return effective(stored());
    },
    serverUrlFromEnvironment: () => fromEnvironment !== null,
  };
}
