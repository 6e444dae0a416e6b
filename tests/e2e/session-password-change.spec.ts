import { E2E_PASSWORD, e2eAccount } from './support/e2e-accounts';
import { profileLink, signIn, untilExpired, watchApiCalls, watchSessionTokens } from './support/session-helpers';
import { expect, test } from './support/session-server';

// On the session server (support/session-server.ts), so the test can show the session outlives
// its access token after the change: the next refresh uses the pair the bridge took over.

const NEW_PASSWORD = 'A-new-e2e-passphrase-2026';

test('changing the password keeps this session going and ends the others', async ({ page, shell, desktopMain, request, sessionServer }, testInfo) => {
  const account = e2eAccount('password', shell, testInfo.retry);
  const api = `${sessionServer.url}/api`;
  // Another session of the same person, e.g. on another computer.
  const elsewhere = await request.post(`${api}/auth/admin/login/`, { data: { username: account.username, password: E2E_PASSWORD } });
  expect(elsewhere.status()).toBe(200);
  const elsewherePair = (await elsewhere.json()) as { refresh: string };

  const calls = watchApiCalls(page);
  const tokens = watchSessionTokens(page, shell, desktopMain);
  await page.goto('/login');
  await signIn(page, account.username, E2E_PASSWORD);
  await profileLink(page, account.fullName).click();
  await expect(page).toHaveURL(/\/profile$/);
  const refreshBefore = await tokens.refresh();

  const form = page.getByRole('region', { name: 'Change password' });
  await form.getByLabel('Current password', { exact: true }).fill(E2E_PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Repeat the new password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();

  await expect(form.getByRole('status')).toHaveText('Your password was changed. You stay signed in here; every other session of your account was ended.');
  await expect(page).toHaveURL(/\/profile$/);
  // The bridge took over the new pair: a new refresh token where the refresh token is kept.
  const accessAfter = await tokens.access();
  expect(await tokens.refresh()).not.toBe(refreshBefore);
  if (shell === 'desktop') expect(desktopMain.calls).toContainEqual({ channel: 'auth:change-password', ok: true });
  // The other session ended with the change.
  expect((await request.post(`${api}/auth/token/refresh/`, { data: { refresh: elsewherePair.refresh } })).status()).toBe(401);

  // This one goes on past its access token: the page uses the new access token, and when it
  // expires, the refresh with the new refresh token is accepted.
  await untilExpired(accessAfter);
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
  await twoFactor.getByRole('button', { name: 'Enable two-factor authentication' }).click();
  await twoFactor.getByRole('button', { name: 'Continue' }).click();
  await expect(twoFactor.getByRole('heading', { name: 'Confirm the setup' })).toBeVisible();
  const setup = calls.filter((call) => call.path === '/api/auth/2fa/setup/');
  expect(setup.map((call) => call.status)).toEqual([401, 200]);
  expect(setup[0].bearer).toBe(accessAfter);
  await expect(page).toHaveURL(/\/profile$/);

  // Signed out, the old password no longer opens the account; the new one does.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, account.username, E2E_PASSWORD);
  await expect(page.getByRole('form', { name: 'Sign in' }).getByRole('alert')).toContainText('Invalid credentials');
  await signIn(page, account.username, NEW_PASSWORD);
  await expect(profileLink(page, account.fullName)).toBeVisible();
});
