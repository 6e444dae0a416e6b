import { SETTINGS_PATHS, publicSettingsAnswer, type PublicSettingsAnswer } from '../../shared/api/settings';
import type { Language } from '../../shared/constants';
import { apiClient } from './app-api-client';
import { queryKeys } from './query-keys';

// The public system settings (issue 18), read without a sign-in: the office's default language,
// what the sign-in screen shows on a computer where nobody chose one (lib/language.ts), and the
// session idle timeout the window signs itself out after (lib/idle-sign-out.ts).

/** Under the system settings' own key, so reloading those settings reloads these too. */
export const PUBLIC_SETTINGS_KEY = queryKeys.systemSettings.public;

export async function fetchPublicSettings(): Promise<PublicSettingsAnswer> {
  return apiClient.get(SETTINGS_PATHS.public, publicSettingsAnswer);
}

export async function fetchOfficeLanguage(): Promise<Language> {
  return (await fetchPublicSettings()).default_language;
}
