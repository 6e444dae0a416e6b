/** A LIKE/ILIKE pattern matching `text` anywhere: `%` and `_` typed by a person are letters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
