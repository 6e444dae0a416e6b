import { useMemo, useState } from 'react';
import type { UserListFilter, UserSelection } from '../../../shared/api/users';
import { filterIdentity } from './user-list-query';

// Which users the bulk bar acts on: some picked by hand (kept while paging), or every user the
// filter matches ("select all N matching this filter": the server works from the filter, not from
// ids the page knows). Changing the filter drops the selection: it was made under the old one.

export type ListSelection = { kind: 'ids'; ids: ReadonlySet<number> } | { kind: 'filter' };

const NOTHING: ListSelection = { kind: 'ids', ids: new Set() };

export interface ListSelectionControls {
  selection: ListSelection;
  isSelected(id: number): boolean;
  /** Ticks or unticks one user; unticking one of "all matching" keeps the rest of the page. */
  toggle(id: number, on: boolean, pageIds: readonly number[]): void;
  /** Ticks or unticks every user of the page. */
  togglePage(pageIds: readonly number[], on: boolean): void;
  selectAllMatching(): void;
  clear(): void;
  /** How many users are selected (`matching`: how many the filter matches). */
  count(matching: number): number;
  /** The selection as the API takes it, or null when nothing is selected. */
  request(): UserSelection | null;
}

export function useListSelection(filter: UserListFilter): ListSelectionControls {
  const key = filterIdentity(filter);
  const [state, setState] = useState<{ key: string; selection: ListSelection }>({ key, selection: NOTHING });
  const selection = state.key === key ? state.selection : NOTHING;
  // The same controls while the selection and the filter stay, so the list's columns (which draw
  // the ticks) stay the same too and its table keeps the rows it drew.
  return useMemo((): ListSelectionControls => {
    const set = (next: ListSelection) => setState({ key, selection: next });
    const ids = selection.kind === 'ids' ? selection.ids : null;

    return {
      selection,
      isSelected: (id) => ids === null || ids.has(id),
      toggle: (id, on, pageIds) => {
        const next = new Set(ids ?? pageIds);
        if (on) next.add(id);
        else next.delete(id);
        set({ kind: 'ids', ids: next });
      },
      togglePage: (pageIds, on) => {
        if (ids === null) return set(on ? selection : NOTHING);
        const next = new Set(ids);
        for (const id of pageIds) {
          if (on) next.add(id);
          else next.delete(id);
        }
        set({ kind: 'ids', ids: next });
      },
      selectAllMatching: () => set({ kind: 'filter' }),
      clear: () => set(NOTHING),
      count: (matching) => (ids === null ? matching : ids.size),
      request: () => (ids === null ? { filter } : ids.size > 0 ? { ids: [...ids] } : null),
    };
    // The key is the filter's identity: the filter is a new object at every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selection, key]);
}
