import { sql, type RawBuilder } from 'kysely';
import { containsPattern, searchWords } from './search-pattern';

// Accent folding for searches, in SQL and in JavaScript alike: "prishtines" finds "Prishtinës",
// "Dusan" "Dušan", "kercova" "Kërçova". translate() works on any database locale (PGlite's C
// locale lowers ASCII only, so upper-case accented letters are folded explicitly) and needs no
// extension (unaccent). Migration 0015 folds the institutions' stored search text with the same
// letters (it keeps its own copy: a migration never changes), so a word folded here meets a column
// folded there.

const FOLD_FROM = 'ÀÁÂÃÄÅàáâãäåÇçĆćČčĐđÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöŠšÙÚÛÜùúûüÝýÿŽž';
const FOLD_TO = 'aaaaaaaaaaaaccccccddeeeeeeeeiiiiiiiinnoooooooooossuuuuuuuuyyyzz';

/** A text as the searches compare it: lower case, without accents. */
export function foldText(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) {
    const at = FOLD_FROM.indexOf(char);
    folded += at >= 0 ? FOLD_TO[at] : char;
  }
  return folded.normalize('NFD').replace(/\p{M}/gu, '');
}

/** `expression` folded in SQL the same way (null stays null). */
export const foldedSql = (expression: RawBuilder<unknown>) => sql`translate(lower(${expression}), ${FOLD_FROM}, ${FOLD_TO})`;

/** The LIKE patterns of each whitespace-separated word of `search`, folded (none for a blank search). */
export function foldedWordPatterns(search: string | undefined): string[] {
  return searchWords(search).map((word) => containsPattern(foldText(word)));
}
