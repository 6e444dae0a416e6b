import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import enErrors from '../../../locales/en/errors.json';
import enRefusals from '../../../locales/en/refusals.json';
import sqErrors from '../../../locales/sq/errors.json';
import sqRefusals from '../../../locales/sq/refusals.json';
import srErrors from '../../../locales/sr/errors.json';
import srRefusals from '../../../locales/sr/refusals.json';
import { ERROR_CODES } from '../../../src/shared/errors';
import { REFUSALS, interpolateRefusal, refusalParamKinds, refusalTextKey, refusalTextVariables, type RefusalCode } from '../../../src/shared/refusals';

// Every code the server can send is an ErrorCode or a key of REFUSALS (the type of every throw
// helper's code, so no other code compiles): each has its text in en, sq and sr, and each text
// interpolates exactly the parameters the code carries.

const TEXTS = {
  en: { errors: enErrors, refusals: enRefusals },
  sq: { errors: sqErrors, refusals: sqRefusals },
  sr: { errors: srErrors, refusals: srRefusals },
} as const satisfies Record<string, Record<'errors' | 'refusals', Record<string, string>>>;

const EVERY_CODE: readonly RefusalCode[] = [...Object.values(ERROR_CODES), ...(Object.keys(REFUSALS) as (keyof typeof REFUSALS)[])];

function textOf(language: keyof typeof TEXTS, code: RefusalCode): string | undefined {
  const [namespace, key] = refusalTextKey(code).split(':') as ['errors' | 'refusals', string];
  return (TEXTS[language][namespace] as Record<string, string>)[key];
}

describe('the refusal catalogue', () => {
  it('names each code once: no refusal shadows an ErrorCode', () => {
    const errorCodes = new Set<string>(Object.values(ERROR_CODES));
    expect(Object.keys(REFUSALS).filter((code) => errorCodes.has(code))).toEqual([]);
    expect(new Set(EVERY_CODE).size).toBe(EVERY_CODE.length);
  });

  for (const language of ['en', 'sq', 'sr'] as const) {
    it(`has a text for every code in ${language}, with exactly the code's parameters`, () => {
      const problems: string[] = [];
      for (const code of EVERY_CODE) {
        const text = textOf(language, code);
        if (!text?.trim()) {
          problems.push(`${code}: no text`);
          continue;
        }
        const variables = [...new Set(refusalTextVariables(text))].sort();
        const params = Object.keys(refusalParamKinds(code)).sort();
        if (variables.join() !== params.join()) problems.push(`${code}: text has {${variables.join()}}, code carries {${params.join()}}`);
      }
      expect(problems).toEqual([]);
    });
  }

  it('keeps no text for a code that is not in the catalogue', () => {
    for (const language of ['en', 'sq', 'sr'] as const) {
      expect(Object.keys(TEXTS[language].refusals).filter((code) => !Object.hasOwn(REFUSALS, code))).toEqual([]);
    }
  });

  it('writes the parameters into a text, formatted or not, and leaves unknown ones', () => {
    expect(interpolateRefusal('{{quorum, number}} of {{count}} ({{other}})', { quorum: 3, count: '2' })).toBe('3 of 2 ({{other}})');
  });
});

// The renderer says a refusal or a schema's check by its code and params, never by matching the
// English words the API sends beside them: no renderer module compares an issue's message or
// imports a shared table of English messages to map back from. A form's own rule names its words
// by key (lib/form.ts ownCheck), a shared rule its refusal code (checkRefusal).
describe('the renderer reads codes, not English', () => {
  const ENGLISH_COMPARISON = /issue\.message\s*(?:===|!==)|\[issue\.message\]|\bmessage\s*===\s*[A-Z_]+_MESSAGES?\b/;
  const ENGLISH_TABLE_IMPORT = /import\s*\{[^}]*\b(?!ERROR_MESSAGES\b)[A-Z_]+_MESSAGES?\b[^}]*\}\s*from\s*'(?:\.\.\/)+shared\//;

  function sources(directory: string): string[] {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) ? [path] : [];
    });
  }

  it('finds no English message compared or mapped back', () => {
    const root = join(__dirname, '../../../src/renderer');
    const comparing = sources(root)
      .filter((path) => {
        const text = readFileSync(path, 'utf8');
        return ENGLISH_COMPARISON.test(text) || ENGLISH_TABLE_IMPORT.test(text);
      })
      .map((path) => relative(root, path).split(sep).join('/'))
      .sort();
    expect(comparing).toEqual([]);
  });

  it('recognises a comparison when it sees one', () => {
    expect(ENGLISH_COMPARISON.test("if (issue.message === REFERENCE_DATA_MESSAGES.invalidUrl) return t('x');")).toBe(true);
    expect(ENGLISH_TABLE_IMPORT.test("import { SETTING_LIMITS, SETTINGS_MESSAGES } from '../../../shared/api/settings';")).toBe(true);
    expect(ENGLISH_TABLE_IMPORT.test("import { ERROR_CODES, ERROR_MESSAGES } from '../../shared/errors';")).toBe(false);
  });
});
