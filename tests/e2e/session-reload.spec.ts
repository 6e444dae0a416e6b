import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// The web shell keeps its refresh token in an HttpOnly cookie, so a reload or a new
// tab restores the session before the first screen (spec §1), and signing out ends it for every
// tab. The desktop keeps its keychain (session specs cover it); this one is about the browser.

test('web shell: a reload and a new tab stay signed in; after signing out a reload shows the sign-in screen', async ({ page, shell }) => {
  test.skip(shell !== 'web', 'the browser shell’s cookie session');
  const signOut = (target: typeof page) => target.getByRole('button', { name: 'Sign out' });

  await signInTo(page, 'officer', '/applications');
  await expect(page).toHaveURL(/\/applications$/);
  await expect(signOut(page)).toBeVisible();

  // Chromium stored the Secure cookie although the e2e server is plain http on 127.0.0.1
  // (loopback counts as a secure context), HttpOnly and only for the auth paths.
  const cookies = await page.context().cookies();
  const refresh = cookies.find((cookie) => cookie.name === 'naric_refresh');
  expect(refresh).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/api/auth/' });
  expect(cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toMatchObject({ httpOnly: false, path: '/' });
  // …and page JavaScript cannot read the refresh token.
  expect(await page.evaluate(() => document.cookie)).not.toContain('naric_refresh');

  await page.reload();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(signOut(page)).toBeVisible();

  const tab = await page.context().newPage();
  await tab.goto('/applications');
  await expect(tab).toHaveURL(/\/applications$/);
  await expect(signOut(tab)).toBeVisible();

  await signOut(tab).click();
  await expect(tab).toHaveURL(/\/login/);
  await tab.reload();
  await expect(tab.getByRole('button', { name: 'Sign in' })).toBeVisible();
  // The first tab's session ended with it: a reload there lands on sign-in too.
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('naric_refresh');
});
