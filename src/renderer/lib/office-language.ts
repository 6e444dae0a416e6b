import { SETTINGS_PATHS, publicSettingsAnswer } from '../../shared/api/settings';
import type { Language } from '../../shared/constants';
import { apiClient } from './app-api-client';

// The office's default language (system settings, issue 18), read without a sign-in: what the
// sign-in screen shows on a computer where nobody chose a language (lib/language.ts).

export async function fetchOfficeLanguage(): Promise<Language> {
  return (await apiClient.get(SETTINGS_PATHS.public, publicSettingsAnswer)).default_language;
}
