import { useMemo } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { INTL_LOCALE_TAGS } from '../../shared/locale-tags';
import { nameIn, type LocalisedName } from '../../shared/localised-name';

// The one place the renderer turns dates, numbers, money, sizes, durations and country codes into
// text. Screens never call toLocaleString or new Intl.* themselves: Debian's Chromium (the browser
// shell and the e2e browser) ships ICU without Albanian data, so `new Intl.DateTimeFormat('sq')`
// answers in US English (11/22/2026, 8:25 PM) and 'sq-XK' in ICU's root patterns (2026-11-22).
// Where Intl lacks a language, the CLDR conventions below, copied from Node's full ICU, write the
// same text Electron's full ICU would.

/** BCP 47 tags for formatting: the server's own (src/shared/locale-tags.ts), so its texts and these screens agree. */
export const FORMAT_LOCALES: Readonly<Record<Language, string>> = INTL_LOCALE_TAGS;

interface Conventions {
  /** Numeric date from day, month (1-12) and year. */
  date(day: number, month: number, year: number): string;
  /** Between the date and the time (CLDR's dateTimeFormat for these lengths). */
  dateTimeGlue: string;
  decimal: string;
  group: string;
  /** CLDR minimumGroupingDigits: Albanian writes 1234 but 12 345. */
  minimumGroupingDigits: number;
  /** Where the € goes: "€30.00" or "30,00 €". */
  currencyBefore: boolean;
}

const NBSP = '\u00a0';
const pad2 = (value: number) => String(value).padStart(2, '0');

const CONVENTIONS: Record<Language, Conventions> = {
  en: {
    date: (d, m, y) => `${pad2(d)}/${pad2(m)}/${y}`,
    dateTimeGlue: ', ',
    decimal: '.',
    group: ',',
    minimumGroupingDigits: 1,
    currencyBefore: true,
  },
  sq: {
    date: (d, m, y) => `${d}.${m}.${y}`,
    dateTimeGlue: ', ',
    decimal: ',',
    group: NBSP,
    minimumGroupingDigits: 2,
    currencyBefore: false,
  },
  sr: {
    date: (d, m, y) => `${d}. ${m}. ${y}.`,
    dateTimeGlue: ' ',
    decimal: ',',
    group: '.',
    minimumGroupingDigits: 1,
    currencyBefore: false,
  },
};

export function formatLanguage(language: string | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : DEFAULT_LANGUAGE;
}

// Whether this runtime's Intl really has a language: the resolved locale must be the language asked
// for AND it must write a reference value as CLDR does (Chromium resolves 'sq-XK' yet formats with
// ICU's root data: "2026-11-02"). Keyed by the constructors so a test replacing Intl asks again.
const presence = new WeakMap<object, Map<string, boolean>>();

function remembered(owner: object, key: string, probe: () => boolean): boolean {
  let answers = presence.get(owner);
  if (!answers) presence.set(owner, (answers = new Map()));
  let answer = answers.get(key);
  if (answer === undefined) {
    try {
      answer = probe();
    } catch {
      answer = false;
    }
    answers.set(key, answer);
  }
  return answer;
}

const speaks = (resolved: string, language: Language) => resolved.split('-')[0] === language;

/** Whether this runtime's Intl writes dates in `language` as this module does (Electron's full ICU; not Debian's Chromium for Albanian). */
export function intlHasDates(language: Language): boolean {
  return remembered(Intl.DateTimeFormat, language, () => {
    const tag = FORMAT_LOCALES[language];
    const formatter = new Intl.DateTimeFormat(tag);
    const reference = new Date(2026, 10, 2, 9, 5);
    return (
      speaks(formatter.resolvedOptions().locale, language) &&
      formatter.format(reference) === CONVENTIONS[language].date(2, 11, 2026) &&
      new Intl.DateTimeFormat(tag, { timeStyle: 'short' }).format(reference) === '09:05'
    );
  });
}

function intlHasNumbers(language: Language): boolean {
  return remembered(Intl.NumberFormat, language, () => {
    const tag = FORMAT_LOCALES[language];
    const formatter = new Intl.NumberFormat(tag);
    const { decimal, group, currencyBefore } = CONVENTIONS[language];
    const money = new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(12345.5);
    return (
      speaks(formatter.resolvedOptions().locale, language) &&
      formatter.format(12345.5) === `12${group}345${decimal}5` &&
      money === (currencyBefore ? `€12${group}345${decimal}50` : `12${group}345${decimal}50${NBSP}€`)
    );
  });
}

// Building an Intl formatter costs far more than formatting with it (a table of 25 rows with two
// date columns built 50 of them per render): each formatter is built once per locale and options.
// Keyed by the constructor too, so a test replacing Intl gets new ones.
const formatters = new WeakMap<object, Map<string, Intl.DateTimeFormat | Intl.NumberFormat>>();

function cached<F extends Intl.DateTimeFormat | Intl.NumberFormat>(owner: object, key: string, build: () => F): F {
  let known = formatters.get(owner);
  if (!known) formatters.set(owner, (known = new Map()));
  let formatter = known.get(key);
  if (!formatter) known.set(key, (formatter = build()));
  return formatter as F;
}

function dateFormat(tag: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached(Intl.DateTimeFormat, `${tag} ${JSON.stringify(options ?? {})}`, () => new Intl.DateTimeFormat(tag, options));
}

function numberFormat(tag: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached(Intl.NumberFormat, `${tag} ${JSON.stringify(options ?? {})}`, () => new Intl.NumberFormat(tag, options));
}

export type DateInput = Date | string | number | null | undefined;
/** What a screen shows for a missing value. */
export const NO_VALUE = '—';

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // A calendar date ("1990-05-12", a birthday) is that day here, not midnight UTC shifted a day back.
  const day = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = value instanceof Date ? value : day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 22/11/2026 · 22.11.2026 · 22. 11. 2026. (local time). */
export function formatDate(language: string | undefined, value: DateInput): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' && value ? value : NO_VALUE;
  const lang = formatLanguage(language);
  if (intlHasDates(lang)) return dateFormat(FORMAT_LOCALES[lang]).format(date);
  return CONVENTIONS[lang].date(date.getDate(), date.getMonth() + 1, date.getFullYear());
}

/** 20:25 and 09:05 in all three languages (24-hour clock). */
export function formatTime(language: string | undefined, value: DateInput): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' && value ? value : NO_VALUE;
  const lang = formatLanguage(language);
  if (intlHasDates(lang)) return dateFormat(FORMAT_LOCALES[lang], { timeStyle: 'short' }).format(date);
  return `${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** 22/11/2026, 20:25 · 22.11.2026, 20:25 · 22. 11. 2026. 20:25. */
export function formatDateTime(language: string | undefined, value: DateInput): string {
  const date = toDate(value);
  if (!date) return typeof value === 'string' && value ? value : NO_VALUE;
  return `${formatDate(language, date)}${CONVENTIONS[formatLanguage(language)].dateTimeGlue}${formatTime(language, date)}`;
}

/** A month (YYYY-MM): Jan 2026 · jan 2026 · jan 2026. (the month's name where the engine knows the language). */
export function formatMonth(language: string | undefined, month: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month || NO_VALUE;
  const lang = formatLanguage(language);
  const year = Number(match[1]);
  const number = Number(match[2]);
  if (intlHasDates(lang)) return dateFormat(FORMAT_LOCALES[lang], { month: 'short', year: 'numeric' }).format(new Date(year, number - 1, 1));
  return CONVENTIONS[lang].date(1, number, year).replace(/^0?1[/.] ?/, '');
}

export interface NumberOptions {
  minimumFractionDigits?: number;
  maximumFractionDigits?: number;
}

/** Digits with the language's decimal sign and grouping: 1,234.5 · 1234,5 / 12 345 · 1.234,5. */
export function formatNumber(language: string | undefined, value: number, options: NumberOptions = {}): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const lang = formatLanguage(language);
  const minimumFractionDigits = options.minimumFractionDigits ?? 0;
  const maximumFractionDigits = Math.max(minimumFractionDigits, options.maximumFractionDigits ?? 3);
  if (intlHasNumbers(lang)) {
    return numberFormat(FORMAT_LOCALES[lang], { minimumFractionDigits, maximumFractionDigits }).format(value);
  }
  // en-US is in every ICU build: let it round, then write the digits the language's way.
  const plain = numberFormat('en-US', { minimumFractionDigits, maximumFractionDigits, useGrouping: false }).format(Math.abs(value));
  const [integer, fraction] = plain.split('.');
  const { decimal, group, minimumGroupingDigits } = CONVENTIONS[lang];
  const grouped = integer.length >= 3 + minimumGroupingDigits ? integer.replace(/\B(?=(\d{3})+$)/g, group) : integer;
  const sign = value < 0 ? '-' : ''; // as ICU: -0.04 to one digit is "-0"
  return `${sign}${grouped}${fraction ? decimal + fraction : ''}`;
}

/** €30.00 · 30,00 € — from a number or the API's decimal strings ("30.00"). */
export function formatMoney(language: string | undefined, amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return NO_VALUE;
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const lang = formatLanguage(language);
  if (intlHasNumbers(lang)) return numberFormat(FORMAT_LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(value);
  const digits = formatNumber(lang, Math.abs(value), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const sign = value < 0 ? '-' : '';
  return CONVENTIONS[lang].currencyBefore ? `${sign}€${digits}` : `${sign}${digits}${NBSP}€`;
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 850 B · 12.3 MB · 12,3 MB: binary multiples, one decimal above bytes. */
export function formatFileSize(language: string | undefined, bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return NO_VALUE;
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(language, value, { maximumFractionDigits: unit === 0 ? 0 : 1 })}${NBSP}${SIZE_UNITS[unit]}`;
}

/**
 * "30.4 days" · "30,4 ditë" · "2 dana": one decimal, the plural form chosen for the number as shown
 * (Serbian 2,1 takes the singular), through the common:duration.days plural keys.
 */
export function formatDays(t: TFunction, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return t('common:duration.days', { count: Math.round(value * 10) / 10 });
}

/** A country's name in the language, from the reference list; the code while the list is loading. */
export function countryName(language: string | undefined, code: string | null | undefined, names: CountryNames | undefined): string {
  if (!code) return NO_VALUE;
  return names?.get(code.toUpperCase())?.[formatLanguage(language)] ?? code;
}

// CLDR's names of the languages of instruction (shared/domain/application-status.ts), copied from
// Node's full ICU, for a runtime whose Intl.DisplayNames lacks the reader's language (Debian's
// Chromium answers "German" for Albanian). English is in every ICU.
const LANGUAGE_NAMES: Readonly<Record<Exclude<Language, 'en'>, Readonly<Record<string, string>>>> = {
  sq: {
    sq: 'shqip', sr: 'serbisht', bs: 'boshnjakisht', hr: 'kroatisht', mk: 'maqedonisht', sl: 'sllovenisht', tr: 'turqisht',
    en: 'anglisht', de: 'gjermanisht', fr: 'frëngjisht', it: 'italisht', es: 'spanjisht', pt: 'portugalisht', nl: 'holandisht',
    sv: 'suedisht', no: 'norvegjisht', da: 'danisht', fi: 'finlandisht', cs: 'çekisht', sk: 'sllovakisht', pl: 'polonisht',
    hu: 'hungarisht', ro: 'rumanisht', bg: 'bullgarisht', el: 'greqisht', ru: 'rusisht', uk: 'ukrainisht', ar: 'arabisht',
  },
  sr: {
    sq: 'albanski', sr: 'srpski', bs: 'bosanski', hr: 'hrvatski', mk: 'makedonski', sl: 'slovenački', tr: 'turski',
    en: 'engleski', de: 'nemački', fr: 'francuski', it: 'italijanski', es: 'španski', pt: 'portugalski', nl: 'holandski',
    sv: 'švedski', no: 'norveški', da: 'danski', fi: 'finski', cs: 'češki', sk: 'slovački', pl: 'poljski',
    hu: 'mađarski', ro: 'rumunski', bg: 'bugarski', el: 'grčki', ru: 'ruski', uk: 'ukrajinski', ar: 'arapski',
  },
};
const GERMAN_IN: Readonly<Record<Language, string>> = { en: 'German', sq: 'gjermanisht', sr: 'nemački' };

function intlHasLanguageNames(language: Language): boolean {
  return remembered(Intl.DisplayNames, language, () => {
    const names = new Intl.DisplayNames(FORMAT_LOCALES[language], { type: 'language' });
    return speaks(names.resolvedOptions().locale, language) && names.of('de') === GERMAN_IN[language];
  });
}

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * A language (ISO 639 code) named in the reader's language, capitalised as a value standing on its
 * own ("Gjermanisht", "Nemački"): Intl.DisplayNames where the runtime has the language, else CLDR's
 * names above; the code itself for a language neither knows.
 */
export function languageName(language: string | undefined, code: string | null | undefined): string {
  if (!code) return NO_VALUE;
  const reader = formatLanguage(language);
  let name: string | undefined;
  if (reader === 'en' || (typeof Intl.DisplayNames === 'function' && intlHasLanguageNames(reader))) {
    const tag = FORMAT_LOCALES[reader];
    let names = displayNames.get(tag);
    if (!names) displayNames.set(tag, (names = new Intl.DisplayNames(tag, { type: 'language', fallback: 'none' })));
    name = names.of(code);
  } else {
    name = LANGUAGE_NAMES[reader][code];
  }
  if (!name) return code;
  return name.charAt(0).toLocaleUpperCase(FORMAT_LOCALES[reader]) + name.slice(1);
}

const collators = new Map<Language, Intl.Collator>();

/**
 * Compares two texts in the reader's alphabet (names, countries, labels): Ç after C in Albanian,
 * Č, Ć after C, Đ after D and Š after S in Serbian, never after Z as code points put them. Where the
 * browser lacks a language's tailoring, Intl falls back to the root order, which still files
 * accented letters beside their base letter. Numbers inside texts compare as numbers.
 */
export function compareText(language: string | undefined, a: string, b: string): number {
  const tag = formatLanguage(language);
  let collator = collators.get(tag);
  if (!collator) {
    collator = new Intl.Collator(FORMAT_LOCALES[tag], { sensitivity: 'base', numeric: true });
    collators.set(tag, collator);
  }
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

export type CountryNames = ReadonlyMap<string, Readonly<Record<Language, string>>>;

/** The formatters bound to the current interface language. */
export function useFormat() {
  const { t, i18n } = useTranslation('common');
  const language = formatLanguage(i18n.resolvedLanguage ?? i18n.language);
  return useMemo(
    () => ({
      language,
      date: (value: DateInput) => formatDate(language, value),
      time: (value: DateInput) => formatTime(language, value),
      dateTime: (value: DateInput) => formatDateTime(language, value),
      month: (value: string) => formatMonth(language, value),
      number: (value: number, options?: NumberOptions) => formatNumber(language, value, options),
      money: (amount: string | number | null | undefined) => formatMoney(language, amount),
      /** A share out of a hundred, one decimal at most: 12.5% · 12,5% (the sign follows the number in all three languages). */
      percent: (share: number) => `${formatNumber(language, share, { maximumFractionDigits: 1 })}%`,
      fileSize: (bytes: number) => formatFileSize(language, bytes),
      /** A language of instruction (ISO 639 code) by its name in the reader's language. */
      languageName: (code: string | null | undefined) => languageName(language, code),
      days: (value: number | null | undefined) => formatDays(t, value),
      /** Sorting texts (names above all) in the reader's alphabet. */
      compare: (a: string, b: string) => compareText(language, a, b),
      /** A council's, commission's or service's name in the reader's language (English where untranslated). */
      name: (record: LocalisedName) => nameIn(record, language),
      /** Records in the order of their names as the reader's language sorts them. */
      sortedByName: <Named extends LocalisedName>(records: readonly Named[]) => sortedByName(language, records),
    }),
    [language, t],
  );
}

/** `records` ordered by their names in `language` (its collation: Ç after C, Đ after D, Š after S). */
export function sortedByName<Named extends LocalisedName>(language: Language, records: readonly Named[]): Named[] {
  return [...records].sort((a, b) => compareText(language, nameIn(a, language), nameIn(b, language)));
}
