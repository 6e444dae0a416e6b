import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPLICATION_PATHS,
  applicationDetail,
  applicationListItem,
  assignableOfficersAnswer,
  councilSummariesAnswer,
  documentReviewAnswer,
  type DocumentReviewRequest,
  savedFilter,
  savedFiltersAnswer,
  type ApplicationDetail,
} from '../../../shared/api/applications';
import { ISSUANCE_PATHS, verdict, verdictsAnswer } from '../../../shared/api/issuance';
import { DECISION_PATHS, applicationDecisions } from '../../../shared/api/recognition-decisions';
import type { ActionName } from '../../../shared/domain/application-workflow';
import { apiClient } from '../../lib/app-api-client';
import type { ListQuery } from '../../lib/api-client';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';

// The applications calls the screens make, as react-query hooks.

export function useApplicationList(query: ListQuery, incomplete: boolean) {
  return useQuery({
    queryKey: queryKeys.applications.list(incomplete ? 'incomplete' : 'list', query),
    queryFn: () => apiClient.list(incomplete ? APPLICATION_PATHS.incomplete : APPLICATION_PATHS.list, applicationListItem, query),
    placeholderData: keepPreviousData,
  });
}

export function useApplicationDetail(id: number) {
  return useQuery({ queryKey: queryKeys.application.detail(id), queryFn: () => apiClient.get(APPLICATION_PATHS.detail(id), applicationDetail), retry: false });
}

/** The recognition decisions of a decided service-1 or -2 application (for its decision PDF). */
export function useApplicationDecisions(id: number, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.application.decisions(id), queryFn: () => apiClient.get(DECISION_PATHS.decision(id), applicationDecisions), enabled, retry: false });
}

export function useCouncils() {
  return useQuery({ queryKey: queryKeys.applicationCouncils, queryFn: () => apiClient.get(APPLICATION_PATHS.councils, councilSummariesAnswer), staleTime: 300_000 });
}

export function useAssignableOfficers(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.assignableOfficers,
    queryFn: () => apiClient.get(APPLICATION_PATHS.assignableOfficers, assignableOfficersAnswer),
    enabled,
    staleTime: 60_000,
  });
}

export function useSavedFilters() {
  return useQuery({ queryKey: queryKeys.savedFilters, queryFn: () => apiClient.get(APPLICATION_PATHS.savedFilters, savedFiltersAnswer) });
}

export function useSaveFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filter: { name: string; query: string }) => apiClient.post(APPLICATION_PATHS.savedFilters, filter, savedFilter),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedFilters }),
  });
}

export function useDeleteSavedFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete(APPLICATION_PATHS.savedFilter(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedFilters }),
  });
}

export interface ActionInput {
  action: ActionName;
  body: Record<string, unknown>;
}

/** Runs a workflow action with the version the screen shows; the answer is the new detail. */
export function useApplicationAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: ActionInput) => apiClient.post(APPLICATION_PATHS.action(id, action), body, applicationDetail),
    onSuccess: (detail: ApplicationDetail) => {
      client.setQueryData(queryKeys.application.detail(id), detail);
      invalidate(client, STALE_AFTER.applicationChange);
    },
  });
}

/** The application's final verification verdicts (service 3), newest last. */
export function useVerdicts(applicationId: number, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.verdicts(applicationId), queryFn: () => apiClient.get(ISSUANCE_PATHS.verdicts(applicationId), verdictsAnswer), enabled });
}

export function useStartVerdict(applicationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post(ISSUANCE_PATHS.verdicts(applicationId), {}, verdict),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.verdicts(applicationId) }),
  });
}

/** Approves or rejects several documents at once (all or none); the answer names each and carries the new detail. */
export function useDocumentReview(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: DocumentReviewRequest) => apiClient.post(APPLICATION_PATHS.documentReview(id), request, documentReviewAnswer),
    onSuccess: ({ application }) => {
      client.setQueryData(queryKeys.application.detail(id), application);
      invalidate(client, STALE_AFTER.applicationChange);
    },
  });
}
