import type { Language } from '../../../shared/constants';

// A service's texts come in en, sq and sr (`name_en`, `label_sq`, …): the screens show the one of
// the interface language, and English where that one is empty (the form requires names in all
// three, older descriptions may lack one).

type Localised<Field extends string> = Record<`${Field}_${Language}`, string>;

export function localised<Field extends string>(record: Localised<Field>, field: Field, language: Language): string {
  return record[`${field}_${language}`] || record[`${field}_en`];
}

/**
 * The translation key of a price case: camelCase, because i18next (and the locale test) read a key
 * ending in `_one` as a plural form, and the document-count case is named `more_than_one`.
 */
export function priceCaseKey(priceCase: string): string {
  return `services:priceCases.${priceCase.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}`;
}
