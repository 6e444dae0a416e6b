import type { Language } from './constants';

// Reference data a person reads (councils, expert commissions, services, institutions, countries)
// carries its name in each interface language. Answers send all three, so a screen switches
// language without asking again; the reader's is picked here, on the screens and in the server's
// documents alike. An empty translation is one nobody has written yet: English stands in.

export interface LocalisedName {
  name_en: string;
  name_sq: string;
  name_sr: string;
}


/** The name in `language`, English where that one is not written. */
export function nameIn(record: LocalisedName, language: Language): string {
  return record[`name_${language}`] || record.name_en;
}
