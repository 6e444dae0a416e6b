import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { listAnswer, makeListed, paymentOfficer } from './payment-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const LIST = '/api/payments/';
const PAYMENTS = [
  makeListed(),
  makeListed({
    id: 8,
    status: 'pending',
    application: { id: 32, reference: 'NARIC-2026-00032', status: 'payment_pending', service_type: 3 },
    applicant_name: 'Milica Jovanović',
    amount_due: '25.00',
    amount_paid: null,
    transaction_id: null,
    method: null,
    paid_at: null,
  }),
  makeListed({ id: 9, status: 'partially_refunded', application: { id: 33, reference: 'NARIC-2026-00033', status: 'payment_completed', service_type: 2 }, amount_paid: '30.00', amount_refunded: '10.00', method: 'cash', transaction_id: 'CASH-77' }),
];

/** The query of the latest list request, read from the fetch the API client made. */
function lastListQuery(): Record<string, string> {
  const requests = vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)));
  const last = requests.filter((request) => new URL(request.url).pathname === LIST).at(-1)!;
  return Object.fromEntries(new URL(last.url).searchParams);
}
const bodyOf = (calls: StubbedCall[], path: string) => JSON.parse(calls.filter((call) => call.method === 'POST' && call.path === path).at(-1)!.body) as Record<string, unknown>;

async function openList(path = '/payments', answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ [`GET ${LIST}`]: json(200, listAnswer(PAYMENTS, 57)), ...answers });
  const view = openSignedIn(paymentOfficer, path);
  const table = await screen.findByRole('grid', { name: 'Payments' }, FIRST_RENDER);
  return { calls, table, ...view };
}

describe('payments list', { timeout: 60_000 }, () => {
  it('shows each payment with its link, status in words, money in the language, and sends the address filters', async () => {
    const { table } = await openList('/payments?status=pending,paid&service_type=3&method=cash&date_from=2026-11-01&date_to=2026-11-30&amount_min=10&amount_max=50,5&search=NARIC-2026&ordering=amount_due&page_size=50&bogus=1');
    expect(within(table).getByRole('link', { name: 'NARIC-2026-00031' }).getAttribute('href')).toBe('/payments/7');
    const pending = within(table).getByRole('row', { name: /NARIC-2026-00032/ });
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('€25.00')).toBeTruthy();
    expect(within(pending).getByText('Verification of Kosovo diplomas')).toBeTruthy();
    const paid = within(table).getByRole('row', { name: /NARIC-2026-00031/ });
    expect(within(paid).getByText('Paid').closest('.badge')?.className).toContain('badge--success');
    expect(within(paid).getByText('Bank transfer')).toBeTruthy();
    expect(within(paid).getByText('TRX-1001')).toBeTruthy();
    expect(within(paid).getByText('03/11/2026, 10:30', { exact: false })).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /NARIC-2026-00033/ })).getByText('Partially refunded')).toBeTruthy();
    expect(lastListQuery()).toEqual({
      status: 'pending,paid',
      service_type: '3',
      method: 'cash',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
      amount_min: '10',
      amount_max: '50,5',
      search: 'NARIC-2026',
      ordering: 'amount_due',
      page: '1',
      page_size: '50',
    });
  });

  it('shows the totals of what the filter matches, counted and in money', async () => {
    await openList();
    const totals = screen.getByRole('region', { name: 'Totals of the filtered payments' });
    expect(within(totals).getByText('57 payments')).toBeTruthy();
    const figure = (label: string) => within(totals).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure('Amount due')).toBe('€1,240.00');
    expect(figure('Paid')).toBe('€1,000.50');
    expect(figure('Refunded')).toBe('€20.00');
  });

  it('writes the totals the Albanian way for an Albanian reader', async () => {
    const { i18n } = await openList();
    await act(() => i18n.changeLanguage('sq'));
    const totals = await screen.findByRole('region', { name: 'Totalet e pagesave të filtruara' });
    expect(within(totals).getByText('57 pagesa')).toBeTruthy();
    expect(within(totals).getByText('Për t\'u paguar', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1240,00\u00a0€');
    await act(() => i18n.changeLanguage('en'));
  });

  it('puts a chosen filter into the address and the query, back on page 1, and clears the filters', async () => {
    const { router } = await openList('/payments?page=2&ordering=-paid_at');
    await chooseOption('Method', 'Cash');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ method: 'cash', page: '1' }));
    expect(router.state.location.search).toBe('?ordering=-paid_at&method=cash');
    fireEvent.click(screen.getByRole('button', { name: 'Status Any status' }));
    const statuses = await screen.findByRole('menu');
    fireEvent.click(within(statuses).getByRole('menuitemcheckbox', { name: 'Exempted' }));
    await waitFor(() => expect(lastListQuery()).toMatchObject({ status: 'exempted', method: 'cash' }));
    fireEvent.keyDown(statuses, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount due from' }), { target: { value: '12,50' } });
    await waitFor(() => expect(lastListQuery()).toMatchObject({ amount_min: '12,50' }));
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear the filters' })[0]!);
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=-paid_at'));
  });

  it('does not send an amount that is not one, and says why', async () => {
    await openList();
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount due up to' }), { target: { value: '12.345' } });
    expect(await screen.findByText('Write an amount such as 40 or 40.50.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(lastListQuery().amount_max).toBeUndefined();
  });

  it('sorts by a column, ascending then descending, in the address', async () => {
    const { router } = await openList();
    expect(lastListQuery().ordering).toBe('-created_at');
    fireEvent.click(within(screen.getByRole('grid', { name: 'Payments' })).getByRole('columnheader', { name: /Amount due/ }));
    await waitFor(() => expect(lastListQuery().ordering).toBe('amount_due'));
    fireEvent.click(within(screen.getByRole('grid', { name: 'Payments' })).getByRole('columnheader', { name: /Amount due/ }));
    await waitFor(() => expect(lastListQuery().ordering).toBe('-amount_due'));
    expect(router.state.location.search).toBe('?ordering=-amount_due');
  });

  it('pages through the payments', async () => {
    const { router } = await openList();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastListQuery().page).toBe('2'));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('exports the filtered payments: the request carries the filter and format, the file is saved under the server’s name', async () => {
    const createObjectURL = vi.fn(() => 'blob:naric/payments');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { calls, i18n } = await openList('/payments?status=paid&method=bank_transfer&search=Berisha&page=2', {
      'POST /api/payments/export/': () =>
        new Response('PK', { status: 200, headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'Content-Disposition': `attachment; filename="payments.xlsx"; filename*=UTF-8''pagesat-2026.xlsx` } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(within(await screen.findByRole('menu', { name: 'Export' })).getByRole('menuitem', { name: 'Excel workbook (XLSX)' }));
    expect(await screen.findByText('Saved pagesat-2026.xlsx')).toBeTruthy();
    expect(bodyOf(calls, '/api/payments/export/')).toEqual({ filter: { status: ['paid'], method: 'bank_transfer', search: 'Berisha' }, format: 'xlsx' });
    expect(saved).toEqual([{ href: 'blob:naric/payments', download: 'pagesat-2026.xlsx' }]);
    const request = vi
      .mocked(globalThis.fetch)
      .mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)))
      .find((r) => new URL(r.url).pathname === '/api/payments/export/')!;
    expect(request.headers.get('Accept-Language')).toBe(i18n.language);
    click.mockRestore();
  });

  it('says why an export failed', async () => {
    await openList('/payments', { 'POST /api/payments/export/': json(500, { detail: 'Internal server error' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(within(await screen.findByRole('menu', { name: 'Export' })).getByRole('menuitem', { name: 'CSV file' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The export failed');
  });

  it('says when nothing matches the filters and offers to clear them', async () => {
    stubApi({ [`GET ${LIST}`]: json(200, listAnswer([], 0)) });
    const { router } = openSignedIn(paymentOfficer, '/payments?method=card');
    expect(await screen.findByText('No payment matches these filters', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByText('0 payments')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear the filters' }).at(-1)!);
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('says when the list could not be loaded', async () => {
    stubApi({ [`GET ${LIST}`]: json(500, { detail: 'Internal server error' }) });
    openSignedIn(paymentOfficer, '/payments');
    const alert = await screen.findByRole('alert', {}, FIRST_RENDER);
    expect(alert.textContent).toContain('Internal server error');
  });
});
