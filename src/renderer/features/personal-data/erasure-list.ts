import type { ErasureItem, ErasureRequestRow } from '../../../shared/api/personal-data';

// The erasure requests come whole (the newest 200); the list kit pages them here, filtered by
// whether they still wait for an answer.

export const ERASURE_STATES = ['waiting', 'answered'] as const;
export type ErasureState = (typeof ERASURE_STATES)[number];

/** One page of the requests in `state` (null: all), in the list kit's shape. */
export function erasurePage(rows: readonly ErasureRequestRow[], state: ErasureState | null, page: number, pageSize: number): { count: number; results: ErasureRequestRow[] } {
  const shown = state === null ? rows : rows.filter((row) => (row.outcome === null) === (state === 'waiting'));
  return { count: shown.length, results: shown.slice((page - 1) * pageSize, page * pageSize) };
}

/** What a decision may do: erase what may be erased, and whether the law that keeps the rest must be named. */
export function erasureChoices(items: readonly ErasureItem[]): { erasable: number; kept: number; mayErase: boolean; basisRequired: (decision: 'erase' | 'refuse') => boolean } {
  const erasable = items.filter((item) => item.keep === null).length;
  // Already anonymised is nothing kept: there is nothing left to erase or to justify.
  const kept = items.filter((item) => item.keep !== null && item.keep !== 'already_anonymised').length;
  return { erasable, kept, mayErase: erasable > 0 || kept === 0, basisRequired: (decision) => decision === 'refuse' || kept > 0 };
}
