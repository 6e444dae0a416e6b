import i18next, { type BackendModule, type i18n as I18n, type Resource, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { FIRST_SCREEN_NAMESPACES } from './first-screen-namespaces';
import { formatNumber, type NumberOptions } from './format';
import { followPageLanguage } from './language';

// Each language's texts are lazy chunks (electron.vite.config.ts groups a language's namespaces
// into two files: the first screen's and the other screens'): the first screen waits only for the
// saved language's and en's (the fallback) first-screen namespaces, the rest follow once it is
// drawn (loadScreenTexts); a screen that needs a namespace still on its way suspends (its
// Suspense spinner) rather than show keys. Another language is fetched when it is chosen, and
// i18next switches once its texts are in. Tests hand in every language up front (provideBundledLocales).
const localeFiles = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { import: 'default' });

/** Namespaces the renderer reads; `server` belongs to the API server. */
const SERVER_ONLY_NAMESPACES = new Set(['server']);

function localeFileOf(path: string): { language: string; namespace: string } | null {
  const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) return null;
  const [, language, namespace] = match;
  if (!(LANGUAGES as readonly string[]).includes(language) || SERVER_ONLY_NAMESPACES.has(namespace)) return null;
  return { language, namespace };
}

/** Every namespace the renderer has texts for (read from en, the complete set). */
export const NAMESPACES: readonly string[] = Object.keys(localeFiles)
  .map(localeFileOf)
  .filter((file) => file?.language === DEFAULT_LANGUAGE)
  .map((file) => file!.namespace)
  .sort();

/** i18next backend (resources-to-backend style): a namespace is a dynamic import of its JSON. */
const lazyLocales: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const load = localeFiles[`../../../locales/${language}/${namespace}.json`];
    // A language without this namespace falls back to en key by key.
    if (!load || !localeFileOf(`locales/${language}/${namespace}.json`)) return callback(null, {});
    load().then(
      (content) => callback(null, content as ResourceKey),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

let bundled: Resource | undefined;

/**
 * Every language loaded synchronously, for tests that render at once and switch without waiting
 * (tests/unit/renderer/setup.ts); the app never calls it.
 */
export function provideBundledLocales(files: Record<string, unknown>): void {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const file = localeFileOf(path);
    if (!file) continue;
    resources[file.language] ??= {};
    resources[file.language][file.namespace] = content as ResourceKey;
    // The app's instance exists already (this module made it): give it the texts too.
    i18n.addResourceBundle(file.language, file.namespace, content, true, true);
  }
  bundled = resources;
}

/**
 * Resolves once the texts of `language` (and of en, its fallback) are loaded: at startup the
 * first screen's namespaces, after loadScreenTexts every namespace.
 */
export function loadLanguage(instance: I18n, language: Language): Promise<void> {
  return instance.loadLanguages([language, DEFAULT_LANGUAGE]);
}

/**
 * The other screens' namespaces, in the current language and en; from then on a language change
 * loads every namespace. Called once the first screen is drawn.
 */
export function loadScreenTexts(instance: I18n): Promise<void> {
  return instance.loadNamespaces([...NAMESPACES]);
}

export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  if (!bundled) instance.use(lazyLocales);
  followPageLanguage(instance);
  void instance.use(initReactI18next).init({
    ...(bundled ? { resources: bundled } : {}),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    // The first screen's only, unless every language is bundled (tests): loadScreenTexts adds the rest.
    ns: bundled ? [...NAMESPACES] : [...FIRST_SCREEN_NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  // {{count, number}} in the texts goes through lib/format.ts: i18next's own Intl call writes US
  // digits for Albanian in a Chromium without Albanian data.
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined, options: NumberOptions) => formatNumber(lng, Number(value), options));
  return instance;
}

/** The app's instance; its language is set at startup from the saved choice (lib/language.ts). */
export const i18n: I18n = createI18n();
