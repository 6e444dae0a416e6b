import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPEAL_PATHS,
  appealAssignees,
  appealDetail,
  appealListAnswer,
  type AppealAssignmentInput,
  type AppealDetail,
  type AppealOutcomeInput,
  type AppealRegistration,
} from '../../../shared/api/appeals';
import { applicationDetail, APPLICATION_PATHS } from '../../../shared/api/applications';
import { apiClient } from '../../lib/app-api-client';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';
import type { AppealListRequest } from './appeal-list-query';

// The appeals calls: the list, one appeal, whom it may go to, and the three writes (register,
// assign, decide). The outcome `changed` is sent by the decision builder (recognition-decision).

export function useAppealList(query: AppealListRequest) {
  return useQuery({ queryKey: queryKeys.appeals.list(query), queryFn: () => apiClient.get(APPEAL_PATHS.list, appealListAnswer, query), placeholderData: keepPreviousData });
}

export function useAppeal(id: number) {
  return useQuery({ queryKey: queryKeys.appeals.detail(id), queryFn: () => apiClient.get(APPEAL_PATHS.detail(id), appealDetail), retry: false, enabled: id > 0 });
}

/** The councils and officers appeals go to (the list's filters). */
export function useAppealAssignees(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.appeals.assignees, queryFn: () => apiClient.get(APPEAL_PATHS.assignees, appealAssignees), enabled });
}

/** Who this appeal may go to (the server leaves out those who took the decision). */
export function useAssigneesFor(appealId: number) {
  return useQuery({ queryKey: queryKeys.appeals.assigneesFor(appealId), queryFn: () => apiClient.get(APPEAL_PATHS.assigneesFor(appealId), appealAssignees) });
}

/** The application the appeal is registered on (its reference and whether it may be appealed). */
export function useAppealedApplication(applicationId: number) {
  return useQuery({ queryKey: queryKeys.application.detail(applicationId), queryFn: () => apiClient.get(APPLICATION_PATHS.detail(applicationId), applicationDetail), retry: false });
}

function useAppealWrite<Input>(send: (input: Input) => Promise<AppealDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (appeal) => {
      client.setQueryData(queryKeys.appeals.detail(appeal.id), appeal);
      invalidate(client, STALE_AFTER.appealChange);
      void client.invalidateQueries({ queryKey: queryKeys.application.decisions(appeal.application.id) });
    },
  });
}

export function useRegisterAppeal(applicationId: number) {
  return useAppealWrite((input: AppealRegistration) => apiClient.post(APPEAL_PATHS.register(applicationId), input, appealDetail));
}

export function useAssignAppeal(appealId: number) {
  return useAppealWrite((input: AppealAssignmentInput) => apiClient.post(APPEAL_PATHS.assign(appealId), input, appealDetail));
}

export function useDecideAppeal(appealId: number) {
  return useAppealWrite((input: AppealOutcomeInput) => apiClient.post(APPEAL_PATHS.outcome(appealId), input, appealDetail));
}
