import { SETTINGS_PATHS, publicSettingsAnswer, type PublicSettingsAnswer } from '../../shared/api/settings';
import { apiClient } from './app-api-client';
import { queryKeys } from './query-keys';

// The public system settings, read without a sign-in, checked against their schema:
// the session idle timeout the window signs itself out after (lib/idle-sign-out.ts). The sign-in
// screen reads the office's default language from the same address without this module and its
// schemas (lib/language.ts, fetchOfficeLanguage).

/** Under the system settings' own key, so reloading those settings reloads these too. */
export const PUBLIC_SETTINGS_KEY = queryKeys.systemSettings.public;

export async function fetchPublicSettings(): Promise<PublicSettingsAnswer> {
  return apiClient.get(SETTINGS_PATHS.public, publicSettingsAnswer);
}
