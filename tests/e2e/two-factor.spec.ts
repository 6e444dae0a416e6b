import { generate } from 'otplib';
import { expect, test } from './support/fixtures';
import { E2E_PASSWORD, e2eAccount } from './support/e2e-accounts';
import { profileLink, signIn } from './support/session-helpers';

// On the shared e2e server, with accounts of their own (tests/e2e/support/e2e-accounts.ts): a
// TOTP time step is single use per account, so each project and each attempt has its own.

const PERIOD_SECONDS = 30;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A six-digit code the server accepts for none of the steps it would look at now. */
async function wrongCode(secret: string): Promise<string> {
  const accepted = await Promise.all([-1, 0, 1].map((step) => generate({ secret, epoch: nowSeconds() + step * PERIOD_SECONDS })));
  let candidate = 123456;
  while (accepted.includes(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

test('a user with an authenticator app signs in with its current code after a wrong one', async ({ page, shell }, testInfo) => {
  const account = e2eAccount('totp', shell, testInfo.retry);
  const secret = account.totpSecret!;
  await page.goto('/login');
  await signIn(page, account.username, E2E_PASSWORD);

  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  const code = page.getByRole('textbox', { name: 'Authenticator code' });
  await code.fill(await wrongCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is not valid.');
  await expect(page).toHaveURL(/\/login$/);

  await code.fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(profileLink(page, account.fullName)).toBeVisible();
});

test('a user turns on two-factor sign-in from the profile, then signs in with a code and with a backup code', async ({ page, shell }, testInfo) => {
  const account = e2eAccount('setup', shell, testInfo.retry);
  await page.goto('/login');
  await signIn(page, account.username, E2E_PASSWORD);
  // No second step yet: the password alone signs this account in.
  await profileLink(page, account.fullName).click();
  await expect(page).toHaveURL(/\/profile$/);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText('Two-factor authentication is off.')).toBeVisible();

  await section.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await expect(section.getByRole('radio', { name: /Authenticator app/ })).toBeChecked();
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // What a person types into an authenticator app when they cannot scan the QR code.
  const secret = (await section.locator('p', { hasText: 'Or type this key into the app:' }).locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const confirmedAt = nowSeconds();
  await section.getByRole('textbox', { name: 'Code from the app' }).fill(await generate({ secret, epoch: confirmedAt }));
  await section.getByRole('button', { name: 'Confirm' }).click();

  const backupCodes = section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(backupCodes.first()).toBeVisible();
  const codes = (await backupCodes.allTextContents()).map((text) => text.trim());
  expect(codes.length).toBeGreaterThan(0);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('Two-factor authentication is on, using an authenticator app.')).toBeVisible();
  await expect(section.getByText(codes[0], { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have signed out.')).toBeVisible();
  await signIn(page, account.username, E2E_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  // The confirmation used the current time step, and a step is accepted once: the next step's
  // code is the one the app shows next (the server also accepts one step ahead for clock drift).
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(await generate({ secret, epoch: confirmedAt + PERIOD_SECONDS }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(profileLink(page, account.fullName)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, account.username, E2E_PASSWORD);
  await page.getByText('Use a backup code').click();
  await page.getByRole('textbox', { name: 'Backup code' }).fill(codes[0]);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(profileLink(page, account.fullName)).toBeVisible();
});

test('a user who must have two-factor sign-in sets it up at the first sign-in and is signed in after saving the backup codes', async ({ page, shell }, testInfo) => {
  const account = e2eAccount('enrol', shell, testInfo.retry);
  await page.goto('/login');
  await signIn(page, account.username, E2E_PASSWORD);

  // The password step's challenge carries the set-up and its confirmation (docs/api.md, "the 2FA challenge").
  await expect(page.getByRole('heading', { name: 'Set up two-factor authentication' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Authenticator app/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.locator('p', { hasText: 'Or type this key into the app:' }).locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm' }).click();

  const backupCodes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(backupCodes.first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(profileLink(page, account.fullName)).toBeVisible();
});
