import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  REFERENCE_DATA_PATHS,
  codeListAnswer,
  countryRecord,
  countryRecordListAnswer,
  institutionListAnswer,
  institutionRecord,
  referenceValue,
  type CountryRecord,
  type CountryUpdate,
  type InstitutionInput,
  type InstitutionRecord,
  type InstitutionUpdate,
  type ReferenceValue,
  type ReferenceValueUpdate,
} from '../../../shared/api/reference-data';
import { apiClient } from '../../lib/app-api-client';
import type { CountryListQuery, InstitutionListQuery } from './institution-query';
import type { ReferenceListSpec } from './reference-lists';
import { queryKeys } from '../../lib/query-keys';

// The reference data calls the screens make. Every write carries the version read; a
// change by someone else meanwhile answers 412 and the form says so. After a write the lists it
// touches are asked again; a country's names also feed every screen's country names.

const ignored = z.unknown();

export function useInstitutionList(query: InstitutionListQuery, enabled = true) {
  return useQuery({
    queryKey: queryKeys.reference.institutionList(query),
    queryFn: () => apiClient.get(REFERENCE_DATA_PATHS.institutions, institutionListAnswer, { ...query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRefresh(...keys: (readonly unknown[])[]) {
  const client = useQueryClient();
  return () => {
    for (const key of keys) void client.invalidateQueries({ queryKey: key });
  };
}

export function useSaveInstitution(institution: InstitutionRecord | null) {
  const refresh = useRefresh(queryKeys.reference.institutions);
  return useMutation({
    mutationFn: (body: InstitutionInput | InstitutionUpdate) =>
      institution
        ? apiClient.patch(REFERENCE_DATA_PATHS.institution(institution.id), body, institutionRecord)
        : apiClient.post(REFERENCE_DATA_PATHS.institutions, body, institutionRecord),
    onSuccess: refresh,
  });
}

/** Merges `duplicate` into the chosen institution (the one that stays), with the survivor's version. */
export function useMergeInstitution(duplicate: InstitutionRecord) {
  const refresh = useRefresh(queryKeys.reference.institutions);
  return useMutation({
    mutationFn: (target: InstitutionRecord) => apiClient.post(REFERENCE_DATA_PATHS.mergeInstitution(target.id), { duplicate_id: duplicate.id, version: target.version }, ignored),
    onSuccess: refresh,
  });
}

export function useReferenceValues(list: ReferenceListSpec) {
  return useQuery({
    queryKey: queryKeys.reference.list(list.name),
    queryFn: async () => (await apiClient.get(REFERENCE_DATA_PATHS.codeList(list.name), codeListAnswer)).results,
  });
}

export function useSaveReferenceValue(value: ReferenceValue) {
  const refresh = useRefresh(queryKeys.reference.list(value.list));
  return useMutation({
    mutationFn: (body: ReferenceValueUpdate) => apiClient.patch(REFERENCE_DATA_PATHS.codeValue(value.list, value.code), body, referenceValue),
    onSuccess: refresh,
  });
}

export type ActiveTarget = { kind: 'value'; value: ReferenceValue } | { kind: 'institution'; institution: InstitutionRecord };

/** Deactivates or offers again, with the record's version (412 when it changed meanwhile). */
export function useSwitchActive(target: ActiveTarget) {
  const refresh = useRefresh(target.kind === 'value' ? queryKeys.reference.list(target.value.list) : queryKeys.reference.institutions);
  return useMutation({
    mutationFn: (active: boolean) =>
      target.kind === 'value'
        ? apiClient.patch(REFERENCE_DATA_PATHS.codeValue(target.value.list, target.value.code), { active, version: target.value.version }, ignored)
        : apiClient.patch(REFERENCE_DATA_PATHS.institution(target.institution.id), { active, version: target.institution.version }, ignored),
    onSuccess: refresh,
  });
}

export function useCountryList(query: CountryListQuery) {
  return useQuery({
    queryKey: queryKeys.reference.countryList(query),
    queryFn: () => apiClient.get(REFERENCE_DATA_PATHS.countries, countryRecordListAnswer, { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCountry(country: CountryRecord) {
  const refresh = useRefresh(queryKeys.reference.countries, queryKeys.countryNames);
  return useMutation({
    mutationFn: (body: CountryUpdate) => apiClient.patch(REFERENCE_DATA_PATHS.country(country.code), body, countryRecord),
    onSuccess: refresh,
  });
}
