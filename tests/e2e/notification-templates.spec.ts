import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// Notification templates, web shell against the real server: a content manager edits
// the Serbian text of "Payment received", sees an unknown variable refused before saving, previews
// it with Serbian sample values, and saves it as a new version.

test('a content manager edits the Serbian “Payment received” template, previews it and saves a new version', async ({ page, shell }, testInfo) => {
  test.skip(shell !== 'web', 'the templates screen does not cross the bridge');
  test.setTimeout(90_000);
  await signInTo(page, 'content', '/notifications/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Notification templates' })).toBeVisible();
  await page.getByRole('link', { name: 'Edit “Payment received” in Serbian' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received — Serbian' })).toBeVisible();

  const body = page.getByRole('textbox', { name: 'Message' });
  const line = `Hvala na uplati (pokušaj ${testInfo.retry + 1}).`;
  await body.fill(`Poštovani {{applicant_name}},\n\nprimili smo Vašu uplatu od {{amount}} za zahtev {{reference}}. {{iban}}\n${line}`);
  // A variable the event does not know is named at once, and saving waits until it is gone.
  await expect(page.getByText('This variable is unknown to the event: iban.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save as a new version' })).toBeDisabled();
  await body.fill(`Poštovani {{applicant_name}},\n\nprimili smo Vašu uplatu od {{amount}} za zahtev {{reference}}.\n${line}`);
  await page.getByRole('button', { name: 'Insert the variable receipt_code' }).click();

  // The preview fills the variables with Serbian sample values.
  const preview = page.getByTestId('template-preview');
  await expect(page.getByRole('button', { name: /Preview with sample values in/ })).toContainText('Serbian');
  await expect(preview).toContainText('primili smo Vašu uplatu od 40,00 € za zahtev NARIC-2026-000123.');
  await expect(preview).toContainText('R7K2M9Q4X1');
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Save as a new version' }).click();
  await expect(page.getByText(/Saved as version \d+\./)).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Versions of this template' }).getByRole('row').nth(1)).toContainText('Active');
});
