import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';

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
