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

const variables = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();
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
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        it(`${language} has every key of en, no extra keys, no empty texts, same {{variables}}`, () => {
          const translated = load(language, namespace);
          expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
          for (const [key, text] of translated) {
            expect(text.trim(), `${language}/${namespace}:${key} is empty`).not.toBe('');
            expect(variables(text), `${language}/${namespace}:${key} variables`).toEqual(variables(english.get(key) ?? ''));
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
