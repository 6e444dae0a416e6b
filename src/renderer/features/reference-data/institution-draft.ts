import type { TFunction } from 'i18next';
import { type AccreditationStatus, type InstitutionInput, type InstitutionRecord, type InstitutionType, type InstitutionUpdate } from '../../../shared/api/reference-data';
import type { ZodIssue } from '../../lib/zod-issue-message';

// The institution form's fields as typed and the request made from them, which the contract's
// institutionInput (a new one) or institutionUpdate (a saved one) checks before it is sent.

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

/** What is sent: empty optional fields as null, the version read when editing. */
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

/**
 * "Required" for a country not chosen yet (the contract says only that '' is no country code);
 * the contract's own checks (addresses, e-mail) name their refusals, said by the form layer.
 */
export function describeInstitutionIssue(issue: ZodIssue, t: TFunction): string | undefined {
  if (issue.path[0] === 'country' && (issue.input === '' || issue.input === undefined)) return t('common:validation.required');
  return undefined;
}
