import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PATHS, applicationDetail } from '../../../shared/api/applications';
import { ISSUANCE_PATHS, verdict, type TemplateLanguage, type Verdict } from '../../../shared/api/issuance';
import { apiClient } from '../../lib/app-api-client';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';

// The verdict editor's calls: the verdict itself (text, PDF, submit) and its application.


export function useVerdict(applicationId: number, verdictId: number) {
  return useQuery({
    queryKey: queryKeys.verdict(applicationId, verdictId),
    queryFn: () => apiClient.get(ISSUANCE_PATHS.verdict(applicationId, verdictId), verdict),
    retry: false,
  });
}

export function useVerdictApplication(applicationId: number) {
  return useQuery({ queryKey: queryKeys.application.detail(applicationId), queryFn: () => apiClient.get(APPLICATION_PATHS.detail(applicationId), applicationDetail), retry: false });
}

/** Keeps the answer of every verdict change as the editor's copy (its version moves on). */
export function useVerdictCache(applicationId: number, verdictId: number) {
  const client = useQueryClient();
  return (changed: Verdict) => {
    client.setQueryData(queryKeys.verdict(applicationId, verdictId), changed);
    void client.invalidateQueries({ queryKey: queryKeys.verdicts(applicationId) });
  };
}

export function useSaveVerdictText(applicationId: number, verdictId: number) {
  const keep = useVerdictCache(applicationId, verdictId);
  return useMutation({
    mutationFn: (change: { version: number; body: string }) => apiClient.put(ISSUANCE_PATHS.verdict(applicationId, verdictId), change, verdict),
    onSuccess: keep,
  });
}

export function useRenderVerdict(applicationId: number, verdictId: number) {
  const keep = useVerdictCache(applicationId, verdictId);
  return useMutation({
    mutationFn: (change: { version: number; language: TemplateLanguage }) => apiClient.post(ISSUANCE_PATHS.verdictRender(applicationId, verdictId), change, verdict),
    onSuccess: keep,
  });
}

/** Submits the verdict, then records it on the application (`submit_verdict`), which issues the decision. */
export function useSubmitVerdict(applicationId: number, verdictId: number) {
  const keep = useVerdictCache(applicationId, verdictId);
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { verdict: Verdict; applicationVersion: number; notes: string }) => {
      const submitted =
        input.verdict.status === 'submitted'
          ? input.verdict
          : await apiClient.post(ISSUANCE_PATHS.verdictSubmit(applicationId, verdictId), { version: input.verdict.version }, verdict);
      keep(submitted);
      const body = { version: input.applicationVersion, ...(input.notes.trim() ? { notes: input.notes.trim() } : {}) };
      return apiClient.post(APPLICATION_PATHS.action(applicationId, 'submit_verdict'), body, applicationDetail);
    },
    onSuccess: (detail) => {
      client.setQueryData(queryKeys.application.detail(applicationId), detail);
      invalidate(client, STALE_AFTER.applicationChange);
    },
  });
}
