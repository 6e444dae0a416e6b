import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

test('the sign-in screen has no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('the signed-in landing screen has no accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill('Demo-2026!naric');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The browser shell keeps tokens in memory only, so stay in the page rather than reload.
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expectNoAccessibilityViolations(page);
});

test('the documents, register, templates (with the new-version dialog) and inspectorate screens have no accessibility violations', async ({ page }) => {
  test.setTimeout(60_000);
  await signInTo(page, 'admin', '/documents');
  await expect(page.getByRole('grid', { name: 'Documents' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('tab', { name: 'Certificate register' }).click();
  await expect(page.getByRole('grid', { name: 'Certificate register' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'Document templates' }).click();
  await expect(page.getByRole('grid', { name: 'Verification document' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('grid', { name: 'Verification document' }).getByRole('button', { name: 'New version: Verification document, Albanian' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'Inspectorate verifications' }).click();
  await expect(page.getByRole('tablist', { name: 'Verification lists' })).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
