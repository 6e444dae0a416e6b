import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// Services, web shell against the real server: an administrator creates a service,
// edits its price table, sees a quote follow the new price and the change in its history, then
// disables it; a demo service with applications says why it cannot be deleted; a user who is not
// an administrator is turned away.

test('an administrator creates, edits and disables a service, and the quote follows the price table', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  // Unique per retry: the e2e database outlives a failed attempt.
  const name = `Recognition of vocational diplomas ${testInfo.retry}-${Date.now().toString(36)}`;
  await signInTo(page, 'admin', '/services');
  await expect(page.getByRole('grid', { name: 'Services' })).toBeVisible();
  await page.getByRole('link', { name: 'Create service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create service' })).toBeVisible();

  // Sent without the Albanian and Serbian names and without a price: the form says what is missing.
  await page.getByLabel('Name (English)').fill(name);
  await page.getByRole('button', { name: 'Create service' }).click();
  await expect(page.getByText(/Correct the marked fields/)).toBeVisible();
  await expect(page.getByText('This case has no price. Enter an amount (0.00 if it is free).')).toBeVisible();

  await page.getByLabel('Name (Albanian)').fill(`Njohja e diplomave profesionale ${testInfo.retry}`);
  await page.getByLabel('Name (Serbian)').fill(`Priznavanje stručnih diploma ${testInfo.retry}`);
  await page.getByLabel('Price: Every application (€)').fill('40');
  await page.getByRole('button', { name: 'Add a document' }).click();
  const requirement = page.getByRole('group', { name: 'Document 1' });
  await requirement.getByRole('button', { name: /Document type/ }).click();
  await page.getByRole('listbox', { name: /Document type/ }).getByRole('option', { name: 'Original diploma' }).click();
  await requirement.getByLabel('Description (English)').fill('The vocational diploma being recognised.');
  await page.getByRole('button', { name: 'Create service' }).click();

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/services\/\d+$/);
  await expect(page.getByRole('grid', { name: 'Price table' }).getByRole('row', { name: /Every application/ })).toContainText('€40.00');
  await expect(page.getByRole('grid', { name: 'Document requirements' })).toContainText('The vocational diploma being recognised.');

  // Edit: a new price and processing time.
  await page.getByRole('link', { name: 'Edit service' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Edit service: ${name}` })).toBeVisible();
  await page.getByLabel('Price: Every application (€)').fill('45.50');
  await page.getByLabel('Processing time').fill('45');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Price table' }).getByRole('row', { name: /Every application/ })).toContainText('€45.50');

  // The quote is the server's, from the stored table.
  const quote = page.getByRole('region', { name: 'Fee preview' });
  // Its label, as a person clicks it (the input itself is visually hidden under the drawn box).
  await quote.getByText('Original diploma', { exact: true }).click();
  await expect(quote.getByRole('checkbox', { name: 'Original diploma' })).toBeChecked();
  await quote.getByRole('button', { name: 'Compute the fee' }).click();
  await expect(quote.getByText('To pay: €45.50')).toBeVisible();
  await expect(quote.getByRole('grid', { name: 'How the fee was computed' }).getByRole('row')).toHaveCount(2);

  // The history: who, and each field before and after (a row is named by its date, its header).
  const history = page.getByRole('grid', { name: 'History' });
  await expect(history.getByRole('row').filter({ hasText: 'Edited' })).toContainText('Processing time: 30 days → 45 days');
  await expect(history.getByRole('row').filter({ hasText: 'Created' })).toBeVisible();

  // Disable.
  const availability = page.getByRole('region', { name: 'Availability' });
  await availability.getByRole('button', { name: 'Disable service' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Disable ${name}?` });
  await confirm.getByRole('button', { name: 'Disable service' }).click();
  await expect(confirm).toBeHidden();
  await expect(availability.getByText('Disabled: no new application can be made with this service.')).toBeVisible();
  await expect(history.getByRole('row').filter({ hasText: 'Disabled' })).toBeVisible();

  // The list finds it among the disabled services.
  await page.goto('/services?enabled=false');
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(name);
  await expect(page.getByRole('grid', { name: 'Services' }).getByRole('link', { name })).toBeVisible();
});

test('a demo service with applications explains why it is disabled rather than deleted', async ({ page }) => {
  await signInTo(page, 'admin', '/services?category=kosovo_verification');
  const table = page.getByRole('grid', { name: 'Services' });
  await table.getByRole('link').first().click();
  const availability = page.getByRole('region', { name: 'Availability' });
  await expect(availability.getByText(/applications? (was|were) made with this service, so it cannot be deleted/)).toBeVisible();
  await expect(availability.getByRole('button', { name: 'Delete service' })).toHaveCount(0);
});

test('a user who is not an administrator is turned away from the services', async ({ page }) => {
  await signInTo(page, 'officer', '/services');
  await expect(page).toHaveURL(/error=access_denied/);
  await expect(page.getByText("You don't have permission to access that page. Administrator privileges are required.")).toBeVisible();
});
