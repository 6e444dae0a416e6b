import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOSSIER_PATHS,
  accreditationOn,
  accreditationPeriod,
  institutionCheck,
  institutionDossier,
  verificationContact,
  watchEntry,
  type AccreditationPeriodInput,
  type InstitutionCheckInput,
  type VerificationContactInput,
  type WatchEntryInput,
} from '../../../shared/api/authenticity';
import { REFERENCE_DATA_PATHS, institutionDetail } from '../../../shared/api/reference-data';
import { apiClient } from '../../lib/app-api-client';
import { queryKeys } from '../../lib/query-keys';

// An institution's dossier (src/shared/api/authenticity.ts): read, and its four kinds of records
// added; a change also makes the application lists (their watch-list flags) stale.

export function useInstitution(id: number) {
  return useQuery({ queryKey: queryKeys.reference.institutionDetail(id), queryFn: () => apiClient.get(REFERENCE_DATA_PATHS.institution(id), institutionDetail), retry: false });
}

export function useInstitutionDossier(id: number) {
  return useQuery({ queryKey: queryKeys.reference.institutionDossier(id), queryFn: () => apiClient.get(DOSSIER_PATHS.dossier(id), institutionDossier), retry: false });
}

export function useAccreditedOn(id: number, day: string | null) {
  return useQuery({
    queryKey: queryKeys.reference.institutionAccreditedOn(id, day),
    queryFn: () => apiClient.get(DOSSIER_PATHS.accreditationOn(id), accreditationOn, { on: day! }),
    enabled: day !== null,
    retry: false,
  });
}

function useDossierChange<Request, Answer>(id: number, write: (request: Request) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: queryKeys.reference.institutionDossier(id) });
      void client.invalidateQueries({ queryKey: queryKeys.applications.all });
    },
  });
}

export const useAddPeriod = (id: number) => useDossierChange(id, (request: AccreditationPeriodInput) => apiClient.post(DOSSIER_PATHS.accreditationPeriods(id), request, accreditationPeriod));
export const useRemovePeriod = (id: number) => useDossierChange(id, (periodId: number) => apiClient.delete(DOSSIER_PATHS.accreditationPeriod(id, periodId)));
export const useAddContact = (id: number) => useDossierChange(id, (request: VerificationContactInput) => apiClient.post(DOSSIER_PATHS.contacts(id), request, verificationContact));
export const useRemoveContact = (id: number) => useDossierChange(id, (contactId: number) => apiClient.delete(DOSSIER_PATHS.contact(id, contactId)));
export const useAddCheck = (id: number) => useDossierChange(id, (request: InstitutionCheckInput) => apiClient.post(DOSSIER_PATHS.checks(id), request, institutionCheck));
export const useAddWatchEntry = (id: number) => useDossierChange(id, (request: WatchEntryInput) => apiClient.post(DOSSIER_PATHS.watchEntries(id), request, watchEntry));
export const useLiftWatchEntry = (id: number) => useDossierChange(id, (entryId: number) => apiClient.post(DOSSIER_PATHS.liftWatchEntry(id, entryId), {}, watchEntry));
