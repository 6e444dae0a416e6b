import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES, type NotificationListFilter as ContractFilter } from '../../../shared/api/notifications';
import { DEFAULT_PAGE_SIZE } from '../../../shared/constants';
import { NOTIFICATION_EVENTS } from '../../../shared/domain/notification-events';
import { withListParam } from '../../lib/list-paging';

// The list's filters and page live in the address, so a filtered list can be bookmarked and
// shared. A hand-edited value the server would refuse is left out, not sent.

/** The filters the address carries (the contract's, but for application_id, which this screen does not offer). */
export type NotificationListFilter = Omit<ContractFilter, 'application_id'>;

export type FilterKey = 'status' | 'kind' | 'event' | 'date_from' | 'date_to' | 'search' | 'page' | 'page_size';
export const PAGE_SIZES = [25, 50, 100] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.includes(value as T) ? (value as T) : undefined;
const isoDay = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : undefined);

export function filterFromParams(params: URLSearchParams): NotificationListFilter {
  const filter: NotificationListFilter = {};
  const status = oneOf(NOTIFICATION_STATUSES, params.get('status'));
  if (status) filter.status = status;
  const kind = oneOf(NOTIFICATION_KINDS, params.get('kind'));
  if (kind) filter.kind = kind;
  const event = oneOf(NOTIFICATION_EVENTS, params.get('event'));
  if (event) filter.event = event;
  const from = isoDay(params.get('date_from'));
  if (from) filter.date_from = from;
  const to = isoDay(params.get('date_to'));
  if (to) filter.date_to = to;
  const search = params.get('search')?.trim();
  if (search) filter.search = search;
  return filter;
}

export type NotificationListRequest = NotificationListFilter & { page: number; page_size: number };

export function queryFromParams(params: URLSearchParams): NotificationListRequest {
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const size = Number(params.get('page_size'));
  return { ...filterFromParams(params), page, page_size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE };
}

/** A copy of `params` with `key` set (removed when empty); any change but the page returns to page 1. */
export function withParam(params: URLSearchParams, key: FilterKey, value: string | null): URLSearchParams {
  return withListParam(params, key, value);
}

/** The address without its filters, keeping the page size. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  const size = params.get('page_size');
  if (size) next.set('page_size', size);
  return next;
}
