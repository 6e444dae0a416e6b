import { PAYMENT_METHODS, PAYMENT_ORDERINGS, PAYMENT_STATUSES, type PaymentListFilter, type PaymentListQuery } from '../../../shared/api/payments';
import { SERVICE_TYPES } from '../../../shared/constants';
import { MONEY_TEXT } from './payment-amounts';
import { orderingOf, pageOf, type SortOptions } from '../../lib/list-address';

// The payments list's filters, sort and page live in the address, so a filtered list can be
// bookmarked, reloaded and shared. These are the parameters the screen reads; a hand-edited value
// the server would refuse is left out, not sent.

export const PAYMENT_FILTERS = ['status', 'service_type', 'method', 'date_from', 'date_to', 'amount_min', 'amount_max', 'exemption', 'search'];

/** The columns the server sorts by; newest request first, as the server does without an ordering. */
export const PAYMENT_SORT: SortOptions = {
  columns: { reference: 'reference', amountDue: 'amount_due', requested: 'created_at', paidAt: 'paid_at' },
  initial: '-created_at',
  orderings: PAYMENT_ORDERINGS,
};

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
  if (params.get('exemption') === 'requested') filter.exemption = 'requested';
  const search = params.get('search')?.trim();
  if (search) filter.search = search;
  return filter;
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
  const { page, pageSize } = pageOf(params);
  return {
    ...filter,
    ...(Array.isArray(status) && status.length > 0 ? { status: status.join(',') } : {}),
    ordering: orderingOf(params, PAYMENT_SORT) as PaymentListRequest['ordering'],
    page,
    page_size: pageSize,
  };
}

/** Whether any filter is set (the empty list then says "nothing matches" rather than "no payments yet"). */
export function hasFilters(params: URLSearchParams): boolean {
  return Object.keys(filterFromParams(params)).length > 0;
}
