import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PATHS, applicationDetail, applicationListItem, type ApplicationDetail } from '../../../shared/api/applications';
import type { ApplicationStatus } from '../../../shared/domain/application-status';
import { apiClient } from '../../lib/app-api-client';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';

// The inspectorate's calls: its two lists, one application, and its two decisions. The keys sit
// under the applications' own, so a change made on any screen refreshes these too.

export type InspectorateList = 'waiting' | 'decided';

/** Which statuses each list shows; the server limits an inspectorate user to those waiting for it and those it decided. */
export const LIST_STATUSES: Record<InspectorateList, readonly ApplicationStatus[]> = {
  waiting: ['inspectorate_pending'],
  decided: ['inspectorate_verified', 'inspectorate_rejected'],
};

/** Waiting ones soonest deadline first; decided ones newest first. */
const ORDERING: Record<InspectorateList, string> = { waiting: 'deadline', decided: '-submitted_at' };

export function useInspectorateList(list: InspectorateList, page: number, pageSize: number) {
  return useQuery({
    queryKey: queryKeys.applications.inspectorate(list, page, pageSize),
    queryFn: () =>
      apiClient.list(APPLICATION_PATHS.list, applicationListItem, { status: LIST_STATUSES[list], ordering: ORDERING[list], page, page_size: pageSize }),
    placeholderData: keepPreviousData,
  });
}

export function useInspectorateApplication(id: number | null) {
  return useQuery({
    queryKey: queryKeys.application.detail(id),
    queryFn: () => apiClient.get(APPLICATION_PATHS.detail(id ?? 0), applicationDetail),
    enabled: id !== null,
    retry: false,
  });
}

export type InspectorateDecision = 'inspectorate_approve' | 'inspectorate_reject';

/** Approves or rejects with the version the panel shows (412 when someone changed it since); the answer is the new detail. */
export function useInspectorateDecision(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, version, notes }: { decision: InspectorateDecision; version: number; notes?: string }) =>
      apiClient.post(APPLICATION_PATHS.action(id, decision), { version, notes }, applicationDetail),
    onSuccess: (detail: ApplicationDetail) => {
      client.setQueryData(queryKeys.application.detail(id), detail);
      invalidate(client, STALE_AFTER.applicationChange);
    },
  });
}

/** After an upload or a refused call: read the application and the lists again. */
export function useRefreshInspectorate(id: number | null) {
  const client = useQueryClient();
  return () => {
    if (id !== null) void client.invalidateQueries({ queryKey: queryKeys.application.detail(id) });
    void client.invalidateQueries({ queryKey: queryKeys.applications.all });
  };
}
