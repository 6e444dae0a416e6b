import type { NationalQualification, NationalQualificationInput, NationalQualificationUpdate, QualificationProfile } from '../../../shared/api/decision-references';

// The national qualification form's fields as typed (levels chosen as text, workload and duration
// typed as text: "1,5" or "1.5" years) and the request made from them, checked by the contract's
// nationalQualificationInput / nationalQualificationUpdate before it is sent.

export interface NationalQualificationDraft {
  name_en: string;
  name_sq: string;
  name_sr: string;
  degree_level: string;
  eqf_level: string;
  nqf_level: string;
  ects_credits: string;
  duration_years: string;
  profile: QualificationProfile | '';
  active: boolean;
}

export function nationalQualificationDraftOf(qualification: NationalQualification | null): NationalQualificationDraft {
  return {
    name_en: qualification?.name_en ?? '',
    name_sq: qualification?.name_sq ?? '',
    name_sr: qualification?.name_sr ?? '',
    degree_level: qualification?.degree_level ?? '',
    eqf_level: qualification ? String(qualification.eqf_level) : '',
    nqf_level: qualification ? String(qualification.nqf_level) : '',
    ects_credits: qualification?.ects_credits == null ? '' : String(qualification.ects_credits),
    duration_years: qualification?.duration_years == null ? '' : String(qualification.duration_years),
    profile: qualification?.profile ?? '',
    active: qualification?.active ?? true,
  };
}

/** A typed number: empty is `empty`, a number is itself, anything else stays text for the schema to refuse. */
function typedNumber<Empty>(text: string, empty: Empty): number | Empty | string {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return empty;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
}

export function nationalQualificationRequestOf(
  draft: NationalQualificationDraft,
  qualification: NationalQualification | null,
): NationalQualificationInput | NationalQualificationUpdate {
  const fields = {
    name_en: draft.name_en,
    name_sq: draft.name_sq,
    name_sr: draft.name_sr,
    degree_level: draft.degree_level,
    eqf_level: typedNumber(draft.eqf_level, undefined),
    nqf_level: typedNumber(draft.nqf_level, undefined),
    ects_credits: typedNumber(draft.ects_credits, null),
    duration_years: typedNumber(draft.duration_years, null),
    profile: draft.profile || undefined,
    active: draft.active,
  };
  // The schema checks what was typed; the cast only names the request it becomes once valid.
  return (qualification ? { version: qualification.version, ...fields } : fields) as NationalQualificationInput;
}
