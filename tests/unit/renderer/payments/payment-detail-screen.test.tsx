import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentDetail } from '../../../../src/shared/api/payments';
import type { User } from '../../../../src/shared/api/auth';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { awaitingExemption, makePayment, naricOfficer, partlyRefunded, paymentOfficer, reader } from './payment-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const DETAIL = '/api/payments/7/';
const bodyOf = (calls: StubbedCall[], method: string, path: string) => JSON.parse(calls.filter((call) => call.method === method && call.path === path).at(-1)!.body) as Record<string, unknown>;
const posted = (calls: StubbedCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);

async function openPayment(user: User, payment: PaymentDetail | PaymentDetail[], extra: Parameters<typeof stubApi>[0] = {}) {
  const answers = Array.isArray(payment) ? payment.map((p) => json(200, p)) : json(200, payment);
  const calls = stubApi({ [`GET ${DETAIL}`]: answers, ...extra });
  const view = openSignedIn(user, '/payments/7');
  await screen.findByRole('heading', { level: 1, name: 'Payment NARIC-2026-00031' }, FIRST_RENDER);
  return { calls, ...view };
}

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('payment details', { timeout: 60_000 }, () => {
  it('shows the summary, the refunds, the statement line, the receipt code and the application link', async () => {
    await openPayment(paymentOfficer, partlyRefunded());
    expect(screen.getAllByText('Partially refunded')[0]!.closest('.badge')).toBeTruthy();
    expect(row('Amount due')).toBe('€40.00');
    expect(row('Paid (less refunds)')).toBe('€30.00');
    expect(row('Refunded')).toBe('€10.00');
    expect(row('Transaction ID')).toBe('TRX-1001');
    expect(row('Method')).toBe('Bank transfer');
    expect(row('Recorded by')).toBe('Besa Cashier');
    expect(row('Requested by')).toBe('Arta Officer');
    expect(row('Bank statement')).toBe('raiffeisen-2026-11-03.csv, line 14');
    expect(row('Receipt verification code')).toBe('RC-7Q4K-22MX');
    expect(screen.getByRole('link', { name: 'Open application NARIC-2026-00031' }).getAttribute('href')).toBe('/applications/31');
    const refunds = screen.getByRole('grid', { name: 'Refunds' });
    expect(within(refunds).getByText('Charged twice by the bank')).toBeTruthy();
    expect(within(refunds).getByText('€10.00')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Summary' })).toBeTruthy();
  });

  it('offers what the status and the user’s permissions allow', async () => {
    await openPayment(paymentOfficer, makePayment());
    expect(screen.getByRole('button', { name: 'Mark paid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download receipt' })).toBeNull();
    signOutAfterTest();

    await openPayment(reader, partlyRefunded());
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeTruthy();
    signOutAfterTest();

    await openPayment(naricOfficer, partlyRefunded());
    expect(screen.getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    signOutAfterTest();

    await openPayment(reader, awaitingExemption());
    expect(screen.getByRole('heading', { level: 2, name: 'Exemption request' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve exemption' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark paid' })).toBeNull();
    signOutAfterTest();

    await openPayment(naricOfficer, awaitingExemption());
    expect(screen.getByRole('button', { name: 'Approve exemption' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject exemption' })).toBeTruthy();
    expect(row('Reason given')).toBe('Registered unemployed since March');
    expect(screen.getByRole('button', { name: 'Open unemployment-certificate.pdf' })).toBeTruthy();
  });

  it('marks paid with the application’s version, the amount due prefilled, and shows the server’s field error', async () => {
    const { calls } = await openPayment(paymentOfficer, [makePayment(), makePayment(), partlyRefunded()], {
      'POST /api/applications/31/mark-paid/': [
        json(400, { transaction_id: ['This transaction ID is already recorded for another payment.'], field_codes: { transaction_id: [{ code: 'payment_transaction_taken', params: {} }] } }),
        json(200, { id: 31 }),
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Mark paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark NARIC-2026-00031 paid' });
    const amount = within(dialog).getByRole('textbox', { name: /Amount paid/ }) as HTMLInputElement;
    expect(amount.value).toBe('40.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(posted(calls, '/api/applications/31/mark-paid/')).toHaveLength(0);

    fireEvent.change(amount, { target: { value: '40,00' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Transaction ID/ }), { target: { value: ' TRX-2002 ' } });
    await chooseOption('Payment method', 'Cash', dialog);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Notes (optional)' }), { target: { value: 'Paid at the counter' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await within(dialog).findByText('This transaction ID is already recorded for another payment.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/applications/31/mark-paid/')).toEqual({ version: 4, amount: '40.00', transaction_id: 'TRX-2002', method: 'cash', notes: 'Paid at the counter' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(calls, '/api/applications/31/mark-paid/')).toHaveLength(2);
    // The details are asked again after the action.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === DETAIL).length).toBeGreaterThanOrEqual(2));
  });

  it('says a ledger refusal by its code in the reader’s language, not in the English beside it', async () => {
    const { i18n } = await openPayment(paymentOfficer, makePayment(), {
      'POST /api/applications/31/mark-paid/': json(400, { transaction_id: ['This transaction ID is already recorded for another payment.'], field_codes: { transaction_id: [{ code: 'payment_transaction_taken', params: {} }] } }),
    });
    await act(() => i18n.changeLanguage('sq'));
    fireEvent.click(await screen.findByRole('button', { name: 'Shëno si të paguar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shëno NARIC-2026-00031 si të paguar' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /ID e transaksionit/ }), { target: { value: 'TRX-1001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Shëno si të paguar' }));
    expect(await within(dialog).findByText('Ky ID transaksioni është regjistruar tashmë për një pagesë tjetër.')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('bounds a refund by what is refundable, in words, and sends it with the payment’s version', async () => {
    const { calls } = await openPayment(paymentOfficer, partlyRefunded(), { 'POST /api/payments/7/refunds/': json(201, partlyRefunded()) });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund for NARIC-2026-00031' });
    expect(dialog.textContent).toContain('At most €30.00 can still be refunded.');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount to refund/ }), { target: { value: '30,01' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Application withdrawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The refund cannot be more than €30.00, what was paid and not yet refunded.')).toBeTruthy();
    expect(posted(calls, '/api/payments/7/refunds/')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Amount to refund/ }), { target: { value: '12,5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls, 'POST', '/api/payments/7/refunds/')).toEqual({ version: 5, amount: '12.5', reason: 'Application withdrawn' });
  });

  it('offers to reload when the payment changed meanwhile (412)', async () => {
    const { calls } = await openPayment(paymentOfficer, partlyRefunded(), {
      'POST /api/payments/7/refunds/': json(412, { detail: 'The payment was changed by someone else. Reload and try again.', code: 'payment_stale' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund for NARIC-2026-00031' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Withdrawn' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('The payment was changed by someone else.');
    const before = calls.filter((call) => call.method === 'GET' && call.path === DETAIL).length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reload the payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET' && call.path === DETAIL).length).toBe(before + 1));
  });

  it('requires notes to reject an exemption before sending, and shows the server’s refusal too', async () => {
    const { calls } = await openPayment(naricOfficer, awaitingExemption(), {
      'POST /api/applications/31/reject-exemption/': json(400, { notes: ['Review notes are required when rejecting exemption requests'], field_codes: { notes: [{ code: 'notes_required_exemption', params: {} }] } }),
      'POST /api/applications/31/approve-exemption/': json(200, { id: 31 }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject exemption' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject the exemption for NARIC-2026-00031' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject exemption' }));
    expect(await within(dialog).findByText('Review notes are required when rejecting exemption requests')).toBeTruthy();
    expect(posted(calls, '/api/applications/31/reject-exemption/')).toHaveLength(0);
    // With notes it is sent; the server's own refusal of missing notes reads the same words.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Review notes' }), { target: { value: 'Not eligible' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject exemption' }));
    await within(dialog).findByRole('alert');
    expect(bodyOf(calls, 'POST', '/api/applications/31/reject-exemption/')).toEqual({ version: 4, notes: 'Not eligible' });
    expect(within(dialog).getByText('Review notes are required when rejecting exemption requests')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Approve exemption' }));
    const approve = await screen.findByRole('dialog', { name: 'Approve the exemption for NARIC-2026-00031' });
    fireEvent.click(within(approve).getByRole('button', { name: 'Approve exemption' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(calls, 'POST', '/api/applications/31/approve-exemption/')).toEqual({ version: 4 });
  });

  it('downloads the receipt as a PDF under the server’s name', async () => {
    const createObjectURL = vi.fn(() => 'blob:naric/receipt');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const { calls } = await openPayment(paymentOfficer, partlyRefunded(), {
      'GET /api/payments/7/receipt/': () => new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="receipt-NARIC-2026-00031.pdf"' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    expect(await screen.findByText('Saved receipt-NARIC-2026-00031.pdf')).toBeTruthy();
    expect(saved).toEqual([{ href: 'blob:naric/receipt', download: 'receipt-NARIC-2026-00031.pdf' }]);
    expect(calls.some((call) => call.method === 'GET' && call.path === '/api/payments/7/receipt/')).toBe(true);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe('%PDF-1.7');
    click.mockRestore();
  });

  it('is in Serbian for a Serbian reader, money written the Serbian way', async () => {
    const { i18n } = await openPayment(paymentOfficer, partlyRefunded());
    await act(() => i18n.changeLanguage('sr'));
    await screen.findByRole('heading', { level: 1, name: 'Plaćanje NARIC-2026-00031' });
    expect(row('Iznos za uplatu')).toBe('40,00\u00a0€');
    expect(row('Način')).toBe('Bankovni prenos');
    expect(screen.getByRole('button', { name: 'Povraćaj' })).toBeTruthy();
    expect(screen.getAllByText('Delimično vraćeno').length).toBeGreaterThan(0);
    await act(() => i18n.changeLanguage('en'));
  });

  it('says when the payment does not exist', async () => {
    stubApi({ [`GET ${DETAIL}`]: json(404, { detail: 'Not found.' }) });
    openSignedIn(paymentOfficer, '/payments/7');
    expect(await screen.findByText('Payment not found', {}, FIRST_RENDER)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the payments' }).getAttribute('href')).toBe('/payments');
  });
});
