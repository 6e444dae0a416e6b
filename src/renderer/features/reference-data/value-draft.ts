import type { ReferenceValue } from '../../../shared/api/reference-data';
import type { ReferenceListSpec } from './reference-lists';

// The value form's fields as typed (numbers are text until sent) and the request made from them,
// which the contract's referenceValueUpdate checks before it is sent.

export interface ValueDraft {
  name_en: string;
  name_sq: string;
  name_sr: string;
  sort_order: string;
  eqf_level: string;
  nqf_level: string;
  active: boolean;
}

const WHOLE = /^\d{1,5}$/;

export function valueDraftOf(value: ReferenceValue): ValueDraft {
  return {
    name_en: value.name_en,
    name_sq: value.name_sq,
    name_sr: value.name_sr,
    sort_order: String(value.sort_order),
    eqf_level: value.eqf_level === null ? '' : String(value.eqf_level),
    nqf_level: value.nqf_level === null ? '' : String(value.nqf_level),
    active: value.active,
  };
}

/** What is sent: the levels only for degree levels (the server refuses them elsewhere), the version read. */
export function valueUpdateOf(draft: ValueDraft, list: ReferenceListSpec, value: ReferenceValue) {
  // Anything but a few digits is no number at all (the schema then refuses it), never a guess.
  const whole = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const level = (text: string) => (text.trim() === '' ? null : whole(text));
  return {
    version: value.version,
    name_en: draft.name_en,
    name_sq: draft.name_sq,
    name_sr: draft.name_sr,
    sort_order: whole(draft.sort_order),
    active: draft.active,
    ...(list.hasLevels ? { eqf_level: level(draft.eqf_level), nqf_level: level(draft.nqf_level) } : {}),
  };
}
