import { describe, expect, it } from 'vitest';
import { APPLICATION_FILTERS, APPLICATION_SORT, queryFromParams } from '../../../../src/renderer/features/applications/list-query';
import { orderingOf, pageOf, sortDescriptorOf, withListParams } from '../../../../src/renderer/lib/list-address';

const withParam = (params: URLSearchParams, key: string, value: string | readonly string[] | null) => withListParams(params, { [key]: value }, APPLICATION_FILTERS);

describe('the list query in the URL', () => {
  it('round-trips every filter, with several statuses', () => {
    let params = new URLSearchParams();
    params = withParam(params, 'search', 'Krasniqi');
    params = withParam(params, 'status', ['payment_pending', 'in_review']);
    params = withParam(params, 'service_type', '1');
    params = withParam(params, 'assigned_officer', 'me');
    params = withParam(params, 'overdue', 'true');
    params = withParam(params, 'ordering', '-deadline');
    const shared = new URLSearchParams(params.toString());
    expect(queryFromParams(shared)).toEqual({
      search: 'Krasniqi',
      status: ['payment_pending', 'in_review'],
      service_type: '1',
      assigned_officer: 'me',
      overdue: 'true',
      ordering: '-deadline',
      page: 1,
      page_size: 25,
    });
  });

  it('goes back to page 1 when a filter changes, and ignores what it does not know', () => {
    const params = new URLSearchParams('page=4&page_size=50&foo=bar');
    expect(queryFromParams(params)).toEqual({ ordering: '-submitted_at', page: 4, page_size: 50 });
    const changed = withParam(params, 'priority', 'urgent');
    expect(changed.get('page')).toBeNull();
    expect(pageOf(changed)).toEqual({ page: 1, pageSize: 50 });
    expect(withParam(params, 'page', '5').get('page')).toBe('5');
    expect(withParam(params, 'search', null).has('search')).toBe(false);
    expect(pageOf(new URLSearchParams('page=-3&page_size=7'))).toEqual({ page: 1, pageSize: 25 });
  });

  it('reads and writes the ordering', () => {
    const ordering = (value: string) => orderingOf(new URLSearchParams({ ordering: value }), APPLICATION_SORT);
    expect(orderingOf(new URLSearchParams(), APPLICATION_SORT)).toBe('-submitted_at');
    expect(ordering('applicant')).toBe('applicant');
    expect(ordering('-password')).toBe('-submitted_at');
    expect(sortDescriptorOf('-deadline', APPLICATION_SORT.columns)).toEqual({ column: 'deadline', direction: 'descending' });
    expect(sortDescriptorOf('service_type', APPLICATION_SORT.columns)).toEqual({ column: 'service', direction: 'ascending' });
  });
});
