import { APPLICATION_ORDERING_FIELDS, type ApplicationOrderingField } from '../../../shared/api/applications';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import type { ListQuery } from '../../lib/api-client';

// The list's filters live in the URL (shareable, restored on back). These are the parameters the
// screen understands; anything else in the URL is ignored.

export const FILTER_KEYS = [
  'search',
  'service_type',
  'status',
  'assigned_officer',
  'council',
  'priority',
  'submitted_from',
  'submitted_to',
  'overdue',
  'archived',
  'incomplete',
  'ordering',
  'page',
  'page_size',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const PAGE_SIZES = [25, 50, 100] as const;

/** The API query of the URL's search params (statuses and priorities may repeat). */
export function queryFromParams(params: URLSearchParams): ListQuery {
  const query: Record<string, string | string[]> = {};
  for (const key of FILTER_KEYS) {
    const values = params.getAll(key).filter((value) => value !== '');
    if (values.length === 0) continue;
    if (key === 'status' || key === 'priority') query[key] = values;
    else query[key] = values[0]!;
  }
  return query as ListQuery;
}

/** A copy of `params` with `key` set (or removed when empty); any filter change returns to page 1. */
export function withParam(params: URLSearchParams, key: FilterKey, value: string | readonly string[] | null): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(key);
  const values = value === null ? [] : typeof value === 'string' ? [value] : value;
  for (const item of values) if (item !== '') next.append(key, item);
  if (key !== 'page') next.delete('page');
  return next;
}

export interface Sort {
  column: ApplicationOrderingField;
  direction: 'ascending' | 'descending';
}

export function sortFromOrdering(ordering: string | null): Sort {
  const value = ordering || '-submitted_at';
  const descending = value.startsWith('-');
  const column = (descending ? value.slice(1) : value) as ApplicationOrderingField;
  return APPLICATION_ORDERING_FIELDS.includes(column)
    ? { column, direction: descending ? 'descending' : 'ascending' }
    : { column: 'submitted_at', direction: 'descending' };
}

export function orderingFromSort(sort: Sort): string {
  return `${sort.direction === 'descending' ? '-' : ''}${sort.column}`;
}

export function pageOf(params: URLSearchParams): { page: number; pageSize: number } {
  const page = Math.max(1, Number(params.get('page')) || 1);
  const size = Number(params.get('page_size'));
  return { page, pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE };
}

/** Keys "Clear filters" keeps: the service view (its tab stays selected), the sort order and the page size. */
const KEPT_ON_CLEAR: readonly FilterKey[] = ['service_type', 'ordering', 'page_size'];

/** The URL without its filters (page 1), keeping the service view, the sort order and the page size. */
export function clearedFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of KEPT_ON_CLEAR) for (const value of params.getAll(key)) next.append(key, value);
  return next;
}
