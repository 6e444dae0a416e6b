import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/constants';
import { INTL_LOCALE_TAGS } from '../../shared/locale-tags';

// People's names in the reader's alphabet, the same collation the renderer sorts with
// (lib/format.ts compareText): Ç after C in Albanian; Č, Ć after C, Đ after D, Š after S in
// Serbian. The database's collation is the cluster's (often C: code points, which put every
// accented capital after Z), so short lists of people are read and then sorted here.

const collators = new Map<Language, Intl.Collator>();

function collatorOf(language: string): Intl.Collator {
  const tag = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
  let collator = collators.get(tag);
  if (!collator) {
    collator = new Intl.Collator(INTL_LOCALE_TAGS[tag], { sensitivity: 'base', numeric: true });
    collators.set(tag, collator);
  }
  return collator;
}

/** Compares two names as the reader's language files them; equal names by code points, so the order is total. */
export function compareNames(language: string, a: string, b: string): number {
  return collatorOf(language).compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** The rows sorted by the names `keys` gives (last name, then first name …), in the reader's language. */
export function sortByName<T>(rows: readonly T[], language: string, keys: (row: T) => readonly string[]): T[] {
  return [...rows].sort((x, y) => {
    const a = keys(x);
    const b = keys(y);
    for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
      const order = compareNames(language, a[index] ?? '', b[index] ?? '');
      if (order !== 0) return order;
    }
    return 0;
  });
}
