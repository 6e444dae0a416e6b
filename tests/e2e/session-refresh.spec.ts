import { E2E_PASSWORD, e2eAccount } from './support/e2e-accounts';
import { profileLink, signIn, untilExpired, watchApiCalls, watchSessionTokens } from './support/session-helpers';
import { expect, test } from './support/session-server';

// On the session server (support/session-server.ts): access tokens live a few seconds, so a test
// can let one expire and watch what the app does on the next call.

test('an expired access token is refreshed silently and the user keeps working', async ({ page, shell, desktopMain }, testInfo) => {
  const account = e2eAccount('refresh', shell, testInfo.retry);
  const calls = watchApiCalls(page);
  const tokens = watchSessionTokens(page, shell, desktopMain);
  await page.goto('/login');
  await signIn(page, account.username, E2E_PASSWORD);
  await expect(profileLink(page, account.fullName)).toBeVisible();

  const expired = await tokens.access();
  await untilExpired(expired);
  await profileLink(page, account.fullName).click();

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
  await expect(page.getByText('Session expired')).toHaveCount(0);
  // The call went out with the expired token, was refused, and went again with a fresh one.
  const status = calls.filter((call) => call.path === '/api/auth/2fa/status/');
  expect(status.map((call) => call.status)).toEqual([401, 200]);
  expect(status[0].bearer).toBe(expired);
  expect(status[1].bearer).toBe(await tokens.access());
  expect(status[1].bearer).not.toBe(expired);
  // One refresh, made by the bridge: in main for the desktop, in the page's bridge for the web.
  if (shell === 'desktop') {
    expect(desktopMain.calls.filter((call) => call.channel === 'auth:refresh')).toEqual([{ channel: 'auth:refresh', ok: true }]);
  } else {
    expect(calls.filter((call) => call.path === '/api/auth/token/refresh/').map((call) => call.status)).toEqual([200]);
  }
});

test('a refused refresh ends the session: back to sign-in with "Session expired"', async ({ page, shell, desktopMain, request, sessionServer }, testInfo) => {
  const account = e2eAccount('revoked', shell, testInfo.retry);
  const refreshUrl = `${sessionServer.url}/api/auth/token/refresh/`;
  const tokens = watchSessionTokens(page, shell, desktopMain);
  await page.goto('/login');
  await signIn(page, account.username, E2E_PASSWORD);
  await expect(profileLink(page, account.fullName)).toBeVisible();

  // Someone else gets hold of this session's refresh token and uses it first: the server rotates
  // it for them. When the app presents the same token, the server sees a used token shown again
  // and revokes the whole family (reuse detection), so the app's refresh is refused.
  const stolen = await tokens.refresh();
  const theirs = await request.post(refreshUrl, { data: { refresh: stolen } });
  expect(theirs.status()).toBe(200);
  const theirPair = (await theirs.json()) as { refresh: string };

  await untilExpired(await tokens.access());
  await profileLink(page, account.fullName).click();

  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Session expired' })).toContainText('Please sign in again.');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The family is gone for the other holder too.
  expect((await request.post(refreshUrl, { data: { refresh: theirPair.refresh } })).status()).toBe(401);
  // Both tokens are cleared where the desktop keeps them.
  if (shell === 'desktop') expect([...desktopMain.keychain.keys()]).toEqual([]);

  // Signing in again is all it takes, and it leads back to where the user was going.
  await signIn(page, account.username, E2E_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
});
