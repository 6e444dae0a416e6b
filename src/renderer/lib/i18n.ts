import i18next, { type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';

// Every namespace of every language is bundled: the set is small and a switch must be instant.
const files = import.meta.glob<Record<string, unknown>>('../../../locales/*/*.json', { eager: true, import: 'default' });

/** Namespaces the renderer reads; `server` belongs to the API server. */
const SERVER_ONLY_NAMESPACES = new Set(['server']);

function bundledResources(): Resource {
  const resources: Resource = {};
  for (const [path, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, language, namespace] = match;
    if (!(LANGUAGES as readonly string[]).includes(language) || SERVER_ONLY_NAMESPACES.has(namespace)) continue;
    resources[language] ??= {};
    resources[language][namespace] = content;
  }
  return resources;
}

export const NAMESPACES = ['common', 'nav', 'errors', 'auth', 'two-factor', 'profile', 'home', 'applications'] as const;

export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: bundledResources(),
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** The app's instance; its language is set at startup from the saved choice (lib/language.ts). */
export const i18n: I18n = createI18n();
