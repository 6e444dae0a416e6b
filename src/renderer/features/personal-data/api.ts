import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  PERSONAL_DATA_PATHS as PATHS,
  erasureRequestAnswer,
  erasureRequestRow,
  legalHoldsAnswer,
  personAnswer,
  personRow,
  retentionAnswer,
  retentionPreview,
  retentionRunResult,
  type ErasureDecision,
  type ErasureRequestCreate,
  type LegalHoldRequest,
} from '../../../shared/api/personal-data';
import { apiClient } from '../../lib/app-api-client';
import { invalidate, queryKeys, STALE_AFTER } from '../../lib/query-keys';

// The personal-data calls (src/shared/api/personal-data.ts): the retention rules and runs, the
// preview, the holds, people, their export and erasure requests. Every write makes every
// personal-data view stale: a hold or an erasure changes what the preview, the holds, the person
// and the applications show.

export function useRetention() {
  return useQuery({ queryKey: queryKeys.personalData.retention, queryFn: () => apiClient.get(PATHS.retention, retentionAnswer), retry: false });
}

/** What a run on `on` would anonymise (null: the next scheduled run, the 1st of next month). */
export function useRetentionPreview(on: string | null, enabled = true) {
  return useQuery({
    queryKey: queryKeys.personalData.preview(on),
    queryFn: () => apiClient.get(PATHS.preview, retentionPreview, on ? { on } : undefined),
    retry: false,
    enabled,
  });
}

export function useLegalHolds() {
  return useQuery({ queryKey: queryKeys.personalData.legalHolds, queryFn: () => apiClient.get(PATHS.legalHolds, legalHoldsAnswer), retry: false });
}

function useChanged() {
  const client = useQueryClient();
  return () => invalidate(client, STALE_AFTER.personalDataChange);
}

export function useRunRetention() {
  const changed = useChanged();
  return useMutation({ mutationFn: () => apiClient.post(PATHS.runs, {}, retentionRunResult), onSuccess: changed });
}

/** People by personal ID or name; the server wants at least two characters. */
export function usePeople(search: string) {
  return useQuery({
    queryKey: queryKeys.personalData.people(search),
    queryFn: () => apiClient.get(PATHS.people, z.array(personRow), { q: search }),
    enabled: search.length >= 2,
    retry: false,
  });
}

export function usePerson(id: number) {
  return useQuery({ queryKey: queryKeys.personalData.person(id), queryFn: () => apiClient.get(PATHS.person(id), personAnswer), retry: false });
}

export function usePlacePersonHold(id: number) {
  const changed = useChanged();
  return useMutation({ mutationFn: (request: LegalHoldRequest) => apiClient.send('put', PATHS.personHold(id), { json: request }), onSuccess: changed });
}

export function useLiftPersonHold(id: number) {
  const changed = useChanged();
  return useMutation({ mutationFn: () => apiClient.delete(PATHS.personHold(id)), onSuccess: changed });
}

export function useErasureRequests() {
  return useQuery({ queryKey: queryKeys.personalData.erasureRequests, queryFn: () => apiClient.get(PATHS.erasureRequests, z.array(erasureRequestRow)), retry: false });
}

export function useErasureRequest(id: number | null) {
  return useQuery({
    queryKey: queryKeys.personalData.erasureRequest(id ?? 0),
    queryFn: () => apiClient.get(PATHS.erasureRequest(id ?? 0), erasureRequestAnswer),
    enabled: id !== null,
    retry: false,
  });
}

export function useRecordErasureRequest() {
  const changed = useChanged();
  return useMutation({ mutationFn: (request: ErasureRequestCreate) => apiClient.post(PATHS.erasureRequests, request, erasureRequestAnswer), onSuccess: changed });
}

export function useDecideErasure(id: number) {
  const changed = useChanged();
  return useMutation({ mutationFn: (request: ErasureDecision) => apiClient.post(PATHS.erasureDecision(id), request, erasureRequestAnswer), onSuccess: changed });
}
