import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  SERVICE_PATHS,
  quoteAnswer,
  service,
  serviceHistoryAnswer,
  serviceListAnswer,
  type QuoteRequest,
  type Service,
  type ServiceCreate,
  type ServiceUpdate,
} from '../../../shared/api/services';
import type { ListQuery } from '../../lib/api-client';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// The services screens' calls: list, detail, history, create, update, enable/disable,
// delete (a service no application uses) and the fee quote.

export const HISTORY_PAGE_SIZE = 10;

export function useServiceList(query: ListQuery) {
  return useQuery({
    queryKey: queryKeys.services.list(query),
    queryFn: () => apiClient.get(SERVICE_PATHS.list, serviceListAnswer, query),
    placeholderData: keepPreviousData,
  });
}

export function useService(id: number) {
  return useQuery({ queryKey: queryKeys.service.detail(id), queryFn: () => apiClient.get(SERVICE_PATHS.detail(id), service), retry: false, enabled: Number.isInteger(id) && id > 0 });
}

export function useServiceHistory(id: number, page: number) {
  return useQuery({
    queryKey: queryKeys.service.history(id, page),
    queryFn: () => apiClient.get(SERVICE_PATHS.history(id), serviceHistoryAnswer, { page, page_size: HISTORY_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** After a write: the saved service is the detail, and every list and history may have changed. */
function useSavedService() {
  const client = useQueryClient();
  return (saved: Service) => {
    client.setQueryData(queryKeys.service.detail(saved.id), saved);
    void client.invalidateQueries({ queryKey: queryKeys.services.all });
    void client.invalidateQueries({ queryKey: queryKeys.service.histories(saved.id) });
  };
}

export function useCreateService() {
  const saved = useSavedService();
  return useMutation({ mutationFn: (body: ServiceCreate) => apiClient.post(SERVICE_PATHS.list, body, service), onSuccess: saved });
}

export function useUpdateService(id: number) {
  const saved = useSavedService();
  return useMutation({ mutationFn: (body: ServiceUpdate) => apiClient.put(SERVICE_PATHS.detail(id), body, service), onSuccess: saved });
}

/** Enables or disables the service, with the version the screen shows (412 when someone saved since). */
export function useToggleService(id: number) {
  const saved = useSavedService();
  return useMutation({
    mutationFn: ({ enable, version }: { enable: boolean; version: number }) =>
      apiClient.post(enable ? SERVICE_PATHS.enable(id) : SERVICE_PATHS.disable(id), { version }, service),
    onSuccess: saved,
  });
}

/** Deletes a service no application was ever made with (the server refuses the others with 409). */
export function useDeleteService(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete(SERVICE_PATHS.detail(id)),
    onSuccess: () => {
      client.removeQueries({ queryKey: queryKeys.service.detail(id) });
      void client.invalidateQueries({ queryKey: queryKeys.services.all });
    },
  });
}

/** The fee for a set of documents and a degree level, computed by the server from the service's price table. */
export function useQuote(id: number) {
  return useMutation({ mutationFn: (request: QuoteRequest) => apiClient.post(SERVICE_PATHS.quote(id), request, quoteAnswer) });
}
