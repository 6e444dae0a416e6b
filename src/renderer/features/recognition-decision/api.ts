import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPEAL_PATHS, appealDetail, type AppealOutcomeInput } from '../../../shared/api/appeals';
import { APPLICATION_PATHS, applicationDetail } from '../../../shared/api/applications';
import { DECISION_PATHS, applicationDecisions, decisionOptions } from '../../../shared/api/recognition-decisions';
import type { ActionName } from '../../../shared/domain/application-workflow';
import { apiClient } from '../../lib/app-api-client';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';

// The recognition decision's calls: the application, its decisions, the builder's options, and the
// workflow actions that prepare, approve, send back or take a decision (the applications actions
// endpoint; their requests carry the decision).

export function useDecisionApplication(applicationId: number) {
  return useQuery({ queryKey: queryKeys.application.detail(applicationId), queryFn: () => apiClient.get(APPLICATION_PATHS.detail(applicationId), applicationDetail), retry: false });
}

export function useDecisions(applicationId: number) {
  return useQuery({ queryKey: queryKeys.application.decisions(applicationId), queryFn: () => apiClient.get(DECISION_PATHS.decision(applicationId), applicationDecisions), retry: false });
}

export function useDecisionOptions(applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.application.decisionOptions(applicationId),
    queryFn: () => apiClient.get(DECISION_PATHS.options(applicationId), decisionOptions),
    enabled,
    retry: false,
  });
}

export type DecisionAction = Extract<ActionName, 'prepare_decision' | 'grant_recognition' | 'deny_recognition' | 'approve' | 'reject' | 'send_back'>;

export function useDecisionAction(applicationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: { action: DecisionAction; body: Record<string, unknown> }) => apiClient.post(APPLICATION_PATHS.action(applicationId, action), body, applicationDetail),
    onSuccess: async (detail) => {
      client.setQueryData(queryKeys.application.detail(applicationId), detail);
      invalidate(client, STALE_AFTER.applicationChange);
      await client.invalidateQueries({ queryKey: queryKeys.application.decisions(applicationId) });
    },
  });
}

// A decision changed on appeal: the appeal (its application and version), the builder's options
// as the appeal's reviewer may read them, and the outcome `changed` carrying the new decision.

export function useAppealUnderReview(appealId: number) {
  return useQuery({ queryKey: queryKeys.appeals.detail(appealId), queryFn: () => apiClient.get(APPEAL_PATHS.detail(appealId), appealDetail), retry: false, enabled: appealId > 0 });
}

export function useAppealDecisionOptions(appealId: number, enabled: boolean) {
  return useQuery({ queryKey: queryKeys.appeals.decisionOptions(appealId), queryFn: () => apiClient.get(APPEAL_PATHS.decisionOptions(appealId), decisionOptions), enabled, retry: false });
}

export function useChangeOnAppeal(appealId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealOutcomeInput) => apiClient.post(APPEAL_PATHS.outcome(appealId), body, appealDetail),
    onSuccess: async (appeal) => {
      client.setQueryData(queryKeys.appeals.detail(appeal.id), appeal);
      invalidate(client, STALE_AFTER.appealChange);
      await client.invalidateQueries({ queryKey: queryKeys.application.decisions(appeal.application.id) });
    },
  });
}
