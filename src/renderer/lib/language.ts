import type { i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../../shared/constants';
import type { NaricBridge } from '../../shared/bridge';

/** BCP 47 tags for Intl and the page's lang attribute: our Serbian is written in Latin script. */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en', sq: 'sq', sr: 'sr-Latn' };

export function localeTag(language: string | undefined): string {
  return isLanguage(language) ? LOCALE_TAGS[language] : LOCALE_TAGS[DEFAULT_LANGUAGE];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language saved on this machine, or en. */
export function readSavedLanguage(storage: Storage | undefined = globalThis.localStorage): Language {
  try {
    const saved = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(i18n: I18n, language: Language, storage: Storage | undefined): Promise<unknown> {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch (error) {
    console.warn('Could not save the language on this machine', error);
  }
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE_TAGS[language];
  return i18n.changeLanguage(language);
}

/** The user's choice: applied now, saved locally and in the shell's settings. */
export async function chooseLanguage(
  language: Language,
  i18n: I18n,
  bridge: NaricBridge,
  storage: Storage | undefined = globalThis.localStorage,
): Promise<void> {
  await applyLanguage(i18n, language, storage);
  try {
    await bridge.settings.set({ language });
  } catch (error) {
    console.warn('Could not save the language in the settings', error);
  }
}

/**
 * Startup: the saved language first (synchronously, so the first screen is in it), then the
 * shell's settings, which win in the desktop where main keeps them.
 */
export async function initialiseLanguage(
  i18n: I18n,
  bridge: NaricBridge,
  storage: Storage | undefined = globalThis.localStorage,
): Promise<void> {
  const saved = readSavedLanguage(storage);
  await applyLanguage(i18n, saved, storage);
  try {
    const { language } = await bridge.settings.get();
    if (isLanguage(language) && language !== saved) await applyLanguage(i18n, language, storage);
  } catch (error) {
    console.warn('Could not read the settings; keeping the saved language', error);
  }
}
