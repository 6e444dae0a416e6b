import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { APPLICATION_PATHS, assignableOfficersAnswer, councilSummariesAnswer } from '../../../shared/api/applications';
import { PRECEDENT_PATHS, decisionRegister, type DecisionRegisterExportRequest, type DecisionRegisterQuery } from '../../../shared/api/decision-precedents';
import type { QueryParams } from '../../lib/api-client';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';
import { fileNameOf, type SavedFile } from '../../lib/save-file';

// The register of decisions: one page of it, its export, and the councils and officers its filters offer.

export function useDecisionRegister(query: DecisionRegisterQuery) {
  return useQuery({
    queryKey: queryKeys.decisionRegister.list(query),
    queryFn: () => apiClient.get(PRECEDENT_PATHS.register, decisionRegister, query as QueryParams),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useRegisterCouncils(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.applicationCouncils, queryFn: () => apiClient.get(APPLICATION_PATHS.councils, councilSummariesAnswer), staleTime: 300_000, enabled, retry: false });
}

export function useRegisterOfficers(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.assignableOfficers, queryFn: () => apiClient.get(APPLICATION_PATHS.assignableOfficers, assignableOfficersAnswer), staleTime: 300_000, enabled, retry: false });
}

/** The filter's decisions as a file (CSV or XLSX) in the reader's language. */
export async function exportRegister(request: DecisionRegisterExportRequest, language: string): Promise<SavedFile> {
  const response = await apiClient.send('post', PRECEDENT_PATHS.export, { json: request, headers: { 'Accept-Language': language } });
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition'), `decisions.${request.format}`) };
}
