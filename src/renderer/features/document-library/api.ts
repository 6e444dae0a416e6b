import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DOCUMENT_PATHS, storedDocument } from '../../../shared/api/documents';
import { issuedDocument, ISSUANCE_PATHS } from '../../../shared/api/issuance';
import { apiClient } from '../../lib/app-api-client';
import type { ListQuery } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// The documents screen's calls: every stored document the user may see, and the certificate register.

export function useDocumentList(query: ListQuery) {
  return useQuery({
    queryKey: queryKeys.documents(query),
    queryFn: () => apiClient.list(DOCUMENT_PATHS.list, storedDocument, query),
    placeholderData: keepPreviousData,
  });
}

export function useCertificateRegister(query: ListQuery) {
  return useQuery({
    queryKey: queryKeys.issuedDocuments(query),
    queryFn: () => apiClient.list(ISSUANCE_PATHS.register, issuedDocument, query),
    placeholderData: keepPreviousData,
  });
}
