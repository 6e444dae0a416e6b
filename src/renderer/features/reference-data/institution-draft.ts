import type { AccreditationStatus, InstitutionInput, InstitutionRecord, InstitutionType, InstitutionUpdate } from '../../../shared/api/reference-data';

// The institution form's fields as typed and the checks made before sending (the server checks
// again with the same rules: src/shared/api/reference-data.ts).

export interface InstitutionDraft {
  name_en: string;
  name_sq: string;
  name_sr: string;
  country: string;
  type: InstitutionType | '';
  website: string;
  email: string;
  accreditation_status: AccreditationStatus;
  diploma_register_url: string;
  active: boolean;
}
export type InstitutionField = keyof InstitutionDraft;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WEB_ADDRESS = /^https?:\/\/[^\s/$.?#][^\s]*$/i;

export function institutionDraftOf(institution: InstitutionRecord | null): InstitutionDraft {
  return {
    name_en: institution?.name_en ?? '',
    name_sq: institution?.name_sq ?? '',
    name_sr: institution?.name_sr ?? '',
    country: institution?.country ?? '',
    type: institution?.type ?? '',
    website: institution?.website ?? '',
    email: institution?.email ?? '',
    accreditation_status: institution?.accreditation_status ?? 'unknown',
    diploma_register_url: institution?.diploma_register_url ?? '',
    active: institution?.active ?? true,
  };
}

/**
 * The problems of a draft, as translation keys by field (empty when it may be sent). A new
 * institution may leave its Albanian and Serbian names empty (the server takes the English one);
 * a saved one keeps all three.
 */
export function checkInstitution(draft: InstitutionDraft, isNew: boolean): Partial<Record<InstitutionField, string>> {
  const problems: Partial<Record<InstitutionField, string>> = {};
  const required: InstitutionField[] = isNew ? ['name_en', 'country', 'type'] : ['name_en', 'name_sq', 'name_sr', 'country', 'type'];
  for (const field of required) if (String(draft[field]).trim() === '') problems[field] = 'form.required';
  if (draft.email.trim() !== '' && !EMAIL.test(draft.email.trim())) problems.email = 'form.invalidEmail';
  for (const field of ['website', 'diploma_register_url'] as const) if (draft[field].trim() !== '' && !WEB_ADDRESS.test(draft[field].trim())) problems[field] = 'form.invalidUrl';
  return problems;
}

/** What is sent: empty optional fields as null, the version read when editing. Call after checkInstitution passed. */
export function institutionRequestOf(draft: InstitutionDraft, institution: InstitutionRecord | null): InstitutionInput | InstitutionUpdate {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
  const fields = {
    name_en: draft.name_en.trim(),
    name_sq: draft.name_sq.trim(),
    name_sr: draft.name_sr.trim(),
    country: draft.country,
    type: draft.type as InstitutionType,
    website: orNull(draft.website),
    email: orNull(draft.email),
    accreditation_status: draft.accreditation_status,
    diploma_register_url: orNull(draft.diploma_register_url),
    active: draft.active,
  };
  return institution ? { version: institution.version, ...fields } : fields;
}
