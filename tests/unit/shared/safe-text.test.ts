import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DISALLOWED_CHARACTERS_MESSAGE, TEXT_LIMITS, isSafeText, safeText, tooLongMessage } from '../../../src/shared/api/safe-text';
import { fieldMessageTranslation } from '../../../src/shared/errors';

// The one text type every request string goes through.

const messagesOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('safeText', () => {
  it('keeps ordinary text of every script, trimmed', () => {
    const text = safeText({ max: 50 });
    expect(text.parse('  Arta Krasniqi  ')).toBe('Arta Krasniqi');
    expect(text.parse('Đorđe Šćekić — Prishtinë 😀')).toBe('Đorđe Šćekić — Prishtinë 😀');
    expect(safeText({ trim: false }).parse('  pass word  ')).toBe('  pass word  ');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', 'a\u0007b'],
    ['escape', '\u001b[31mred'],
    ['DEL', 'a\u007fb'],
    ['a line break in single-line text', 'first\nsecond'],
    ['a tab in single-line text', 'a\tb'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['a high surrogate at the end', 'abc\ud83d'],
    ['reversed surrogates', '\ude00\ud83d'],
  ])('refuses %s with a message a person can act on', (_name, value) => {
    expect(messagesOf(safeText(), value)).toEqual([DISALLOWED_CHARACTERS_MESSAGE]);
  });

  it('lets multi-line text keep line breaks and tabs, and nothing else', () => {
    const notes = safeText({ multiline: true, max: 100 });
    expect(notes.parse('line one\r\n\tline two')).toBe('line one\r\n\tline two');
    expect(messagesOf(notes, 'line\u0000')).toEqual([DISALLOWED_CHARACTERS_MESSAGE]);
    expect(messagesOf(notes, 'line\u000b')).toEqual([DISALLOWED_CHARACTERS_MESSAGE]);
  });

  it('bounds the length (default and explicit), counting after trimming', () => {
    expect(messagesOf(safeText({ max: 5 }), 'abcdef')).toEqual([tooLongMessage(5)]);
    expect(safeText({ max: 5 }).parse('   abcde   ')).toBe('abcde');
    expect(messagesOf(safeText(), 'x'.repeat(TEXT_LIMITS.default + 1))).toEqual([tooLongMessage(TEXT_LIMITS.default)]);
    // A 1 MB string is one message, not one per check.
    expect(messagesOf(safeText({ max: TEXT_LIMITS.username }), '\u0000'.repeat(1024 * 1024))).toEqual([tooLongMessage(TEXT_LIMITS.username)]);
  });

  it('chains like z.string() and publishes its limit in the JSON schema', () => {
    const required = safeText({ max: 10 }).min(1, 'This field is required');
    expect(messagesOf(required, '   ')).toEqual(['This field is required']);
    expect(z.toJSONSchema(z.object({ name: safeText({ max: 10 }) })).properties?.name).toMatchObject({ type: 'string', maxLength: 10 });
  });

  it('isSafeText agrees with the schema', () => {
    expect(isSafeText('ok')).toBe(true);
    expect(isSafeText('a\nb')).toBe(false);
    expect(isSafeText('a\nb', true)).toBe(true);
    expect(isSafeText('😀')).toBe(true);
    expect(isSafeText('\ud83d')).toBe(false);
  });

  it('has a translation key for each of its messages', () => {
    expect(fieldMessageTranslation(DISALLOWED_CHARACTERS_MESSAGE)?.key).toBe('common:validation.disallowedCharacters');
    expect(fieldMessageTranslation(tooLongMessage(150))).toEqual({ key: 'common:validation.tooLong', values: { max: 150 } });
    expect(fieldMessageTranslation('Something else')).toBeUndefined();
  });
});
