import { expect, test } from './support/fixtures';
import type { Page } from '@playwright/test';

const PASSWORD = 'Demo-2026!naric';
const ACCESS_DENIED = "You don't have permission to access that page. Administrator privileges are required.";

async function signIn(page: Page, username: string) {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a council member lands on the council dashboard and is refused an admin-only page', async ({ page }) => {
  await page.goto('/users');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fusers/);
  await signIn(page, 'council');
  await expect(page).toHaveURL(/\/councils\/dashboard\?error=access_denied/);
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
});

test('an officer is refused an admin-only page and sent to dashboard home with the message', async ({ page }) => {
  await page.goto('/deadlines');
  await signIn(page, 'officer');
  await expect(page).toHaveURL(/\/\?error=access_denied/);
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
});

test('an administrator with two-factor signs in with a backup code', async ({ page, shell }, testInfo) => {
  // Backup codes are single use: each project and each retry takes its own demo code.
  const code = `demo-26${String(1 + (shell === 'desktop' ? 5 : 0) + testInfo.retry).padStart(2, '0')}`;
  await page.goto('/login');
  await signIn(page, 'naric.admin');
  await page.getByText('Use a backup code').click();
  await page.getByRole('textbox', { name: 'Backup code' }).fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByText('Vjosa Berisha').first()).toBeVisible();
});
