import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../src/shared/constants';

const localesDir = join(import.meta.dirname, '../../locales');
type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function load(language: string, namespace: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree);
}

// "{{count, number}}" names the variable count (the part after the comma is its format).
const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();

// i18next plural keys: "days_one", "days_few", "days_other"; which forms a language needs is CLDR's
// (Intl.PluralRules, full ICU in Node): one/other for en and sq, one/few/other for Serbian.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const baseKeys = (texts: Map<string, string>) => [...new Set([...texts.keys()].map(baseKey))].sort();

function pluralForms(texts: Map<string, string>): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of texts.keys()) {
    const form = PLURAL_SUFFIX.exec(key)?.[1];
    if (form) forms.set(baseKey(key), [...(forms.get(baseKey(key)) ?? []), form].sort());
  }
  return forms;
}
const namespaces = readdirSync(join(localesDir, 'en')).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));

describe('locales', () => {
  it('has namespaces', () => {
    expect(namespaces.length).toBeGreaterThan(0);
  });

  for (const language of LANGUAGES) {
    it(`${language} has exactly the namespaces of en`, () => {
      const files = readdirSync(join(localesDir, language)).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...namespaces].sort());
    });
  }

  for (const namespace of namespaces) {
    describe(namespace, () => {
      const english = load('en', namespace);
      for (const language of LANGUAGES) {
        it(`${language} gives every plural key each form the language needs`, () => {
          const needed = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort();
          const texts = load(language, namespace);
          for (const [key, forms] of pluralForms(texts)) expect(forms, `${language}/${namespace}:${key}`).toEqual(needed);
          // A key plural in en is plural in every language, and the other way round.
          expect([...pluralForms(texts).keys()].sort()).toEqual([...pluralForms(english).keys()].sort());
        });

        it(`${language} writes counts in the language's digits ({{count, number}}, lib/format.ts)`, () => {
          for (const [key, text] of load(language, namespace)) {
            expect(text, `${language}/${namespace}:${key}`).not.toMatch(/\{\{\s*count\s*\}\}/);
          }
        });
      }

      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        it(`${language} has every key of en, no extra keys, no empty texts, same {{variables}}`, () => {
          const translated = load(language, namespace);
          expect(baseKeys(translated)).toEqual(baseKeys(english));
          for (const [key, text] of translated) {
            expect(text.trim(), `${language}/${namespace}:${key} is empty`).not.toBe('');
            const source = english.get(key) ?? english.get(`${baseKey(key)}_other`) ?? '';
            expect(variables(text), `${language}/${namespace}:${key} variables`).toEqual(variables(source));
          }
        });

        it(`${language} is a translation, not a copy of en`, () => {
          const translated = load(language, namespace);
          // Short labels and proper names may legitimately read the same (e.g. "OK", "PDF", "NARIC").
          const copies = [...english].filter(([key, text]) => text.length > 6 && translated.get(key) === text);
          const longTexts = [...english.values()].filter((text) => text.length > 6).length;
          expect(copies.length, `copied from en: ${copies.map(([k]) => k).join(', ')}`).toBeLessThanOrEqual(Math.floor(longTexts * 0.1));
        });
      }
    });
  }
});
