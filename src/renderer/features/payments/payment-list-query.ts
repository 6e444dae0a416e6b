import { PAYMENT_METHODS, PAYMENT_ORDERINGS, PAYMENT_STATUSES, type PaymentListFilter, type PaymentListQuery } from '../../../shared/api/payments';
import { DEFAULT_PAGE_SIZE, SERVICE_TYPES } from '../../../shared/constants';
import { MONEY_TEXT } from './payment-amounts';
import { withListParam } from '../../lib/list-paging';

// The payments list's filters, sort and page live in the address, so a filtered list can be
// bookmarked, reloaded and shared. These are the parameters the screen reads; a hand-edited value
// the server would refuse is left out, not sent.

export type FilterKey = 'status' | 'service_type' | 'method' | 'date_from' | 'date_to' | 'amount_min' | 'amount_max' | 'search' | 'ordering' | 'page' | 'page_size';
const FILTER_KEYS = ['status', 'service_type', 'method', 'date_from', 'date_to', 'amount_min', 'amount_max', 'search'] as const;

export const PAGE_SIZES = [25, 50, 100] as const;
export type PaymentOrdering = (typeof PAYMENT_ORDERINGS)[number];
/** Newest request first, as the server does without an ordering. */
export const DEFAULT_SORT: Sort = { column: 'created_at', direction: 'descending' };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const isIn = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The statuses chosen: one address parameter, comma separated (as the API takes them). */
export function statusesFromParams(params: URLSearchParams): PaymentListFilter['status'] & string[] {
  const named = (params.get('status') ?? '').split(',').filter((status): status is (typeof PAYMENT_STATUSES)[number] => isIn(PAYMENT_STATUSES, status));
  return PAYMENT_STATUSES.filter((status) => named.includes(status));
}

/** What the address filters the list by: also what the export writes. */
export function filterFromParams(params: URLSearchParams): PaymentListFilter & { service_type?: number } {
  const filter: PaymentListFilter & { service_type?: number } = {};
  const statuses = statusesFromParams(params);
  if (statuses.length > 0) filter.status = statuses;
  const service = Number(params.get('service_type'));
  if ((SERVICE_TYPES as readonly number[]).includes(service)) filter.service_type = service;
  const method = params.get('method') ?? '';
  if (isIn(PAYMENT_METHODS, method)) filter.method = method;
  for (const key of ['date_from', 'date_to'] as const) {
    const value = params.get(key) ?? '';
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) filter[key] = value;
  }
  for (const key of ['amount_min', 'amount_max'] as const) {
    const value = (params.get(key) ?? '').trim();
    if (MONEY_TEXT.test(value)) filter[key] = value;
  }
  const search = params.get('search')?.trim();
  if (search) filter.search = search;
  return filter;
}

export interface Sort {
  column: PaymentOrdering;
  direction: 'ascending' | 'descending';
}

export function sortFromParams(params: URLSearchParams): Sort {
  const value = params.get('ordering');
  if (!value) return DEFAULT_SORT;
  const descending = value.startsWith('-');
  const column = descending ? value.slice(1) : value;
  return isIn(PAYMENT_ORDERINGS, column) ? { column, direction: descending ? 'descending' : 'ascending' } : DEFAULT_SORT;
}

export function orderingOf(sort: Sort): PaymentListRequest['ordering'] {
  return `${sort.direction === 'descending' ? '-' : ''}${sort.column}`;
}

/** GET /payments/'s query (paymentListQuery) with the statuses joined and the page as the address gives it. */
export type PaymentListRequest = Omit<PaymentListFilter, 'status' | 'service_type'> & {
  status?: string;
  service_type?: number;
  ordering: NonNullable<PaymentListQuery['ordering']>;
  page: number;
  page_size: number;
};

/** The API query of the address: the filters, the sort order and the page. */
export function queryFromParams(params: URLSearchParams): PaymentListRequest {
  const { status, ...filter } = filterFromParams(params);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const size = Number(params.get('page_size'));
  return {
    ...filter,
    ...(Array.isArray(status) && status.length > 0 ? { status: status.join(',') } : {}),
    ordering: orderingOf(sortFromParams(params)),
    page,
    page_size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** A copy of `params` with `key` set (removed when empty); any change but the page returns to page 1. */
export function withParam(params: URLSearchParams, key: FilterKey, value: string | null): URLSearchParams {
  return withListParam(params, key, value);
}

/** The address without its filters, keeping the sort order and the page size. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of [...FILTER_KEYS, 'page'] as const) next.delete(key);
  return next;
}

/** Whether any filter is set (the empty list then says "nothing matches" rather than "no payments yet"). */
export function hasFilters(params: URLSearchParams): boolean {
  return Object.keys(filterFromParams(params)).length > 0;
}
