import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatementLineListItem } from '../../../../src/shared/api/payments';
import { json, stubApi } from '../api-stub';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { paymentOfficer, reader } from './payment-fixtures';

// The statement lines the imports left for a person: filtered by where they stand (the desk's
// tile opens the unmatched ones), each naming its statement, and resolved from the list.

afterEach(signOutAfterTest);

const LINES = 'GET /api/payments/statement-lines/';

function line(overrides: Partial<StatementLineListItem> = {}): StatementLineListItem {
  return {
    line_number: 2,
    booked_on: '2026-11-20',
    amount: '1.00',
    currency: 'EUR',
    reference: 'NARIC-2026-000123',
    transaction_id: 'TX-2',
    payer: 'Đorđe Šarić',
    outcome: 'amount_mismatch',
    problem: null,
    payment: null,
    resolution: null,
    statement: { id: 12, file_name: 'november.csv', imported_at: '2026-11-24T09:30:00Z' },
    ...overrides,
  };
}

const page = (results: StatementLineListItem[]) => ({ count: results.length, next: null, previous: null, results });
const sentQueries = () =>
  vi
    .mocked(globalThis.fetch)
    .mock.calls.map(([input, init]) => new URL((input instanceof Request ? input : new Request(input, init)).url))
    .filter((url) => url.pathname === '/api/payments/statement-lines/')
    .map((url) => url.searchParams.get('state'));

describe('statement lines', { timeout: 60_000 }, () => {
  it('asks for the unmatched lines the address names and resolves one from the list', async () => {
    stubApi({
      [LINES]: json(200, page([line(), line({ line_number: 1, outcome: 'unknown_reference', reference: 'Fee for my diploma', amount: '40.00' })])),
      'GET /api/payments/': json(200, { count: 0, next: null, previous: null, results: [], totals: { count: 0, amount_due: '0.00', amount_paid: '0.00', amount_refunded: '0.00' } }),
    });
    openSignedIn(paymentOfficer, '/payments/statement-lines?state=unmatched');
    const table = await screen.findByRole('grid', { name: 'Statement lines' }, { timeout: 10_000 });
    expect(sentQueries()).toContain('unmatched');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bank statement lines');
    expect(screen.getByText('2 lines')).toBeTruthy();
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toContain('november.csv');
    expect(row.textContent).toContain('€1.00');
    expect(row.textContent).toContain('Amount differs');
    fireEvent.click(within(row).getByRole('button', { name: 'Resolve line 2 of november.csv' }));
    expect(await screen.findByRole('dialog', { name: 'Resolve line 2' })).toBeTruthy();
  });

  it('shows how a line was resolved, and no resolve button to one who may only read', async () => {
    stubApi({
      [LINES]: json(200, page([line({ resolution: { how: 'set_aside', note: 'Paid too little.', by: { id: 5, full_name: 'Fatmir Shala' }, at: '2026-11-25T10:00:00Z' } }), line({ line_number: 3 })])),
    });
    openSignedIn(reader, '/payments/statement-lines?state=set_aside');
    const table = await screen.findByRole('grid', { name: 'Statement lines' }, { timeout: 10_000 });
    await waitFor(() => expect(sentQueries()).toContain('set_aside'));
    expect(within(table).getByText(/Set aside by Fatmir Shala, .*: Paid too little\./)).toBeTruthy();
    expect(within(table).queryByRole('button', { name: /Resolve/ })).toBeNull();
    expect(within(table).getByText('Unmatched')).toBeTruthy();
  });
});
