import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { COUNCIL_ANALYTICS_PATHS, councilAnalyticsAnswer } from '../../../shared/api/council-analytics';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The council analytics screen's one call: every figure of a period (and council) at once.

export interface AnalyticsFilter {
  /** YYYY-MM; both absent: the server's default (the last twelve months). */
  from?: string;
  to?: string;
  council?: number;
}

export function useCouncilAnalytics(filter: AnalyticsFilter) {
  return useQuery({
    queryKey: queryKeys.councilAnalytics(filter),
    queryFn: () => apiClient.get(COUNCIL_ANALYTICS_PATHS.analytics, councilAnalyticsAnswer, { ...filter }),
    placeholderData: keepPreviousData,
  });
}
