import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/**
 * A specimen version's image (its genuine document when it is a PNG or JPEG) as an object address:
 * an <img> cannot send the session's token, so the image is fetched like any call and shown from
 * memory, released when another version is shown or the screen closes. Null while it loads.
 */
export function useSpecimenImage(versionId: number, sha256: string | null) {
  const image = useQuery({
    queryKey: queryKeys.reference.specimenImage(versionId, sha256),
    queryFn: async () => (await apiClient.send('get', SPECIMEN_PATHS.versionFile(versionId), { searchParams: { disposition: 'inline' } })).blob(),
    staleTime: Infinity,
    retry: false,
  });
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data || typeof URL.createObjectURL !== 'function') {
      setAddress(null);
      return undefined;
    }
    const made = URL.createObjectURL(image.data);
    setAddress(made);
    return () => URL.revokeObjectURL(made);
  }, [image.data]);
  return { address, isError: image.isError, error: image.error };
}
