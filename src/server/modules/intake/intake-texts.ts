import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { INTAKE_MESSAGES } from '../../../shared/api/intake';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/constants';

// The counter intake's refusals in the caller's language (locales/<lang>/server.json, `intake`).
// Routes throw the English text (the API's language, as errors.ts does); the onSend hook of the
// module translates it on the way out when Accept-Language asks for sq or sr. The shared
// INTAKE_MESSAGES are the same English texts (a test keeps them equal), so a client comparing
// with them still matches an untranslated answer.

type IntakeTexts = typeof en.intake.messages;
const TEXTS: Readonly<Record<Language, IntakeTexts>> = { en: en.intake.messages, sq: sq.intake.messages, sr: sr.intake.messages };

/** Our English texts by key: INTAKE_MESSAGES plus the server's own refusals. */
export const INTAKE_TEXTS: IntakeTexts = { ...en.intake.messages, ...INTAKE_MESSAGES };

const KEYS: ReadonlyMap<string, keyof IntakeTexts> = new Map(
  (Object.entries(en.intake.messages) as [keyof IntakeTexts, string][]).map(([key, text]) => [text, key]),
);


function translate(language: Language, text: string): string {
  const key = KEYS.get(text);
  return key === undefined ? text : TEXTS[language][key];
}

/** `{"detail"}` and `{"field": [...]}` bodies with our texts in the language; anything else as it came. */
export function translateIntakeError(language: Language, body: unknown): unknown {
  if (language === DEFAULT_LANGUAGE || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(
    Object.entries(body).map(([key, value]) => {
      if (key === 'detail' && typeof value === 'string') return [key, translate(language, value)];
      if (Array.isArray(value)) return [key, value.map((item) => (typeof item === 'string' ? translate(language, item) : item))];
      return [key, value];
    }),
  );
}
