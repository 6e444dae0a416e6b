import type { i18n as I18n } from 'i18next';
import { API_BASE_PATH, API_TIMEOUT_MS, DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_STORAGE_KEY, type Language } from '../../shared/constants';
import type { NaricBridge } from '../../shared/bridge';

/** BCP 47 tags for Intl and the page's lang attribute: our Serbian is written in Latin script. */
export const LOCALE_TAGS: Record<Language, string> = { en: 'en', sq: 'sq', sr: 'sr-Latn' };

export function localeTag(language: string | undefined): string {
  return isLanguage(language) ? LOCALE_TAGS[language] : LOCALE_TAGS[DEFAULT_LANGUAGE];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language someone chose on this machine, or null when nobody has. */
function readChosenLanguage(storage: Storage | undefined): Language | null {
  try {
    const saved = storage?.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(saved) ? saved : null;
  } catch {
    return null;
  }
}

/** The language saved on this machine, or en. */
export function readSavedLanguage(storage: Storage | undefined = globalThis.localStorage): Language {
  return readChosenLanguage(storage) ?? DEFAULT_LANGUAGE;
}

/** `remember`: a choice, saved on this machine; the office's default is shown but not saved, so a later change of it still applies. */
function applyLanguage(i18n: I18n, language: Language, storage: Storage | undefined, remember = true): Promise<unknown> {
  try {
    if (remember) storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch (error) {
    console.warn('Could not save the language on this machine', error);
  }
  return i18n.changeLanguage(language);
}

/**
 * The page says the language it shows: i18next switches only once a language's texts are in, and
 * the lang attribute follows then, never before (a page marked sq with English words on it
 * misleads screen readers, and whoever waits for the attribute to know the texts are there).
 */
export function followPageLanguage(i18n: Pick<I18n, 'on'>, page: { documentElement: { lang: string } } | undefined = globalThis.document): void {
  i18n.on('languageChanged', (language: string) => {
    if (page && isLanguage(language)) page.documentElement.lang = LOCALE_TAGS[language];
  });
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
 * GET /api/settings/public/ (SETTINGS_PATHS.public, written out here): the address is the same in
 * both shells (the desktop's app:// scheme proxies /api to the server). A plain fetch, not the API
 * client, because the sign-in page is drawn before the client, zod and the contracts are fetched:
 * importing them here would put them all in the first screen's code.
 */
export const PUBLIC_SETTINGS_URL = `${API_BASE_PATH}/settings/public/`;

/**
 * The office's default language (system settings) as the server publishes it before anyone signs
 * in. Anything but one of our languages rejects, like a failed call: the caller keeps what it shows.
 */
export async function fetchOfficeLanguage(fetchImpl: typeof fetch = globalThis.fetch): Promise<Language> {
  const answer = await fetchImpl(PUBLIC_SETTINGS_URL, { credentials: 'same-origin', signal: AbortSignal.timeout(API_TIMEOUT_MS) });
  if (!answer.ok) throw new Error(`The public settings answered ${answer.status}`);
  const body: unknown = await answer.json();
  const language = typeof body === 'object' && body !== null ? (body as { default_language?: unknown }).default_language : undefined;
  if (!isLanguage(language)) throw new Error('The public settings name no language of ours');
  return language;
}

/**
 * Startup: the saved language first (synchronously, so the first screen is in it), then the
 * shell's settings, which win in the desktop where main keeps them. Where nobody chose a language
 * yet (a fresh computer: nothing saved here, and the shell only has its own default, en), the
 * office's default language from the server (system settings) is shown instead.
 */
export async function initialiseLanguage(
  i18n: I18n,
  bridge: NaricBridge,
  storage: Storage | undefined = globalThis.localStorage,
  officeLanguage?: () => Promise<Language>,
): Promise<void> {
  const chosen = readChosenLanguage(storage);
  const saved = chosen ?? DEFAULT_LANGUAGE;
  await applyLanguage(i18n, saved, storage, chosen !== null);
  let shellChoice: Language | null = null;
  try {
    const { language } = await bridge.settings.get();
    // The shell's en may be only its default: a choice when something was saved here, or when it is another language.
    if (isLanguage(language) && (chosen !== null || language !== DEFAULT_LANGUAGE)) shellChoice = language;
  } catch (error) {
    console.warn('Could not read the settings; keeping the saved language', error);
  }
  if (shellChoice !== null) {
    if (shellChoice !== saved) await applyLanguage(i18n, shellChoice, storage);
    return;
  }
  if (chosen !== null || !officeLanguage) return;
  try {
    const office = await officeLanguage();
    if (isLanguage(office) && office !== i18n.language) await applyLanguage(i18n, office, storage, false);
  } catch (error) {
    console.warn('Could not read the office’s default language; showing English', error);
  }
}
