import { useCallback, useEffect, useMemo, useRef } from 'react';
import type { SortDescriptor } from 'react-aria-components';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants';
import { asTransportError } from './transport-error';

// A list screen keeps its filters, sort order and page in the address, so a filtered list can be
// bookmarked, shared, reloaded and restored by Back. Every list screen reads and writes the
// address through this module (components/list-results.tsx draws the rows, the pager and the
// load error). The address may also hold a screen's other state (an open form, a tab, a year):
// only a change to a filter, the sort order or the page size starts the list again at page 1.

/** The page sizes a person can choose; the first is what a list shows without a choice. */
export const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, 100] as const;

/** A name's new value: null, '' or an empty list removes it; a list repeats the name. */
export type AddressValue = string | readonly string[] | null;
export type AddressChanges = Record<string, AddressValue>;

/** Besides the filters, the names whose change shows another set of rows. */
const LIST_SHAPE = ['ordering', 'page_size'];

/** `params` with `changes` applied; a change to one of `filters` (or the sort or page size) starts at page 1. */
export function withListParams(params: URLSearchParams, changes: AddressChanges, filters: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    next.delete(name);
    const values = value === null ? [] : typeof value === 'string' ? [value] : value;
    for (const item of values) if (item !== '') next.append(name, item);
  }
  if (Object.keys(changes).some((name) => filters.includes(name) || LIST_SHAPE.includes(name))) next.delete('page');
  return next;
}

/** The page (1 when missing or not a positive whole number) and the page size (one of PAGE_SIZES). */
export function pageOf(params: URLSearchParams): { page: number; pageSize: number } {
  const page = Number(params.get('page'));
  const size = Number(params.get('page_size'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The filters among `names` that the address carries (each once, the first value), for a list's query. */
export function filtersOf(params: URLSearchParams, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (params.get(name) ? [[name, params.get(name)!]] : [])));
}

export interface ListAddress {
  params: URLSearchParams;
  page: number;
  pageSize: number;
  /** Whether any of the screen's filters is set (an empty list then says "nothing matches"). */
  filtered: boolean;
  /** Applies `changes` to the latest address; `replace` rewrites the current history entry instead of adding one. */
  set(changes: AddressChanges, options?: { replace?: boolean }): void;
  /** Removes every filter but those in `keep`; the sort order and page size stay. */
  clearFilters(keep?: readonly string[]): void;
  /** Shows exactly `params` (a saved filter): whatever the address held is dropped. */
  showOnly(params: URLSearchParams): void;
}

/**
 * The list's address and the setter every filter, sort header and pager uses. The setter starts
 * from the latest params: a debounced search that lands after another filter changed keeps both
 * (react-router's own updater would start from the params of the render that scheduled it).
 */
export function useListAddress(filters: readonly string[]): ListAddress {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const set = useCallback(
    (changes: AddressChanges, options?: { replace?: boolean }) => {
      latest.current = withListParams(latest.current, changes, filters);
      setParams(latest.current, { replace: options?.replace });
    },
    // The screen's filter names are a constant of the screen.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setParams],
  );
  const clearFilters = useCallback(
    (keep: readonly string[] = []) => set(Object.fromEntries(filters.filter((name) => !keep.includes(name)).map((name) => [name, null]))),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [set],
  );
  const showOnly = useCallback(
    (next: URLSearchParams) => {
      latest.current = new URLSearchParams(next);
      setParams(latest.current);
    },
    [setParams],
  );
  return { params, ...pageOf(params), filtered: filters.some((name) => params.has(name)), set, clearFilters, showOnly };
}

export interface SortOptions {
  /** Each sortable column's id and the server's ordering field for it. */
  columns: Record<string, string>;
  /** The ordering without a choice in the address (a field, '-' first for descending). */
  initial: string;
  /** Every ordering the server takes, when it takes more than the columns offer. */
  orderings?: readonly string[];
}

/** The ordering the address asks for, when the server takes it; otherwise the initial one. */
export function orderingOf(params: URLSearchParams, { columns, initial, orderings }: SortOptions): string {
  const value = params.get('ordering');
  if (!value) return initial;
  const field = value.replace(/^-/, '');
  const known = orderings ? orderings.includes(value) || orderings.includes(field) : Object.values(columns).includes(field);
  return known ? value : initial;
}

/** The table's sort header state for `ordering` (undefined when no column shows that field). */
export function sortDescriptorOf(ordering: string, columns: Record<string, string>): SortDescriptor | undefined {
  const field = ordering.replace(/^-/, '');
  const column = Object.keys(columns).find((id) => columns[id] === field);
  return column ? { column, direction: ordering.startsWith('-') ? 'descending' : 'ascending' } : undefined;
}

/** The server-side sort of a list: the ordering to send, and the table's sort header state and handler. */
export function useListSort(address: ListAddress, options: SortOptions) {
  const ordering = orderingOf(address.params, options);
  const sortDescriptor = useMemo(() => sortDescriptorOf(ordering, options.columns), [ordering, options.columns]);
  const onSortChange = (descriptor: SortDescriptor) => {
    const field = options.columns[String(descriptor.column)];
    if (field) address.set({ ordering: descriptor.direction === 'descending' ? `-${field}` : field });
  };
  return { ordering, sortDescriptor, onSortChange };
}

/**
 * A page past the end (fewer rows since the link was made) answers 404: go back to the first
 * page instead of showing an error. True while that is happening.
 */
export function useFirstPageWhenPastTheEnd(list: { isError: boolean; error: unknown }, address: ListAddress): boolean {
  const pastTheEnd = list.isError && address.page > 1 && asTransportError(list.error).status === 404;
  useEffect(() => {
    if (pastTheEnd) address.set({ page: null }, { replace: true });
    // Whether we are past the end is what matters; `set` keeps to the latest address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pastTheEnd]);
  return pastTheEnd;
}
