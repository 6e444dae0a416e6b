import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PERSONAL_DATA_PATHS, applicationHoldAnswer, type LegalHoldRequest } from '../../shared/api/personal-data';
import { apiClient } from './app-api-client';
import { invalidate, queryKeys } from './query-keys';

// An application's legal hold (an appeal, a court case keeps its personal data from the retention
// run and from an erasure): read by the application's page and placed from there or from the
// retention preview of the personal-data screen, so it lives below both features.

export function useApplicationHold(applicationId: number) {
  return useQuery({
    queryKey: queryKeys.application.legalHold(applicationId),
    queryFn: () => apiClient.get(PERSONAL_DATA_PATHS.applicationHold(applicationId), applicationHoldAnswer),
    retry: false,
  });
}

/** Places (or rewords) the hold; the preview, the holds and the person then show it. */
export function usePlaceApplicationHold(applicationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: LegalHoldRequest) => apiClient.put(PERSONAL_DATA_PATHS.applicationHold(applicationId), request, applicationHoldAnswer),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.application.legalHold(applicationId), answer);
      invalidate(client, [queryKeys.personalData.all]);
    },
  });
}

export function useLiftApplicationHold(applicationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete(PERSONAL_DATA_PATHS.applicationHold(applicationId)),
    onSuccess: () => invalidate(client, [queryKeys.application.legalHold(applicationId), queryKeys.personalData.all]),
  });
}
