import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import type { Language } from '../../../shared/constants';
import type { FeeLine } from '../../../shared/domain/fees';
import { INTL_LOCALE_TAGS } from '../../../shared/locale-tags';
import { refusalTranslator } from '../../refusal-texts';

// The services module's texts in the caller's language (locales/<lang>/server.json, `services`):
// the fee breakdown's labels, and its error messages, which are written in English (the API's
// language, like every message of errors.ts) and translated on their way out.

type ServiceTexts = typeof en.services;
const TEXTS: Readonly<Record<Language, ServiceTexts>> = { en: en.services, sq: sq.services, sr: sr.services };


function interpolate(language: Language, text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return format === 'number' && typeof value === 'number' ? new Intl.NumberFormat(INTL_LOCALE_TAGS[language]).format(value) : String(value);
  });
}

function lookup(table: Readonly<Record<string, string>>, key: string | null): string | undefined {
  return key !== null && Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * A price case's key in server.json: camelCase, because i18next and the locale test read a key
 * ending in `_one` (the case `more_than_one`) as a plural form.
 */
export const priceCaseKey = (priceCase: string) => priceCase.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

/** "More than one document to verify (3)", "Standard fee, price for master" … */
export function feeLineLabel(language: Language, line: FeeLine): string {
  const texts = TEXTS[language];
  const caseKey = line.price_case === null ? null : priceCaseKey(line.price_case);
  const priceCase = interpolate(language, lookup(texts.priceCases, caseKey) ?? line.price_case ?? '', {
    count: line.counted_documents ?? 0,
  });
  const degree = lookup(texts.degreeOptions, line.degree_level) ?? line.degree_level ?? '';
  return interpolate(language, texts.feeRules[line.rule], { case: priceCase, degree });
}

/** Our English text by key (what the routes throw; translated on the way out). */
export const SERVICE_MESSAGES = en.services.messages;

/** Error bodies (`{"detail"}`, `{"field": [...]}`) with our messages in the caller's language. */
export const translateErrorBody = refusalTranslator({ en: en.services.messages, sq: sq.services.messages, sr: sr.services.messages });
