import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SPECIMEN_PATHS, specimen, specimenList, type Specimen, type SpecimenCreate, type SpecimenUpdate } from '../../../shared/api/diploma-specimens';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The specimen library (src/shared/api/diploma-specimens.ts): its list, one specimen with its
// versions, and the writes that each make a new version.

export interface SpecimenListQuery {
  page: number;
  page_size: number;
  search: string;
}

export function useSpecimenList(query: SpecimenListQuery) {
  return useQuery({
    queryKey: queryKeys.reference.specimenList(query),
    queryFn: () => apiClient.get(SPECIMEN_PATHS.list, specimenList, { page: query.page, page_size: query.page_size, ...(query.search ? { search: query.search } : {}) }),
    placeholderData: keepPreviousData,
  });
}

export function useSpecimen(id: number) {
  return useQuery({ queryKey: queryKeys.reference.specimen(id), queryFn: () => apiClient.get(SPECIMEN_PATHS.detail(id), specimen), retry: false });
}

/** After any write: the list and the applications' matching specimens are stale, the specimen is what the server answered. */
export function useSpecimenStored() {
  const client = useQueryClient();
  return (stored: Specimen) => {
    client.setQueryData(queryKeys.reference.specimen(stored.id), stored);
    void client.invalidateQueries({ queryKey: queryKeys.reference.specimens });
    void client.invalidateQueries({ queryKey: ['application'] });
  };
}

export function useCreateSpecimen() {
  const stored = useSpecimenStored();
  return useMutation({ mutationFn: (request: SpecimenCreate) => apiClient.post(SPECIMEN_PATHS.list, request, specimen), onSuccess: stored });
}

export function useUpdateSpecimen(id: number) {
  const stored = useSpecimenStored();
  return useMutation({ mutationFn: (request: SpecimenUpdate) => apiClient.put(SPECIMEN_PATHS.detail(id), request, specimen), onSuccess: stored });
}

/**
 * A new genuine document as an image of the diploma (PNG or JPEG), sent as the image itself with
 * the specimen's version: the server checks and re-encodes it, and answers the specimen with its
 * new version. PDFs go through PdfUpload (the transfer service), images are small enough for a call.
 */
export function useUploadSpecimenImage(id: number) {
  const stored = useSpecimenStored();
  return useMutation({
    mutationFn: async ({ file, version }: { file: File; version: number }) =>
      specimen.parse(await (await apiClient.send('put', SPECIMEN_PATHS.file(id), { body: file, searchParams: { version, file_name: file.name } })).json()),
    onSuccess: stored,
  });
}
