import { AUTH_SOURCES, USER_ORDERINGS, type UserListFilter, type UserListQuery } from '../../../shared/api/users';
import { orderingOf, pageOf, type SortOptions } from '../../lib/list-address';

// The users list's filters, sort and page live in the address, so a filtered list can be
// bookmarked, reloaded and shared. These are the parameters the screen reads; anything else in
// the address is ignored (a hand-edited value the server would refuse is left out, not sent).

export const YES_NO_FILTERS = ['is_active', 'email_verified', 'two_factor_enabled'] as const;
export type YesNoFilter = (typeof YES_NO_FILTERS)[number];
export const USER_FILTERS = ['group', ...YES_NO_FILTERS, 'auth_source', 'search'];

/** The columns the server sorts by, and the ordering field of each. */
export const USER_SORT: SortOptions = { columns: { name: 'name', username: 'username', email: 'email', lastLogin: 'last_login' }, initial: 'name', orderings: USER_ORDERINGS };

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

/** GET /users/'s query (userListQuery) with the page as the address gives it. */
export type UserListRequest = UserListFilter & { ordering: NonNullable<UserListQuery['ordering']>; page: number; page_size: number };

/** The API query of the address: the filters, the sort order and the page. */
export function queryFromParams(params: URLSearchParams): UserListRequest {
  const { page, pageSize } = pageOf(params);
  return { ...filterFromParams(params), ordering: orderingOf(params, USER_SORT) as UserListRequest['ordering'], page, page_size: pageSize };
}

/** The filter as one string: a selection made under one filter is dropped when the filter changes. */
export function filterIdentity(filter: UserListFilter): string {
  return JSON.stringify(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b)));
}
