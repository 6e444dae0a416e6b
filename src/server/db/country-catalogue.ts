import { createRequire } from 'node:module';
// The package's core, without its Node entry: that entry registers all of its ~80 languages on
// import (~80 ms of every server start), and we use three.
import countries from 'i18n-iso-countries/index.js';
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

const NAME_LANGUAGES = ['en', 'sq', 'sr'] as const;

// A `require` of the package's JSON, not an `import`: in the bundled desktop server an import of
// external JSON would need an import attribute.
const requirePackageFile = createRequire(import.meta.url);
let namesRegistered = false;

function registerNames(): void {
  if (namesRegistered) return;
  for (const language of NAME_LANGUAGES) {
    countries.registerLocale(requirePackageFile(`i18n-iso-countries/langs/${language}.json`) as countries.LocaleData);
  }
  namesRegistered = true;
}

/** The alpha-2 codes of the catalogue, without loading any names: what the seed checks at start. */
export function countryCodes(): string[] {
  const codes = Object.keys(countries.getAlpha2Codes());
  return codes.includes(KOSOVO.code) ? codes : [...codes, KOSOVO.code];
}

export function countryCatalogue(): CountryRow[] {
  registerNames();
  for (const language of NAME_LANGUAGES) {
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
