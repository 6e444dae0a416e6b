import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXPERT_PATHS,
  commission,
  commissionListAnswer,
  memberOptionsAnswer,
  type Commission,
  type CommissionCreate,
  type CommissionUpdate,
} from '../../../shared/api/experts';
import type { ListQuery } from '../../lib/api-client';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';
import { useFormat } from '../../lib/format';

// The expert commission screens' calls: list, detail, the evaluators who may be
// members, create, and change (with the version read; 412 when stale).

export function useCommissionList(query: ListQuery) {
  const { language } = useFormat();
  return useQuery({
    // Ordered by the names the reader reads: the language is part of what is asked.
    queryKey: queryKeys.expertCommissions.list({ ...query, language }),
    queryFn: () => apiClient.get(EXPERT_PATHS.commissions, commissionListAnswer, query, language),
    placeholderData: keepPreviousData,
  });
}

export function useCommission(id: number) {
  return useQuery({
    queryKey: queryKeys.expertCommission(id),
    queryFn: () => apiClient.get(EXPERT_PATHS.commission(id), commission),
    retry: false,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useMemberOptions() {
  return useQuery({ queryKey: queryKeys.expertCommissions.memberOptions, queryFn: () => apiClient.get(EXPERT_PATHS.memberOptions, memberOptionsAnswer) });
}

function useSaved() {
  const client = useQueryClient();
  return (saved: Commission) => {
    client.setQueryData(queryKeys.expertCommission(saved.id), saved);
    void client.invalidateQueries({ queryKey: queryKeys.expertCommissions.all });
  };
}

export function useCreateCommission() {
  const saved = useSaved();
  return useMutation({ mutationFn: (body: CommissionCreate) => apiClient.post(EXPERT_PATHS.commissions, body, commission), onSuccess: saved });
}

export function useUpdateCommission(id: number) {
  const saved = useSaved();
  return useMutation({ mutationFn: (body: CommissionUpdate) => apiClient.patch(EXPERT_PATHS.commission(id), body, commission), onSuccess: saved });
}
