import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DEADLINE_PATHS,
  deadlineConfiguration,
  deadlineConfigurationHistoryAnswer,
  holiday,
  holidayImportAnswer,
  holidayListAnswer,
  recipientOptionsAnswer,
  type DeadlineConfigurationCreate,
  type DeadlineConfigurationUpdate,
  type HolidayCreate,
} from '../../../shared/api/deadlines';
import { apiClient } from '../../lib/app-api-client';
import type { ListQuery } from '../../lib/api-client';
import { queryKeys } from '../../lib/query-keys';

// The deadline management screen's calls (admin only): configurations, their history, the people
// and groups an escalation may go to, and the holiday calendar.


export function useDeadlineConfigurations(query: ListQuery) {
  return useQuery({
    queryKey: queryKeys.deadlineConfigurations.list(query),
    queryFn: () => apiClient.list(DEADLINE_PATHS.configurations, deadlineConfiguration, query),
    placeholderData: keepPreviousData,
  });
}

/** One configuration as stored now (the form edits this version). */
export function useDeadlineConfiguration(id: number | null) {
  return useQuery({
    queryKey: queryKeys.deadlineConfigurations.one(id),
    queryFn: () => apiClient.get(DEADLINE_PATHS.configuration(id!), deadlineConfiguration),
    enabled: id !== null,
    retry: false,
  });
}

export function useConfigurationHistory(id: number | null, page: number) {
  return useQuery({
    queryKey: queryKeys.deadlineConfigurations.history(id, page),
    queryFn: () => apiClient.get(DEADLINE_PATHS.history(id!), deadlineConfigurationHistoryAnswer, { page, page_size: 20 }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export function useRecipientOptions(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.deadlineRecipients, queryFn: () => apiClient.get(DEADLINE_PATHS.recipients, recipientOptionsAnswer), enabled, staleTime: 300_000 });
}

/** Every configuration query (list, one, history) is stale after a write. */
function useRefreshConfigurations() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.deadlineConfigurations.all });
}

export function useSaveConfiguration() {
  const refresh = useRefreshConfigurations();
  return useMutation({
    mutationFn: (save: { id: null; body: DeadlineConfigurationCreate } | { id: number; body: DeadlineConfigurationUpdate }) =>
      save.id === null
        ? apiClient.post(DEADLINE_PATHS.configurations, save.body, deadlineConfiguration)
        : apiClient.put(DEADLINE_PATHS.configuration(save.id), save.body, deadlineConfiguration),
    onSuccess: refresh,
  });
}

export function useToggleConfiguration() {
  const refresh = useRefreshConfigurations();
  return useMutation({
    mutationFn: ({ id, version, active }: { id: number; version: number; active: boolean }) =>
      apiClient.post(active ? DEADLINE_PATHS.activate(id) : DEADLINE_PATHS.deactivate(id), { version }, deadlineConfiguration),
    onSuccess: refresh,
  });
}


export function useHolidays(year: number) {
  return useQuery({
    queryKey: queryKeys.holidays.year(year),
    queryFn: () => apiClient.get(DEADLINE_PATHS.holidays, holidayListAnswer, { year }),
    placeholderData: keepPreviousData,
  });
}

export function useAddHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HolidayCreate) => apiClient.post(DEADLINE_PATHS.holidays, body, holiday),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.holidays.all }),
  });
}

export function useRemoveHoliday() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete(DEADLINE_PATHS.holiday(id)),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.holidays.all }),
  });
}

export function useImportHolidays() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (year: number) => apiClient.post(DEADLINE_PATHS.holidayImport, { year }, holidayImportAnswer),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.holidays.all }),
  });
}
