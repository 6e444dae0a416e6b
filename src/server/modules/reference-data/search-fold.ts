import { sql, type RawBuilder } from 'kysely';
import { containsPattern } from '../../search-pattern';

// Accent folding for the reference searches: "prishtines" finds "Prishtinës", "nis" "Niš". The
// letters are those migration 0015 folds the institutions' stored search text with (translate()
// works on any database locale; PGlite's C locale lowers ASCII only, so upper-case accented
// letters are folded explicitly), so a word folded here meets a column folded there.

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

/** `expression` folded in SQL the same way. */
export const foldedSql = (expression: RawBuilder<unknown>) => sql`translate(lower(${expression}), ${FOLD_FROM}, ${FOLD_TO})`;

/** The LIKE patterns of each whitespace-separated word of `search` (none for a blank search). */
export function wordPatterns(search: string | undefined): string[] {
  return (search ?? '')
    .split(/\s+/u)
    .filter((word) => word !== '')
    .map((word) => containsPattern(foldText(word)));
}
