import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_PATHS, storedDocument } from '../../../shared/api/documents';
import { issuedDocument, ISSUANCE_PATHS, type IssuedDocumentRevoke } from '../../../shared/api/issuance';
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

/** Revokes an issued document (its credential's status list bit is set) or restores it; the register is read again. */
export function useRevocation() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: queryKeys.issuedDocumentsAll });
  const revoke = useMutation({
    mutationFn: ({ id, reason }: { id: number } & IssuedDocumentRevoke) => apiClient.post(ISSUANCE_PATHS.revoke(id), { reason }, issuedDocument),
    onSuccess,
  });
  const restore = useMutation({ mutationFn: (id: number) => apiClient.post(ISSUANCE_PATHS.restore(id), {}, issuedDocument), onSuccess });
  return { revoke, restore };
}
