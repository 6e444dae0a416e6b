import { NOTIFICATION_KINDS, NOTIFICATION_STATUSES, type NotificationListFilter as ContractFilter } from '../../../shared/api/notifications';
import { NOTIFICATION_EVENTS } from '../../../shared/domain/notification-events';
import { pageOf } from '../../lib/list-address';

// The list's filters and page live in the address, so a filtered list can be bookmarked and
// shared. A hand-edited value the server would refuse is left out, not sent.

/** The filters the address carries (the contract's, but for application_id, which this screen does not offer). */
export type NotificationListFilter = Omit<ContractFilter, 'application_id'>;

export const NOTIFICATION_FILTERS = ['status', 'kind', 'event', 'date_from', 'date_to', 'search'];

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
  const { page, pageSize } = pageOf(params);
  return { ...filterFromParams(params), page, page_size: pageSize };
}
