import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EXPERT_PATHS, expertReview, reviewListAnswer, type ExpertReview, type ReviewDraft, type ReviewSubmit } from '../../../shared/api/experts';
import type { ListQuery } from '../../lib/api-client';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The evaluator's calls: "My reviews", one review, saving a draft and submitting.

export function useMyReviews(query: ListQuery) {
  return useQuery({
    queryKey: queryKeys.expertReviews.list(query),
    queryFn: () => apiClient.get(EXPERT_PATHS.reviews, reviewListAnswer, query),
    placeholderData: keepPreviousData,
  });
}

export function useExpertReview(id: number) {
  return useQuery({
    queryKey: queryKeys.expertReview(id),
    queryFn: () => apiClient.get(EXPERT_PATHS.review(id), expertReview),
    retry: false,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** What the screen does with the review the server answered after a save, a submit or a report upload. */
export function useSaved() {
  const client = useQueryClient();
  return (saved: ExpertReview) => {
    client.setQueryData(queryKeys.expertReview(saved.id), saved);
    void client.invalidateQueries({ queryKey: queryKeys.expertReviews.all });
  };
}

export function useSaveDraft(id: number) {
  const saved = useSaved();
  return useMutation({ mutationFn: (body: ReviewDraft) => apiClient.patch(EXPERT_PATHS.review(id), body, expertReview), onSuccess: saved });
}

export function useSubmitReview(id: number) {
  const saved = useSaved();
  return useMutation({ mutationFn: (body: ReviewSubmit) => apiClient.post(EXPERT_PATHS.submit(id), body, expertReview), onSuccess: saved });
}
