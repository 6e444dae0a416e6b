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
import {
  DECISION_REFERENCE_PATHS,
  legalReason,
  legalReasonListAnswer,
  nationalQualification,
  nationalQualificationListAnswer,
  type LegalReason,
  type LegalReasonInput,
  type LegalReasonUpdate,
  type NationalQualification,
  type NationalQualificationInput,
  type NationalQualificationUpdate,
} from '../../../shared/api/decision-references';
import { apiClient } from '../../lib/app-api-client';
import type { LegalReasonListQuery, NationalQualificationListQuery } from './decision-reference-query';
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

export type ActiveTarget =
  | { kind: 'value'; value: ReferenceValue }
  | { kind: 'institution'; institution: InstitutionRecord }
  | { kind: 'legal_reason'; legalReason: LegalReason }
  | { kind: 'national_qualification'; qualification: NationalQualification };

/** Where a target is read and changed, and which lists a change makes stale. */
function activeTargetOf(target: ActiveTarget): { path: string; version: number; stale: readonly unknown[] } {
  switch (target.kind) {
    case 'value':
      return { path: REFERENCE_DATA_PATHS.codeValue(target.value.list, target.value.code), version: target.value.version, stale: queryKeys.reference.list(target.value.list) };
    case 'institution':
      return { path: REFERENCE_DATA_PATHS.institution(target.institution.id), version: target.institution.version, stale: queryKeys.reference.institutions };
    case 'legal_reason':
      return { path: DECISION_REFERENCE_PATHS.legalReason(target.legalReason.id), version: target.legalReason.version, stale: queryKeys.reference.legalReasons };
    case 'national_qualification':
      return { path: DECISION_REFERENCE_PATHS.nationalQualification(target.qualification.id), version: target.qualification.version, stale: queryKeys.reference.nationalQualifications };
  }
}

/** Deactivates or offers again, with the record's version (412 when it changed meanwhile). */
export function useSwitchActive(target: ActiveTarget) {
  const { path, version, stale } = activeTargetOf(target);
  const refresh = useRefresh(stale);
  return useMutation({
    mutationFn: (active: boolean) => apiClient.patch(path, { active, version }, ignored),
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

export function useLegalReasonList(query: LegalReasonListQuery) {
  return useQuery({
    queryKey: queryKeys.reference.legalReasonList(query),
    queryFn: () => apiClient.get(DECISION_REFERENCE_PATHS.legalReasons, legalReasonListAnswer, { ...query }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveLegalReason(reason: LegalReason | null) {
  const refresh = useRefresh(queryKeys.reference.legalReasons);
  return useMutation({
    mutationFn: (body: LegalReasonInput | LegalReasonUpdate) =>
      reason ? apiClient.patch(DECISION_REFERENCE_PATHS.legalReason(reason.id), body, legalReason) : apiClient.post(DECISION_REFERENCE_PATHS.legalReasons, body, legalReason),
    onSuccess: refresh,
  });
}

/** The national qualifications, ordered by name in the reader's language when so sorted (the key keeps the language). */
export function useNationalQualificationList(query: NationalQualificationListQuery, language: string) {
  return useQuery({
    queryKey: queryKeys.reference.nationalQualificationList(query, language),
    queryFn: () => apiClient.get(DECISION_REFERENCE_PATHS.nationalQualifications, nationalQualificationListAnswer, { ...query }, language),
    placeholderData: keepPreviousData,
  });
}

export function useSaveNationalQualification(qualification: NationalQualification | null) {
  const refresh = useRefresh(queryKeys.reference.nationalQualifications);
  return useMutation({
    mutationFn: (body: NationalQualificationInput | NationalQualificationUpdate) =>
      qualification
        ? apiClient.patch(DECISION_REFERENCE_PATHS.nationalQualification(qualification.id), body, nationalQualification)
        : apiClient.post(DECISION_REFERENCE_PATHS.nationalQualifications, body, nationalQualification),
    onSuccess: refresh,
  });
}

export type DeleteTarget = { kind: 'legal_reason'; legalReason: LegalReason } | { kind: 'national_qualification'; qualification: NationalQualification };

/** Deletes a legal reason or national qualification no decision cites (409 when one does). */
export function useDeleteDecisionReference(target: DeleteTarget) {
  const refresh = useRefresh(target.kind === 'legal_reason' ? queryKeys.reference.legalReasons : queryKeys.reference.nationalQualifications);
  return useMutation({
    mutationFn: () =>
      apiClient.delete(
        target.kind === 'legal_reason' ? DECISION_REFERENCE_PATHS.legalReason(target.legalReason.id) : DECISION_REFERENCE_PATHS.nationalQualification(target.qualification.id),
      ),
    onSuccess: refresh,
  });
}
