import { expectNoAccessibilityViolations } from './support/accessibility';
import { e2eApplication } from './support/e2e-applications';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// Payments, web shell against the real server. A payment officer imports a bank
// statement whose line pays one application's pending fee: the preview says which line matches,
// confirming records it, and the application moves on to "Payment completed". Then a fee paid at
// the counter is marked paid from the payment's own details. Each attempt has its own two
// applications waiting for their fee (scripts/e2e-seed.mjs).

test('a payment officer imports a bank statement and marks a counter payment paid; both applications move on', async ({ page, shell }, testInfo) => {
  test.skip(shell !== 'web', 'the payments screens do not cross the bridge');
  test.setTimeout(120_000);
  const statementCase = e2eApplication('statement', 'web', testInfo.retry);
  const counterCase = e2eApplication('cashier', 'web', testInfo.retry);

  await signInTo(page, 'payments', `/payments?search=${statementCase.reference}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: statementCase.reference });
  await expect(row).toContainText('Pending');
  // The amount due as the list shows it ("€30.00"), written in the statement as the bank would ("30,00").
  const due = /€([\d,]+\.\d{2})/.exec((await row.textContent())!)![1]!.replace(/,/g, '');
  expect(Number(due)).toBeGreaterThan(0);
  await expectNoAccessibilityViolations(page);

  // The bank's export: semicolons, a decimal comma, the reference inside the payer's words.
  const transactionId = `E2E-${testInfo.retry}-${Date.now().toString(36).toUpperCase()}`;
  const csv = [
    'Booking_Date;Amount;Currency;Reference;Transaction_ID;Payer',
    `24.11.2026;${due.replace('.', ',')};EUR;Pagesa ${statementCase.reference} tarifa;${transactionId};${statementCase.fullName}`,
    `24.11.2026;12,00;EUR;NARIC-1999-000001;${transactionId}-X;Ndonjë Tjetër`,
  ].join('\r\n');

  await page.getByRole('button', { name: 'Import bank statement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a bank statement' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose CSV file…' }).click();
  await (await chooser).setFiles({ name: `statement-${transactionId}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await dialog.getByRole('button', { name: 'Upload and preview' }).click();
  await expect(dialog.getByText('1 line will be recorded')).toBeVisible();
  await expect(dialog.getByText('1 line has an unknown reference')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Confirm import of 1 payment' }).click();
  await expect(dialog.getByText('1 payment recorded.')).toBeVisible();

  // The line with the unknown reference is resolved here: set aside with the reason, showing by whom.
  await dialog.getByRole('button', { name: 'Resolve line 2' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve line 2' });
  await expect(resolve.getByText('Line 2: €12.00, reference “NARIC-1999-000001”')).toBeVisible();
  await resolve.getByRole('textbox', { name: 'Reason' }).fill('Not a NARIC fee: returned to the payer.');
  await resolve.getByRole('button', { name: 'Set aside' }).click();
  await expect(resolve).toBeHidden();
  await expect(dialog.getByText('Line 2 set aside.')).toBeVisible();
  await expect(dialog.getByRole('grid').getByText(/Set aside by .*Not a NARIC fee/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // The list now shows it paid; its details show the bank's transaction ID and where it came from.
  await expect(row).toContainText('Paid');
  await row.getByRole('link', { name: statementCase.reference }).click();
  await expect(page.getByText(transactionId, { exact: true })).toBeVisible();
  await expect(page.getByText(`statement-${transactionId}.csv, line 1`)).toBeVisible();
  await page.getByRole('link', { name: `Open application ${statementCase.reference}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: statementCase.reference })).toBeVisible();
  await expect(page.getByText('Payment completed').first()).toBeVisible();

  // A fee paid in cash at the counter, marked paid from the payment's details.
  await page.goto(`/payments?search=${counterCase.reference}`);
  await page.getByRole('link', { name: counterCase.reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(counterCase.reference) })).toBeVisible();
  await page.getByRole('button', { name: 'Mark paid' }).click();
  const markPaid = page.getByRole('dialog');
  await markPaid.getByRole('textbox', { name: 'Transaction ID' }).fill(`${transactionId}-CASH`);
  await markPaid.getByRole('button', { name: /Payment method/ }).click();
  await page.getByRole('option', { name: 'Cash' }).click();
  await expectNoAccessibilityViolations(page);
  await markPaid.getByRole('button', { name: 'Mark paid' }).click();
  await expect(markPaid).toHaveCount(0);
  await expect(page.getByText(/^Paid\b/).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download receipt' })).toBeVisible();
  await page.getByRole('link', { name: `Open application ${counterCase.reference}` }).click();
  await expect(page.getByText('Payment completed').first()).toBeVisible();
});
