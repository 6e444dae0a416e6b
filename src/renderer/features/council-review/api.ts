import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { APPLICATION_PATHS, applicationDetail } from '../../../shared/api/applications';
import { COUNCIL_REVIEW_PATHS, councilApplicationReview, councilDashboard, type ConflictDeclaration } from '../../../shared/api/council-review';
import { apiClient } from '../../lib/app-api-client';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';

// The council review calls as react-query hooks. The council's workflow steps (start the review,
// record the decision) are the applications actions endpoint; after one, the review, the dashboard
// and the application's own screens read again.


export function useCouncilDashboard() {
  return useQuery({ queryKey: queryKeys.councilDashboard, queryFn: () => apiClient.get(COUNCIL_REVIEW_PATHS.dashboard, councilDashboard) });
}

export function useCouncilReview(id: number) {
  return useQuery({ queryKey: queryKeys.councilReview(id), queryFn: () => apiClient.get(COUNCIL_REVIEW_PATHS.review(id), councilApplicationReview), retry: false });
}

export function useDeclareConflict(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (declaration: ConflictDeclaration) => apiClient.post(COUNCIL_REVIEW_PATHS.conflicts(id), declaration, councilApplicationReview),
    onSuccess: (review) => {
      client.setQueryData(queryKeys.councilReview(id), review);
      void client.invalidateQueries({ queryKey: queryKeys.councilDashboard });
    },
  });
}

export type CouncilAction =
  | { action: 'start_council_review'; body: { version: number; notes?: string } }
  | {
      action: 'record_council_decision';
      body: { version: number; notes: string; outcome: 'approved' | 'rejected'; participant_ids: number[]; meeting_id?: number | null; review_notes?: string };
    };

export function useCouncilAction(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, body }: CouncilAction) => apiClient.post(APPLICATION_PATHS.action(id, action), body, applicationDetail),
    onSuccess: async (detail) => {
      client.setQueryData(queryKeys.application.detail(id), detail);
      invalidate(client, STALE_AFTER.councilDecision);
      await client.invalidateQueries({ queryKey: queryKeys.councilReview(id) });
    },
  });
}
