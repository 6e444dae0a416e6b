import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signIn, signInTo } from './support/session-helpers';

// User administration, web shell against the real server: an administrator creates an
// officer with a temporary password shown once; the officer signs in with it and is made to
// choose their own before anything else opens; the administrator then deactivates them from the
// user's details, and the officer's open session ends at its next request.

const NEW_PASSWORD = 'Own-Passw0rd-2026!';

test('an administrator creates an officer, who must change the temporary password; deactivating them ends their session', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  // Unique per retry: the e2e database outlives a failed attempt.
  const suffix = `${testInfo.retry}${Date.now().toString(36)}`;
  const username = `drita.morina.${suffix}`;

  await signInTo(page, 'admin', '/users/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Create user' })).toBeVisible();
  await page.getByRole('textbox', { name: 'First name' }).fill('Drita');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Morina');
  await page.getByRole('textbox', { name: 'E-mail' }).fill(`${username}@naric.example`);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('group', { name: 'Groups (roles)' }).getByText('NARIC Officers', { exact: true }).click();
  await page.getByRole('button', { name: /Temporary password/ }).click();
  await page.getByRole('option', { name: 'Show it to me now (once)' }).click();
  await page.getByRole('button', { name: 'Create user' }).click();

  // The new user's details, with the temporary password shown this once.
  await expect(page.getByRole('heading', { level: 1, name: 'Drita Morina' })).toBeVisible();
  await expect(page).toHaveURL(/\/users\/\d+$/);
  const shown = page.locator('.temporary-password code');
  await expect(shown).toBeVisible();
  const temporary = (await shown.textContent())!.trim();
  expect(temporary.length).toBeGreaterThanOrEqual(12);

  // The officer signs in elsewhere with it and sees only the password change.
  const officerContext = await browser.newContext({ baseURL });
  try {
    const officer = await officerContext.newPage();
    await officer.goto('/login');
    await signIn(officer, username, temporary);
    await expect(officer.getByRole('heading', { level: 1, name: 'Choose your own password' })).toBeVisible();
    await expect(officer.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await officer.getByRole('textbox', { name: 'Temporary password' }).fill(temporary);
    await officer.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await officer.getByRole('textbox', { name: 'Repeat the new password' }).fill(NEW_PASSWORD);
    await officer.getByRole('button', { name: 'Save the new password' }).click();
    // Now the back-office opens, with its navigation.
    const navigation = officer.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(officer.getByRole('heading', { level: 1, name: 'Choose your own password' })).toHaveCount(0);

    // The administrator sees the officer's open session, then deactivates them.
    await page.reload();
    await page.getByRole('tab', { name: 'Activity and sessions' }).click();
    await expect(page.getByRole('grid', { name: 'Open sessions' }).getByRole('row')).toHaveCount(2);
    // The tabs and dialogs past the first screen, which the route × role suite does not open.
    await expectNoAccessibilityViolations(page);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAccessibilityViolations(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('Deactivated', { exact: true }).first()).toBeVisible();

    // The officer's session ends at its next request: back to sign-in, and signing in is refused.
    await navigation.getByRole('link', { name: 'Incomplete applications', exact: true }).click();
    await expect(officer).toHaveURL(/\/login/);
    await signIn(officer, username, NEW_PASSWORD);
    await expect(officer.getByText('This account is disabled.')).toBeVisible();
  } finally {
    await officerContext.close();
  }
});
