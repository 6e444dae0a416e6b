import { AUTH_SOURCES, USER_ORDERINGS, type UserListFilter, type UserListQuery } from '../../../shared/api/users';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { withListParam } from '../../lib/list-paging';

// The users list's filters, sort and page live in the address, so a filtered list can be
// bookmarked, reloaded and shared. These are the parameters the screen reads; anything else in
// the address is ignored (a hand-edited value the server would refuse is left out, not sent).

export const YES_NO_FILTERS = ['is_active', 'email_verified', 'two_factor_enabled'] as const;
export type YesNoFilter = (typeof YES_NO_FILTERS)[number];
export type FilterKey = 'group' | YesNoFilter | 'auth_source' | 'search' | 'ordering' | 'page' | 'page_size';

export const PAGE_SIZES = [25, 50, 100] as const;
export type UserOrdering = (typeof USER_ORDERINGS)[number];
export const DEFAULT_ORDERING: UserOrdering = 'name';

const yesNo = (value: string | null) => (value === 'true' || value === 'false' ? value : undefined);

/** What the address filters the list by: also the selection "everything matching this filter". */
export function filterFromParams(params: URLSearchParams): UserListFilter {
  const filter: UserListFilter = {};
  const group = params.get('group')?.trim();
  if (group) filter.group = group;
  for (const key of YES_NO_FILTERS) {
    const value = yesNo(params.get(key));
    if (value) filter[key] = value;
  }
  const source = params.get('auth_source');
  if ((AUTH_SOURCES as readonly string[]).includes(source ?? '')) filter.auth_source = source as UserListFilter['auth_source'];
  const search = params.get('search')?.trim();
  if (search) filter.search = search;
  return filter;
}

export interface Sort {
  column: UserOrdering;
  direction: 'ascending' | 'descending';
}

export function sortFromParams(params: URLSearchParams): Sort {
  const value = params.get('ordering') ?? DEFAULT_ORDERING;
  const descending = value.startsWith('-');
  const column = (descending ? value.slice(1) : value) as UserOrdering;
  return USER_ORDERINGS.includes(column) ? { column, direction: descending ? 'descending' : 'ascending' } : { column: DEFAULT_ORDERING, direction: 'ascending' };
}

export function orderingOf(sort: Sort): UserListRequest['ordering'] {
  return `${sort.direction === 'descending' ? '-' : ''}${sort.column}` as UserListRequest['ordering'];
}

export function pageOf(params: URLSearchParams): { page: number; pageSize: number } {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const size = Number(params.get('page_size'));
  return { page, pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE };
}

/** GET /users/'s query (userListQuery) with the page as the address gives it. */
export type UserListRequest = UserListFilter & { ordering: NonNullable<UserListQuery['ordering']>; page: number; page_size: number };

/** The API query of the address: the filters, the sort order and the page. */
export function queryFromParams(params: URLSearchParams): UserListRequest {
  const { page, pageSize } = pageOf(params);
  return { ...filterFromParams(params), ordering: orderingOf(sortFromParams(params)), page, page_size: pageSize };
}

/** A copy of `params` with `key` set (removed when empty); any change but the page returns to page 1. */
export function withParam(params: URLSearchParams, key: FilterKey, value: string | null): URLSearchParams {
  return withListParam(params, key, value);
}

/** The address without its filters, keeping the sort order and the page size. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  for (const key of ['ordering', 'page_size'] as const) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  return next;
}

/** The filter as one string: a selection made under one filter is dropped when the filter changes. */
export function filterIdentity(filter: UserListFilter): string {
  return JSON.stringify(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b)));
}
