import { useQuery } from '@tanstack/react-query';
import { DOSSIER_PATHS, applicationAuthenticity } from '../../shared/api/authenticity';
import { apiClient } from './app-api-client';
import { queryKeys } from './query-keys';

// An application's institution as its authenticity stands (the watch-list flag, the latest checks,
// accredited on the diploma's date), read by the application detail; the dossier itself is
// kept by features/institution-dossiers.

export function useApplicationAuthenticity(applicationId: number) {
  return useQuery({
    queryKey: queryKeys.application.authenticity(applicationId),
    queryFn: () => apiClient.get(DOSSIER_PATHS.application(applicationId), applicationAuthenticity),
    retry: false,
  });
}
