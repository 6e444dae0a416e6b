import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PRECEDENT_PATHS, decisionCitations, decisionConsistency, similarDecisionList, type SimilarDecisionsQuery } from '../../shared/api/decision-precedents';
import type { QueryParams } from './api-client';
import { apiClient } from './app-api-client';
import { queryKeys } from './query-keys';

// The precedents of a decision, read by more than one screen (the decision builder and view, the
// application detail): the similar decisions, the consistency count and the citations. The
// register has its own feature (features/decision-register).

export function useSimilarDecisions(applicationId: number, query: SimilarDecisionsQuery) {
  return useQuery({
    queryKey: queryKeys.application.similarDecisions(applicationId, query),
    queryFn: () => apiClient.get(PRECEDENT_PATHS.similar(applicationId), similarDecisionList, query as QueryParams),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useDecisionConsistency(applicationId: number) {
  return useQuery({ queryKey: queryKeys.application.decisionConsistency(applicationId), queryFn: () => apiClient.get(PRECEDENT_PATHS.consistency(applicationId), decisionConsistency), retry: false });
}

export function useDecisionCitations(decisionId: number) {
  return useQuery({ queryKey: queryKeys.decisionCitations(decisionId), queryFn: () => apiClient.get(PRECEDENT_PATHS.citations(decisionId), decisionCitations), retry: false });
}
