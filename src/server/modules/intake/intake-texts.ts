import type { FastifyRequest } from 'fastify';
import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { INTAKE_MESSAGES } from '../../../shared/api/intake';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';

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

const isLanguage = (value: string): value is Language => (LANGUAGES as readonly string[]).includes(value);

/** The first of en, sq, sr the request's Accept-Language names (by quality), else en. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: quality === undefined ? 1 : Number(quality), index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

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
