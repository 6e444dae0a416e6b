import { APPEAL_ORDERINGS, APPEAL_STATES, type AppealState } from '../../../shared/api/appeals';
import { orderingOf, pageOf, type SortOptions } from '../../lib/list-address';

// The appeals list's filters, sort and page live in the address (bookmarkable, shareable). A
// hand-edited value the server would refuse is left out, not sent.

export const APPEAL_FILTERS = ['state', 'late', 'council', 'officer', 'service_type', 'received_from', 'received_to'];

export const APPEAL_SORT: SortOptions = {
  columns: { received: 'received_on', due: 'due_date', reference: 'id' },
  initial: '-received_on',
  orderings: APPEAL_ORDERINGS,
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const positive = (value: string | null) => (value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : undefined);

export type AppealListRequest = {
  state?: AppealState;
  late?: 'true' | 'false';
  council?: number;
  officer?: number;
  service_type?: number;
  received_from?: string;
  received_to?: string;
  ordering: (typeof APPEAL_ORDERINGS)[number];
  page: number;
  page_size: number;
};

export function filterFromParams(params: URLSearchParams): Omit<AppealListRequest, 'page' | 'page_size' | 'ordering'> {
  const filter: Omit<AppealListRequest, 'page' | 'page_size' | 'ordering'> = {};
  const state = params.get('state') ?? '';
  if ((APPEAL_STATES as readonly string[]).includes(state)) filter.state = state as AppealState;
  const late = params.get('late');
  if (late === 'true' || late === 'false') filter.late = late;
  const council = positive(params.get('council'));
  if (council) filter.council = council;
  const officer = positive(params.get('officer'));
  if (officer) filter.officer = officer;
  const service = params.get('service_type');
  if (service === '1' || service === '2') filter.service_type = Number(service);
  for (const key of ['received_from', 'received_to'] as const) {
    const value = params.get(key) ?? '';
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) filter[key] = value;
  }
  return filter;
}

export function queryFromParams(params: URLSearchParams): AppealListRequest {
  const { page, pageSize } = pageOf(params);
  return { ...filterFromParams(params), ordering: orderingOf(params, APPEAL_SORT) as AppealListRequest['ordering'], page, page_size: pageSize };
}

export function hasFilters(params: URLSearchParams): boolean {
  return Object.keys(filterFromParams(params)).length > 0;
}
