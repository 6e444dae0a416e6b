import { APPLICATION_ORDERING_FIELDS } from '../../../shared/api/applications';
import type { ListQuery } from '../../lib/api-client';
import { orderingOf, pageOf, type SortOptions } from '../../lib/list-address';

// The list's filters live in the URL (shareable, restored on back). These are the parameters the
// screen understands; anything else in the URL is ignored.

export const APPLICATION_FILTERS = [
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
  'open',
];

/** The sortable columns and the ordering field of each; newest submission first without a choice. */
export const APPLICATION_SORT: SortOptions = {
  columns: {
    reference: 'reference',
    applicant: 'applicant',
    service: 'service_type',
    status: 'status',
    institution: 'institution',
    submitted: 'submitted_at',
    officer: 'assigned_officer',
    priority: 'priority',
    deadline: 'deadline',
  },
  initial: '-submitted_at',
  orderings: APPLICATION_ORDERING_FIELDS,
};

/** The API query of the address: its filters (statuses and priorities may repeat), sort order and page. */
export function queryFromParams(params: URLSearchParams): ListQuery {
  const query: Record<string, string | string[]> = {};
  for (const key of APPLICATION_FILTERS) {
    const values = params.getAll(key).filter((value) => value !== '');
    if (values.length === 0) continue;
    if (key === 'status' || key === 'priority') query[key] = values;
    else query[key] = values[0]!;
  }
  const { page, pageSize } = pageOf(params);
  return { ...(query as ListQuery), ordering: orderingOf(params, APPLICATION_SORT), page, page_size: pageSize };
}
