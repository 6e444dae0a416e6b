import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentTemplate, documentTemplatesAnswer, ISSUANCE_PATHS } from '../../../shared/api/issuance';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The document templates screen's calls: every version of every template, and a new version.

export function useDocumentTemplates() {
  return useQuery({ queryKey: queryKeys.documentTemplates, queryFn: () => apiClient.get(ISSUANCE_PATHS.templates, documentTemplatesAnswer) });
}

export function useAddTemplateVersion() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (version: { kind: string; language: string; title: string; body: string }) => apiClient.post(ISSUANCE_PATHS.templates, version, documentTemplate),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.documentTemplates }),
  });
}
