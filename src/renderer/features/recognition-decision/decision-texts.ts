import type { Language } from '../../../shared/constants';

// A text of the reference data kept in three languages (`text_en`, `text_sq`, `text_sr` …), in the
// reader's language; English where the other is empty.
export function inLanguage<Field extends string>(record: Readonly<Record<`${Field}_${Language}`, string>>, field: Field, language: Language): string {
  return record[`${field}_${language}`] || record[`${field}_en`];
}
