import { describe, expect, it } from 'vitest';
import { orderingFromSort, pageOf, queryFromParams, sortFromOrdering, withParam } from '../../../../src/renderer/features/applications/list-query';

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
    });
  });

  it('goes back to page 1 when a filter changes, and ignores what it does not know', () => {
    const params = new URLSearchParams('page=4&page_size=50&foo=bar');
    expect(queryFromParams(params)).toEqual({ page: '4', page_size: '50' });
    const changed = withParam(params, 'priority', 'urgent');
    expect(changed.get('page')).toBeNull();
    expect(pageOf(changed)).toEqual({ page: 1, pageSize: 50 });
    expect(withParam(params, 'page', '5').get('page')).toBe('5');
    expect(withParam(params, 'search', null).has('search')).toBe(false);
    expect(pageOf(new URLSearchParams('page=-3&page_size=7'))).toEqual({ page: 1, pageSize: 25 });
  });

  it('reads and writes the ordering', () => {
    expect(sortFromOrdering(null)).toEqual({ column: 'submitted_at', direction: 'descending' });
    expect(sortFromOrdering('applicant')).toEqual({ column: 'applicant', direction: 'ascending' });
    expect(sortFromOrdering('-password')).toEqual({ column: 'submitted_at', direction: 'descending' });
    expect(orderingFromSort({ column: 'deadline', direction: 'descending' })).toBe('-deadline');
  });
});
