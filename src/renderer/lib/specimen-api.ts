import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SPECIMEN_PATHS, applicationSpecimens, specimenComparison, type SpecimenComparisonInput } from '../../shared/api/diploma-specimens';
import { apiClient } from './app-api-client';
import { queryKeys } from './query-keys';

// What an application's documents need of the specimen library (kept by
// features/diploma-specimens): the specimens matching the application, the comparisons made on
// its documents, and saving a new comparison.

export function useApplicationSpecimens(applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.application.specimens(applicationId),
    queryFn: () => apiClient.get(SPECIMEN_PATHS.application(applicationId), applicationSpecimens),
    enabled,
    retry: false,
  });
}

export function useSaveComparison(applicationId: number, documentId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: SpecimenComparisonInput) => apiClient.post(SPECIMEN_PATHS.comparisons(documentId), request, specimenComparison),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.application.specimens(applicationId) }),
  });
}
