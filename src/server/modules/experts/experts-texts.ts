import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/constants';

// The experts module's refusals in the caller's language (locales/<lang>/server.json, `experts`).
// Routes throw the English texts of EXPERT_MESSAGES (the API's language, as errors.ts does; a test
// keeps them equal to `experts.messages` in en); this module's onSend hook translates them.

type ExpertTexts = typeof en.experts.messages;
const TEXTS: Readonly<Record<Language, ExpertTexts>> = { en: en.experts.messages, sq: sq.experts.messages, sr: sr.experts.messages };

const KEYS: ReadonlyMap<string, keyof ExpertTexts> = new Map(
  (Object.entries(en.experts.messages) as [keyof ExpertTexts, string][]).map(([key, text]) => [text, key]),
);

function translate(language: Language, text: string): string {
  const key = KEYS.get(text);
  return key === undefined ? text : TEXTS[language][key];
}

/** `{"detail"}` and `{"field": [...]}` bodies with our texts in the language; anything else as it came. */
export function translateExpertError(language: Language, body: unknown): unknown {
  if (language === DEFAULT_LANGUAGE || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (key === 'detail' && typeof value === 'string') return [key, translate(language, value)];
      if (Array.isArray(value)) return [key, value.map((item) => (typeof item === 'string' ? translate(language, item) : item))];
      return [key, value];
    }),
  );
}
