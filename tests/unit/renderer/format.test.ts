import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../src/renderer/lib/i18n';
import {
  FORMAT_LOCALES,
  countryName,
  formatDate,
  formatDateTime,
  formatDays,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatTime,
} from '../../../src/renderer/lib/format';
import { LANGUAGES, type Language } from '../../../src/shared/constants';

// Node runs with full ICU, so the expectations below are CLDR's own output for each tag; the
// "without locale data" half replaces Intl with what Debian's Chromium does for Albanian.

const NBSP = '\u00a0';
const evening = new Date(2026, 10, 22, 20, 25, 9);
const morning = new Date(2026, 2, 2, 9, 5, 0);

const expected: Record<Language, Record<string, string>> = {
  en: {
    date: '22/11/2026',
    dateMorning: '02/03/2026',
    time: '20:25',
    timeMorning: '09:05',
    dateTime: '22/11/2026, 20:25',
    decimal: '30.4',
    thousands: '1,234',
    big: '1,234,567.5',
    money: '€30.00',
    bigMoney: '€1,234.50',
    size: `12.3${NBSP}MB`,
    days: '30.4 days',
    oneDay: '1 day',
    twoDays: '2 days',
  },
  sq: {
    date: '22.11.2026',
    dateMorning: '2.3.2026',
    time: '20:25',
    timeMorning: '09:05',
    dateTime: '22.11.2026, 20:25',
    decimal: '30,4',
    thousands: '1234',
    big: `1${NBSP}234${NBSP}567,5`,
    money: `30,00${NBSP}€`,
    bigMoney: `1234,50${NBSP}€`,
    size: `12,3${NBSP}MB`,
    days: '30,4 ditë',
    oneDay: '1 ditë',
    twoDays: '2 ditë',
  },
  sr: {
    date: '22. 11. 2026.',
    dateMorning: '2. 3. 2026.',
    time: '20:25',
    timeMorning: '09:05',
    dateTime: '22. 11. 2026. 20:25',
    decimal: '30,4',
    thousands: '1.234',
    big: '1.234.567,5',
    money: `30,00${NBSP}€`,
    bigMoney: `1.234,50${NBSP}€`,
    size: `12,3${NBSP}MB`,
    days: '30,4 dana',
    oneDay: '1 dan',
    twoDays: '2 dana',
  },
};

function outputs(language: Language) {
  const t = createI18n(language).t;
  return {
    date: formatDate(language, evening),
    dateMorning: formatDate(language, morning),
    time: formatTime(language, evening),
    timeMorning: formatTime(language, morning),
    dateTime: formatDateTime(language, evening),
    decimal: formatNumber(language, 30.44, { maximumFractionDigits: 1 }),
    thousands: formatNumber(language, 1234),
    big: formatNumber(language, 1234567.5),
    money: formatMoney(language, '30.00'),
    bigMoney: formatMoney(language, '1234.5'),
    size: formatFileSize(language, 12.3 * 1024 * 1024),
    days: formatDays(t, 30.44),
    oneDay: formatDays(t, 1),
    twoDays: formatDays(t, 2),
  };
}

type Mode = 'resolves-to-en-US' | 'claims-the-tag-with-root-data';

/**
 * Intl as Debian's Chromium has it: no data for the given languages. Either the formatter resolves
 * to en-US (Chromium's 'sq') or it keeps the tag and writes without the language (Chromium's 'sq-XK').
 */
function withoutLocaleData(languages: readonly string[], mode: Mode) {
  const real = globalThis.Intl;
  const lacking = (locales: unknown) => {
    const tag = String([locales].flat()[0] ?? '');
    return languages.includes(tag.split('-')[0]) ? tag : null;
  };
  const imitate = <T extends { resolvedOptions(): { locale: string } }>(tag: string, inner: T): T =>
    new Proxy(inner, {
      get(target, key) {
        if (key === 'resolvedOptions') return () => ({ ...target.resolvedOptions(), locale: mode === 'resolves-to-en-US' ? 'en-US' : tag });
        const value = Reflect.get(target, key, target) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  function DateTimeFormat(locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    const tag = lacking(locales);
    return tag ? imitate(tag, new real.DateTimeFormat('en-US', options)) : new real.DateTimeFormat(locales, options);
  }
  function NumberFormat(locales?: string | string[], options?: Intl.NumberFormatOptions) {
    const tag = lacking(locales);
    return tag ? imitate(tag, new real.NumberFormat('en-US', options)) : new real.NumberFormat(locales, options);
  }
  const stub = Object.create(real) as typeof Intl;
  Object.assign(stub, { DateTimeFormat, NumberFormat });
  vi.stubGlobal('Intl', stub);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('formatting with the runtime\u2019s locale data (full ICU, as in Electron)', () => {
  it('uses the decided tags', () => {
    expect(FORMAT_LOCALES).toEqual({ en: 'en-GB', sq: 'sq-XK', sr: 'sr-Latn-RS' });
  });

  for (const language of LANGUAGES) {
    it(`${language}: dates, times, numbers, money, sizes and days as CLDR writes them`, () => {
      expect(outputs(language)).toEqual(expected[language]);
    });
  }
});

describe('formatting where the browser lacks the language (Debian Chromium)', () => {
  it('the stub really reproduces the US-style output the screens showed', () => {
    withoutLocaleData(['sq'], 'resolves-to-en-US');
    expect(new Intl.DateTimeFormat('sq').format(evening)).toBe('11/22/2026');
    expect(new Intl.DateTimeFormat('sq').resolvedOptions().locale).toBe('en-US');
  });

  for (const mode of ['resolves-to-en-US', 'claims-the-tag-with-root-data'] as const) {
    for (const language of LANGUAGES) {
      it(`${language} (${mode}): the same text from the conventions table`, () => {
        withoutLocaleData([language], mode);
        expect(outputs(language)).toEqual(expected[language]);
      });
    }
  }

  it('the table agrees with full ICU over many dates and numbers', () => {
    const dates = Array.from({ length: 60 }, (_, i) => new Date(1990 + (i % 40), (i * 5) % 12, 1 + ((i * 7) % 28), (i * 5) % 24, (i * 13) % 60));
    const numbers = [0, 0.05, 0.5, 7, 42.25, 999, 1000, 9999.95, 10_000, 12_345.678, 999_999.99, 1_000_000, -1234.5, -0.04];
    const run = (language: Language) => ({
      dates: dates.map((d) => [formatDate(language, d), formatTime(language, d), formatDateTime(language, d)]),
      numbers: numbers.map((n) => [formatNumber(language, n), formatNumber(language, n, { maximumFractionDigits: 1 }), formatMoney(language, n)]),
      sizes: [0, 1023, 1024, 1536, 5 * 1024 ** 2, 1.25 * 1024 ** 3, 2048 * 1024 ** 3].map((b) => formatFileSize(language, b)),
    });
    for (const language of LANGUAGES) {
      const withData = run(language);
      withoutLocaleData([language], 'claims-the-tag-with-root-data');
      expect(run(language), language).toEqual(withData);
      vi.unstubAllGlobals();
    }
  });

  it('counts in the texts ({{count, number}}) use the language\u2019s digits too', () => {
    withoutLocaleData(['sq'], 'resolves-to-en-US');
    const sq = createI18n('sq');
    expect(sq.t('applications:list.count', { count: 12345 })).toBe(`12${NBSP}345 aplikime`);
    expect(sq.t('applications:list.count', { count: 1 })).toBe('1 aplikim');
    expect(formatDays(sq.t, 1234.56)).toBe('1234,6 ditë');
    expect(createI18n('sr').t('common:paging.page', { page: 1, pages: 3121 })).toBe('Stranica 1 od 3.121');
    expect(sq.t('common:paging.page', { page: 2, pages: 31210 })).toBe(`Faqja 2 nga 31${NBSP}210`);
  });
});

describe('plural forms', () => {
  it('Serbian takes one, few and other by the number as shown', () => {
    const { t } = createI18n('sr');
    expect([1, 2, 4, 5, 11, 21, 22, 25, 2.1, 1.5].map((n) => formatDays(t, n))).toEqual([
      '1 dan',
      '2 dana',
      '4 dana',
      '5 dana',
      '11 dana',
      '21 dan',
      '22 dana',
      '25 dana',
      '2,1 dan',
      '1,5 dana',
    ]);
    expect(t('applications:list.count', { count: 3 })).toBe('3 zahteva');
    expect(t('applications:list.count', { count: 21 })).toBe('21 zahtev');
  });

  it('English and Albanian have one and other', () => {
    expect(createI18n('en').t('applications:list.count', { count: 1 })).toBe('1 application');
    expect(createI18n('en').t('applications:list.count', { count: 1234 })).toBe('1,234 applications');
    expect(createI18n('sq').t('home:dashboard.allStatuses', { count: 9 })).toBe('Të gjitha aplikimet në 9 statuse');
  });

  it('a missing value reads as a dash', () => {
    expect(formatDays(createI18n('en').t, null)).toBe('—');
    expect(formatDate('sq', null)).toBe('—');
    expect(formatMoney('sq', null)).toBe('—');
  });
});

describe('calendar dates and countries', () => {
  it('a date without a time is that day wherever the machine is', () => {
    expect(formatDate('sq', '1990-05-12')).toBe('12.5.1990');
    expect(formatDate('sr', '1990-05-12')).toBe('12. 5. 1990.');
  });

  it('names a country from the reference list, the code while it is unknown', () => {
    const names = new Map([['XK', { en: 'Kosovo', sq: 'Kosovë', sr: 'Kosovo' }], ['DE', { en: 'Germany', sq: 'Gjermani', sr: 'Nemačka' }]]);
    expect(countryName('sq', 'XK', names)).toBe('Kosovë');
    expect(countryName('sr', 'de', names)).toBe('Nemačka');
    expect(countryName('en', 'FR', names)).toBe('FR');
    expect(countryName('sq', 'DE', undefined)).toBe('DE');
    expect(countryName('sq', null, names)).toBe('—');
  });
});
