/** A LIKE/ILIKE pattern matching `text` anywhere: `%` and `_` typed by a person are letters, not wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Every whitespace-separated word of `search` (none for an empty or blank search): a list search wants each. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').split(/\s+/u).filter((word) => word !== '');
}
