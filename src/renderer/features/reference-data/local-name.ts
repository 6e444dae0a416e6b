import type { Language } from '../../../shared/constants';

/** Reference entries carry their name in each interface language; this picks the reader's. */
export function localName(record: { name_en: string; name_sq: string; name_sr: string }, language: Language): string {
  return record[`name_${language}`];
}
