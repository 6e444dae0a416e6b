import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../shared/constants';

// The language a caller reads: modules whose answers carry texts (fee labels, refusals) translate
// them into it. Outside the modules folder because several modules use it.

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
