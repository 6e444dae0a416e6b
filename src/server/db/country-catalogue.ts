// The package's Node entry registers every language it ships; importing its JSON files directly
// would break in the bundled desktop server (Node wants an import attribute for external JSON).
import countries from 'i18n-iso-countries';
import { serbianCyrillicToLatin } from './serbian-latin';

// The country list of the reference data: ISO 3166-1 (Kosovo XK included) named in the three
// interface languages. The library's Serbian names are Cyrillic; the interface uses Latin script.

export interface CountryRow {
  code: string;
  alpha3: string | null;
  name_en: string;
  name_sq: string;
  name_sr: string;
}

// Kosovo has no ISO 3166-1 entry of its own; XK is the code in common use. Kept here in case a
// library update drops it.
const KOSOVO: CountryRow = { code: 'XK', alpha3: 'XKX', name_en: 'Kosovo', name_sq: 'Kosovë', name_sr: 'Kosovo' };

export function countryCatalogue(): CountryRow[] {
  for (const language of ['en', 'sq', 'sr']) {
    if (!countries.langs().includes(language)) throw new Error(`i18n-iso-countries has no "${language}" names loaded.`);
  }
  const codes = Object.keys(countries.getAlpha2Codes());
  const rows = codes.map((code) => {
    const name = (language: string) => countries.getName(code, language, { select: 'official' });
    const nameEn = name('en') ?? code;
    return {
      code,
      alpha3: countries.alpha2ToAlpha3(code) ?? null,
      name_en: nameEn,
      name_sq: name('sq') ?? nameEn,
      name_sr: serbianCyrillicToLatin(name('sr') ?? nameEn),
    };
  });
  if (!codes.includes(KOSOVO.code)) rows.push(KOSOVO);
  return rows.sort((a, b) => a.code.localeCompare(b.code));
}
