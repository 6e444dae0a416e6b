import { z } from 'zod';
import { DISALLOWED_CHARACTERS_MESSAGE, tooLongMessage } from '../errors';

// Every string a client sends (bodies, query strings, path parameters) goes through this one type,
// so no control character, NUL or broken UTF-16 ever reaches the database (PostgreSQL refuses NUL
// with error 22021) and no text outgrows its column or index. Later endpoints inherit it by using it.

export { DISALLOWED_CHARACTERS_MESSAGE, tooLongMessage };

/** Lengths by kind of field, so the same kind of text has the same limit everywhere. */
export const TEXT_LIMITS = {
  /** Anything without a limit of its own. */
  default: 1000,
  username: 150,
  email: 254,
  password: 1024,
  name: 200,
  search: 200,
  code: 64,
  token: 2048,
  notes: 20_000,
  body: 100_000,
} as const;

// C0 controls and DEL; single-line text also refuses line breaks and tabs.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface SafeTextOptions {
  /** Most characters allowed (after trimming). Default TEXT_LIMITS.default. */
  max?: number;
  /** Multi-line text (notes, bodies) may hold \n, \r and \t. */
  multiline?: boolean;
  /** Leading and trailing white space is removed (default true; passwords keep theirs). */
  trim?: boolean;
}

/** True when the text holds only characters the API accepts. */
export function isSafeText(text: string, multiline = false): boolean {
  return !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(text) && !LONE_SURROGATE.test(text);
}

/**
 * A request string: no control characters (multi-line text keeps \n, \r, \t), no lone surrogates,
 * at most `max` characters. Chain `.min(1, 'This field is required')` etc. as with z.string().
 */
export function safeText(options: SafeTextOptions = {}) {
  const { max = TEXT_LIMITS.default, multiline = false, trim = true } = options;
  // The length is checked first so a 1 MB string is refused without scanning it twice.
  const checked = z
    .string()
    .max(trim ? max * 4 : max, { message: tooLongMessage(max), abort: true })
    .refine((text) => isSafeText(text, multiline), { message: DISALLOWED_CHARACTERS_MESSAGE, abort: true });
  return (trim ? checked.trim() : checked).max(max, tooLongMessage(max));
}
