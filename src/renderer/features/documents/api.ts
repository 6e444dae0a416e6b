import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { DOCUMENT_PATHS, storedDocument } from '../../../shared/api/documents';
import { documentTemplate, type documentTemplateCreate, documentTemplatesAnswer, issuedDocument, ISSUANCE_PATHS } from '../../../shared/api/issuance';
import { apiClient } from '../../lib/app-api-client';
import type { ListQuery } from '../../lib/api-client';

// The documents area's calls: every stored document the user may see, the certificate register,
// and the document templates with their versions.

export function useStoredDocuments(query: ListQuery) {
  return useQuery({
    queryKey: ['documents', 'all', query],
    queryFn: () => apiClient.list(DOCUMENT_PATHS.list, storedDocument, query),
    placeholderData: keepPreviousData,
  });
}

export function useCertificateRegister(query: ListQuery) {
  return useQuery({
    queryKey: ['issued-documents', query],
    queryFn: () => apiClient.list(ISSUANCE_PATHS.register, issuedDocument, query),
    placeholderData: keepPreviousData,
  });
}

export function useDocumentTemplates() {
  return useQuery({ queryKey: ['document-templates'], queryFn: () => apiClient.get(ISSUANCE_PATHS.templates, documentTemplatesAnswer) });
}

export type TemplateInput = z.input<typeof documentTemplateCreate>;

/** Adds a version of a template; the server makes it the active one. */
export function useCreateTemplateVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateInput) => apiClient.post(ISSUANCE_PATHS.templates, input, documentTemplate),
    onSuccess: () => client.invalidateQueries({ queryKey: ['document-templates'] }),
  });
}
