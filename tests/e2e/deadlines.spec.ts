import { SEEDED_HOLIDAY_YEARS } from '../../src/server/db/holiday-calendar';
import type { Locator } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// The first screen's data on a shared, loaded machine can take longer than expect's 5 s.
const FIRST_LOAD = { timeout: 20_000 };

/** Ticks or clears a checkbox by its label, as a person clicks it (the box itself is drawn over the input). */
async function setBox(scope: Locator, label: string | RegExp, checked: boolean) {
  const box = scope.getByRole('checkbox', { name: label });
  await scope.getByText(label, { exact: typeof label === 'string' }).click();
  await (checked ? expect(box).toBeChecked() : expect(box).not.toBeChecked());
}

// Deadline management against the real server: an administrator creates a deadline
// configuration (the form first says what is missing), edits it, reads the change in its history
// and deactivates it; the holiday calendar lists Kosovo's holidays; a user who is not an
// administrator is turned away before the screen loads.

test('an administrator creates, edits and deactivates a deadline configuration', async ({ page, shell }, testInfo) => {
  test.setTimeout(90_000);
  // Unique per shell and retry: the e2e database outlives a failed attempt.
  const suffix = `${shell} ${testInfo.retry}-${Date.now().toString(36)}`;
  const name = `Translation upload ${suffix}`;
  await signInTo(page, 'admin', '/deadlines');
  const table = page.getByRole('grid', { name: 'Deadline configurations' });
  // The demo configurations are there to work with.
  await expect(table.getByRole('row').nth(1)).toBeVisible(FIRST_LOAD);

  await page.getByRole('button', { name: 'New configuration' }).click();
  const form = page.getByRole('dialog', { name: 'New deadline configuration' });
  await form.getByLabel('Name in English').fill(name);
  await setBox(form, 'Send a reminder', true);
  await setBox(form, /Escalate when the deadline is missed/, true);
  await form.getByRole('button', { name: 'Create configuration' }).click();
  // Nothing is sent until the form holds together: every problem is named at once.
  await expect(form.getByText('Give how many days before the deadline the reminder is sent.')).toBeVisible();
  await expect(form.getByText('Choose at least one person or group to escalate to.')).toBeVisible();
  await expect(form.getByText('This field is required')).toHaveCount(5);
  // The route × role suite checks the list; the form (with its errors showing) is checked here.
  await expectNoAccessibilityViolations(page);

  await form.getByLabel('Name in Albanian').fill(`Ngarkimi i përkthimit ${suffix}`);
  await form.getByLabel('Name in Serbian').fill(`Otpremanje prevoda ${suffix}`);
  await form.getByRole('button', { name: /Deadline type/ }).click();
  await page.getByRole('listbox', { name: /Deadline type/ }).getByRole('option', { name: 'Document upload' }).click();
  await form.getByRole('button', { name: /Service category/ }).click();
  await page.getByRole('listbox', { name: /Service category/ }).getByRole('option', { name: 'Abroad verification' }).click();
  await form.getByLabel('Days from start').fill('14');
  await form.getByLabel('Days before the deadline').fill('3');
  await form.getByRole('button', { name: /Frequency/ }).click();
  await page.getByRole('listbox', { name: /Frequency/ }).getByRole('option', { name: 'Daily' }).click();
  await form.getByLabel('Days after the deadline').fill('2');
  await form.getByRole('button', { name: /Escalate to/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Group: NARIC Administrators' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Create configuration' }).click();
  await expect(form).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search by name or legal basis' }).fill(suffix);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('14 working days');
  await expect(row).toContainText('3 days before, Daily');
  await expect(row).toContainText('Active');

  // Edit: calendar days, and mandatory by law with its legal basis.
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit deadline configuration' });
  await expect(edit.getByLabel('Days from start')).toHaveValue('14');
  await edit.getByLabel('Days from start').fill('21');
  await setBox(edit, /Count working days/, false);
  await setBox(edit, 'Mandatory by law', true);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit.getByText('Give the legal basis of a deadline that is mandatory by law.')).toBeVisible();
  await edit.getByLabel('Legal basis').fill('Administrative Instruction on recognition, art. 7');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('21 calendar days');

  // The history: who changed what, before and after.
  await row.getByRole('button', { name: `History of ${name}` }).click();
  const history = page.getByRole('dialog', { name: 'History of the deadline configuration' }).getByRole('grid', { name: 'Changes' });
  // Newest first: the edit, then the creation (every field from nothing).
  const edited = history.getByRole('row', { name: /Days from start/ });
  await expect(edited.first()).toContainText('EditedDays from start1421');
  await expect(edited.last()).toContainText('CreatedDays from start—14');
  await expect(history.getByRole('row', { name: /Mandatory by law/ }).first()).toContainText('NoYes');
  await expect(history.getByRole('row', { name: /Legal basis/ }).first()).toContainText('Administrative Instruction on recognition, art. 7');
  await page.getByRole('button', { name: 'Close' }).click();

  // Deactivate: kept, shown as inactive, and can be activated again.
  await row.getByRole('button', { name: `Deactivate ${name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate “${name}”?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Inactive');
  await expect(row.getByRole('button', { name: `Activate ${name}` })).toBeVisible();
  await page.getByRole('search', { name: 'Filter deadline configurations' }).getByRole('button', { name: /Status$/ }).click();
  await page.getByRole('listbox', { name: /Status/ }).getByRole('option', { name: 'Active', exact: true }).click();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  await expect(page).toHaveURL(/status=active/);
});

test("the holiday calendar lists the year's Kosovo holidays", async ({ page }) => {
  const [year] = SEEDED_HOLIDAY_YEARS;
  await signInTo(page, 'admin', `/deadlines?tab=holidays&year=${year}`);
  const holidays = page.getByRole('grid', { name: `Holidays of ${year}` });
  await expect(holidays.getByRole('row', { name: /Independence Day/ })).toBeVisible(FIRST_LOAD);
  await expect(holidays.getByRole('row', { name: /Independence Day/ })).toContainText(`17/02/${year}`);
  await expectNoAccessibilityViolations(page);
});

test('a user who is not an administrator is turned away from deadline management', async ({ page }) => {
  await signInTo(page, 'officer', '/deadlines');
  await expect(page).toHaveURL(/\/\?error=access_denied/, FIRST_LOAD);
  await expect(page.getByText("You don't have permission to access that page. Administrator privileges are required.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Deadline management' })).toHaveCount(0);
});
