import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES, type StatementDetail, type StatementLine, type StatementSummary } from '../../../../src/shared/api/payments';
import { StatementImportButton } from '../../../../src/renderer/features/payments/statement-import';
import { appStore, beginSession, sessionAtom, sessionStatusAtom } from '../../../../src/renderer/lib/session';
import type { User } from '../../../../src/shared/api/auth';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { makeSession } from '../fixtures';
import { renderRoutes } from '../render';
import { paymentOfficer, reader } from './payment-fixtures';

// The bank statement import dialog: the layout in words, choose and upload a CSV, the
// preview with its counts and each line's outcome, the import and its result, the server's
// refusals in an alert, and the recent statements.

const LIST = '/api/payments/statements/';
const IMPORT = '/api/payments/statements/12/import/';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  appStore.set(sessionAtom, null);
  appStore.set(sessionStatusAtom, 'unknown');
});

function summary(overrides: Partial<StatementSummary> = {}): StatementSummary {
  return {
    id: 12,
    file_name: 'november.csv',
    encoding: 'windows-1250',
    status: 'previewed',
    line_count: 3,
    matched_count: 1,
    uploaded_by: { id: 5, full_name: 'Fatmir Shala' },
    uploaded_at: '2026-11-24T09:15:00Z',
    imported_by: null,
    imported_at: null,
    version: 1,
    ...overrides,
  };
}

function line(overrides: Partial<StatementLine>): StatementLine {
  return {
    line_number: 1,
    booked_on: '2026-11-20',
    amount: '40.00',
    currency: 'EUR',
    reference: 'NARIC-2026-000101',
    transaction_id: 'TRX-1',
    payer: 'Drita Bërisha',
    outcome: 'matched',
    problem: null,
    payment: { id: 70, application_reference: 'NARIC-2026-000101', amount_due: '40.00' },
    ...overrides,
  };
}

const LINES = [
  line({}),
  line({ line_number: 2, reference: 'NARIC-2026-000102', transaction_id: 'TRX-2', payer: 'Miloš Đorđević', amount: '35.00', outcome: 'amount_mismatch', payment: { id: 71, application_reference: 'NARIC-2026-000102', amount_due: '40.00' } }),
  line({ line_number: 3, booked_on: null, amount: null, currency: 'USD', transaction_id: 'TRX-3', payer: 'Žaklina Čačić', outcome: 'invalid', problem: 'currency must be EUR.', payment: null }),
];
const PREVIEW: StatementDetail = { ...summary(), lines: LINES };
const IMPORTED: StatementDetail = {
  ...summary({ status: 'imported', matched_count: 1, imported_by: { id: 5, full_name: 'Fatmir Shala' }, imported_at: '2026-11-24T09:20:00Z', version: 2 }),
  lines: [{ ...LINES[0], outcome: 'recorded' }, LINES[1], LINES[2]],
};
const listOf = (results: StatementSummary[]) => ({ count: results.length, next: null, previous: null, results });

function open(user: User, answers: Parameters<typeof stubApi>[0]) {
  const calls = stubApi(answers);
  beginSession(appStore, makeSession(user, 'access'));
  const view = renderRoutes([{ path: '/', element: <StatementImportButton /> }], { store: appStore });
  return { calls, ...view };
}

async function chooseAndUpload(name = 'november.csv') {
  fireEvent.click(await screen.findByRole('button', { name: 'Import bank statement' }));
  const dialog = await screen.findByRole('dialog', { name: 'Import a bank statement' });
  const input = dialog.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
  expect(input.accept).toContain('.csv');
  fireEvent.change(input, { target: { files: [new File(['booking_date,amount\n'], name, { type: 'text/csv' })] } });
  await within(dialog).findByText(/november\.csv \(/);
  fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and preview' }));
  return dialog;
}

const posted = (calls: StubbedCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);

describe('bank statement import', { timeout: 60_000 }, () => {
  it('uploads a file, shows every line with its outcome and the counts, imports and says how many were recorded', async () => {
    const { calls, queryClient } = open(paymentOfficer, {
      [`GET ${LIST}`]: json(200, listOf([summary({ id: 3, file_name: 'october.csv', status: 'imported', matched_count: 14, imported_at: '2026-10-30T10:00:00Z' })])),
      [`POST ${LIST}`]: json(201, PREVIEW),
      [`POST ${IMPORT}`]: json(200, IMPORTED),
      'GET /api/payments/statements/12/': json(200, IMPORTED),
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(await screen.findByRole('button', { name: 'Import bank statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a bank statement' });
    // The documented layout, in words, and the statements before.
    for (const column of ['booking_date', 'amount', 'currency', 'reference', 'transaction_id', 'payer']) expect(within(dialog).getByText(column)).toBeTruthy();
    const history = await within(dialog).findByRole('grid', { name: 'Recent statements' });
    expect(within(history).getByRole('row', { name: /october\.csv/ }).textContent).toContain('14 recorded');

    await chooseAndUpload();
    const table = await within(dialog).findByRole('grid', { name: 'Statement lines' });
    expect(posted(calls, LIST)[0].body).toContain('filename="november.csv"');
    const first = within(table).getByRole('row', { name: '1' });
    expect(within(first).getByText('Will be recorded')).toBeTruthy();
    expect(within(first).getByText('€40.00')).toBeTruthy();
    expect(within(first).getByText('20/11/2026')).toBeTruthy();
    const second = within(table).getByRole('row', { name: '2' });
    expect(within(second).getByText('Miloš Đorđević')).toBeTruthy();
    expect(within(second).getByText('Amount differs')).toBeTruthy();
    expect(within(second).getByText('NARIC-2026-000102: €40.00 due')).toBeTruthy();
    const third = within(table).getByRole('row', { name: '3' });
    expect(within(third).getByText('Žaklina Čačić')).toBeTruthy();
    expect(within(third).getByText('Problem')).toBeTruthy();
    expect(within(third).getByText('currency must be EUR.')).toBeTruthy();
    const counts = within(dialog).getByRole('list', { name: 'Lines by outcome' });
    expect(within(counts).getByText('3 lines in the file')).toBeTruthy();
    expect(within(counts).getByText(/1 line will be recorded/)).toBeTruthy();
    expect(within(counts).getByText(/1 line has an amount other than the amount due/)).toBeTruthy();
    expect(within(counts).getByText(/1 line has a problem/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm import of 1 payment' }));
    await within(dialog).findByText('1 payment recorded.');
    expect(JSON.parse(posted(calls, IMPORT)[0].body)).toEqual({ version: 1 });
    await waitFor(() => expect(within(dialog).getByRole('row', { name: '1' }).textContent).toContain('Recorded'));
    expect(within(dialog).queryByRole('button', { name: /Confirm import/ })).toBeNull();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['payments'] });
  });

  it('shows the server’s refusal of a file in an alert, and of an import done twice with its date', async () => {
    open(paymentOfficer, {
      [`GET ${LIST}`]: json(200, listOf([])),
      [`POST ${LIST}`]: [json(400, { file: [PAYMENT_MESSAGES.statementColumns], field_codes: { file: [{ code: 'statement_columns', params: {} }] } }), json(201, PREVIEW)],
      [`POST ${IMPORT}`]: json(409, { detail: PAYMENT_MESSAGES.statementImported, code: 'statement_imported', imported_at: '2026-11-23T08:00:00Z' }),
      'GET /api/payments/statements/12/': json(200, PREVIEW),
    });
    const dialog = await chooseAndUpload();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(PAYMENT_MESSAGES.statementColumns);
    expect(within(dialog).queryByRole('grid', { name: 'Statement lines' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and preview' }));
    await within(dialog).findByRole('grid', { name: 'Statement lines' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm import of 1 payment' }));
    const refused = await within(dialog).findByRole('alert');
    expect(refused.textContent).toContain(`${PAYMENT_MESSAGES.statementImported} Imported on 23/11/2026`);
  });

  it('does not offer the import when no line matches, and opens a statement from the recent ones', async () => {
    const nothing: StatementDetail = { ...summary({ id: 12, matched_count: 0 }), lines: [LINES[1], LINES[2]] };
    open(paymentOfficer, {
      [`GET ${LIST}`]: json(200, listOf([summary({ matched_count: 0 })])),
      'GET /api/payments/statements/12/': json(200, nothing),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Import bank statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import a bank statement' });
    const history = await within(dialog).findByRole('grid', { name: 'Recent statements' });
    expect(within(history).getByRole('row', { name: /november\.csv/ }).textContent).toContain('Previewed');
    fireEvent.click(within(history).getByRole('button', { name: 'Open november.csv' }));
    await within(dialog).findByRole('grid', { name: 'Statement lines' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm import of 0 payments' });
    expect(confirm.hasAttribute('disabled') || confirm.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(within(dialog).getByText(/nothing to import/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to the statements' }));
    await within(dialog).findByRole('grid', { name: 'Recent statements' });
  });

  it('is not offered to someone who may only read payments', async () => {
    open(reader, {});
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Import bank statement' })).toBeNull());
  });
});
