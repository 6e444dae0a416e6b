import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../shared/constants';
import { requestLanguage } from './request-language';

// A module's refusals in the caller's language. Routes throw English texts (the API's language,
// like every message of errors.ts, and what shared schemas and clients compare with); each module
// keeps its translations in locales/<lang>/server.json and has its error bodies translated on the
// way out, by the caller's Accept-Language. One mechanism for every module, so a refusal reads
// the same way wherever it comes from.

/** Turns an error body into the caller's language (anything it does not know stays as it came). */
export type RefusalTranslator = (language: Language, body: unknown) => unknown;

/**
 * A translator for `{"detail"}` and `{"field": [...]}` bodies whose texts are one of `texts.en`'s
 * values: each is swapped for the same key's text in the language.
 */
export function refusalTranslator(texts: Readonly<Record<Language, Readonly<Record<string, string>>>>): RefusalTranslator {
  const keys = new Map(Object.entries(texts[DEFAULT_LANGUAGE]).map(([key, text]) => [text, key]));
  const translate = (language: Language, text: string) => {
    const key = keys.get(text);
    return key === undefined ? text : (texts[language][key] ?? text);
  };
  return (language, body) => {
    if (language === DEFAULT_LANGUAGE || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    return Object.fromEntries(
      Object.entries(body).map(([key, value]) => {
        if (key === 'detail' && typeof value === 'string') return [key, translate(language, value)];
        if (Array.isArray(value)) return [key, value.map((item) => (typeof item === 'string' ? translate(language, item) : item))];
        return [key, value];
      }),
    );
  };
}

/** Has the plugin's JSON error answers (status ≥ 400) translated by `translator` for sq and sr callers. */
export function translateRefusals(app: FastifyInstance, translator: RefusalTranslator): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    const language = requestLanguage(request);
    if (language === DEFAULT_LANGUAGE) return payload;
    try {
      return JSON.stringify(translator(language, JSON.parse(payload)));
    } catch {
      return payload;
    }
  });
}
