import { QUALIFICATION_LEVEL, type ReferenceValue, type ReferenceValueUpdate } from '../../../shared/api/reference-data';
import type { ReferenceListSpec } from './reference-lists';

// The value form's fields as typed (numbers are text until sent) and the checks made before
// sending, so a person hears about an empty name at once rather than from the server.

export interface ValueDraft {
  name_en: string;
  name_sq: string;
  name_sr: string;
  sort_order: string;
  eqf_level: string;
  nqf_level: string;
  active: boolean;
}
export type ValueField = keyof ValueDraft;

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

const isLevel = (text: string) => WHOLE.test(text) && Number(text) >= QUALIFICATION_LEVEL.min && Number(text) <= QUALIFICATION_LEVEL.max;

/** The problems of a draft, as translation keys by field (empty when it may be sent). */
export function checkValue(draft: ValueDraft, list: ReferenceListSpec): Partial<Record<ValueField, string>> {
  const problems: Partial<Record<ValueField, string>> = {};
  for (const field of ['name_en', 'name_sq', 'name_sr'] as const) if (draft[field].trim() === '') problems[field] = 'form.required';
  if (!WHOLE.test(draft.sort_order.trim()) || Number(draft.sort_order.trim()) > 10_000) problems.sort_order = 'form.invalidOrder';
  if (list.hasLevels) {
    for (const field of ['eqf_level', 'nqf_level'] as const) if (draft[field].trim() !== '' && !isLevel(draft[field].trim())) problems[field] = 'form.invalidLevel';
  }
  return problems;
}

/** What is sent: the levels only for degree levels (the server refuses them elsewhere), the version read. */
export function valueUpdateOf(draft: ValueDraft, list: ReferenceListSpec, value: ReferenceValue): ReferenceValueUpdate {
  const level = (text: string) => (text.trim() === '' ? null : Number(text.trim()));
  return {
    version: value.version,
    name_en: draft.name_en.trim(),
    name_sq: draft.name_sq.trim(),
    name_sr: draft.name_sr.trim(),
    sort_order: Number(draft.sort_order.trim()),
    active: draft.active,
    ...(list.hasLevels ? { eqf_level: level(draft.eqf_level), nqf_level: level(draft.nqf_level) } : {}),
  };
}
