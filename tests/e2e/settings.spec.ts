import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// System settings, web shell against the real server: an administrator adds a day the
// office is closed and saves; after a reload the day is still there with who saved it. A day far
// ahead (one per attempt), so no other spec's deadlines move.

test('an administrator adds an office closed day and sees it saved', async ({ page, shell }, testInfo) => {
  test.skip(shell !== 'web', 'the settings screen does not cross the bridge');
  test.setTimeout(90_000);
  const date = `2031-03-${String(10 + testInfo.retry).padStart(2, '0')}`;
  const reason = `Office move ${testInfo.retry}`;
  await signInTo(page, 'admin', '/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'System settings' })).toBeVisible();
  const closedDays = page.getByRole('region', { name: 'Office closed days' });
  await expect(closedDays).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The shared date field, segment by segment, in the order it shows them.
  const [year, month, day] = date.split('-');
  for (const [segment, digits] of [[/day/i, day], [/month/i, month], [/year/i, year]] as const) {
    await closedDays.getByRole('spinbutton', { name: segment }).first().click();
    await page.keyboard.type(digits!);
  }
  await closedDays.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await closedDays.getByRole('button', { name: 'Add day' }).click();
  await expect(closedDays.getByRole('row').filter({ hasText: reason })).toBeVisible();
  await closedDays.getByRole('button', { name: 'Save Office closed days' }).click();
  await expect(closedDays.getByText(/Last saved by admin on/)).toBeVisible();

  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Office closed days' });
  await expect(reloaded.getByRole('row').filter({ hasText: reason })).toBeVisible({ timeout: 20_000 });
  await expect(reloaded.getByText(/Last saved by admin on/)).toBeVisible();
  await expectNoAccessibilityViolations(page);
});
