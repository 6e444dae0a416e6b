import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SETTINGS_PATHS, settingsAnswer, type SettingsGroup, type SettingsUpdate } from '../../../shared/api/settings';
import { apiClient } from '../../lib/app-api-client';

// The system settings calls (issue 18): every group at once, and saving one group with the version
// it was read at. A save answers every group as now stored; that answer replaces the cached one.
// Writes name the reader's language: the server sends its refusals in it.

const SETTINGS_KEY = ['system-settings'] as const;

export function useSystemSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: () => apiClient.get(SETTINGS_PATHS.all, settingsAnswer), retry: false });
}

export function useSaveSettings<G extends SettingsGroup>(group: G, language: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (update: SettingsUpdate<G>) => {
      const response = await apiClient.send('put', SETTINGS_PATHS.group(group), { json: update, headers: { 'Accept-Language': language } });
      return settingsAnswer.parse(await response.json());
    },
    onSuccess: (answer) => client.setQueryData(SETTINGS_KEY, answer),
  });
}

export function useReloadSettings() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: SETTINGS_KEY });
}
