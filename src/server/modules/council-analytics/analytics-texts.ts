import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/constants';

// The analytics' refusals (a bad period) in the caller's language (locales/<lang>/server.json,
// `councilAnalytics`). The query schema answers the English texts of COUNCIL_ANALYTICS_MESSAGES;
// the module's onSend hook swaps them on the way out when Accept-Language asks for sq or sr.

type AnalyticsTexts = typeof en.councilAnalytics.messages;
const TEXTS: Readonly<Record<Language, AnalyticsTexts>> = {
  en: en.councilAnalytics.messages,
  sq: sq.councilAnalytics.messages,
  sr: sr.councilAnalytics.messages,
};
const KEYS: ReadonlyMap<string, keyof AnalyticsTexts> = new Map(
  (Object.entries(en.councilAnalytics.messages) as [keyof AnalyticsTexts, string][]).map(([key, text]) => [text, key]),
);

const translate = (language: Language, text: string) => {
  const key = KEYS.get(text);
  return key === undefined ? text : TEXTS[language][key];
};

/** `{"field": [...]}` and `{"detail"}` bodies with our texts in the language; anything else as it came. */
export function translateAnalyticsError(language: Language, body: unknown): unknown {
  if (language === DEFAULT_LANGUAGE || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (typeof value === 'string' && key === 'detail') return [key, translate(language, value)];
      if (Array.isArray(value)) return [key, value.map((item) => (typeof item === 'string' ? translate(language, item) : item))];
      return [key, value];
    }),
  );
}
