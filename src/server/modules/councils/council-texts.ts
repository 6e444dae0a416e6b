import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/constants';

// The councils module's refusals in the caller's language (locales/<lang>/server.json, `councils`).
// Routes and schemas use the English texts of COUNCIL_MESSAGES (the API's language, as errors.ts
// does; a test keeps them equal to `councils.messages` in en); the module's onSend hook translates.

type CouncilTexts = typeof en.councils.messages;
const TEXTS: Readonly<Record<Language, CouncilTexts>> = { en: en.councils.messages, sq: sq.councils.messages, sr: sr.councils.messages };

const KEYS: ReadonlyMap<string, keyof CouncilTexts> = new Map(
  (Object.entries(en.councils.messages) as [keyof CouncilTexts, string][]).map(([key, text]) => [text, key]),
);

function translate(language: Language, text: string): string {
  const key = KEYS.get(text);
  return key === undefined ? text : TEXTS[language][key];
}

/** `{"detail"}` and `{"field": [...]}` bodies with our texts in the language; anything else as it came. */
export function translateCouncilError(language: Language, body: unknown): unknown {
  if (language === DEFAULT_LANGUAGE || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (key === 'detail' && typeof value === 'string') return [key, translate(language, value)];
      if (Array.isArray(value)) return [key, value.map((item) => (typeof item === 'string' ? translate(language, item) : item))];
      return [key, value];
    }),
  );
}
