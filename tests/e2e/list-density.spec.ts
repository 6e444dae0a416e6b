import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { signInTo } from './support/session-helpers';

// A clerk's working day on the application list: one line per row, the whole list on a 1280 px
// screen without scrolling sideways, the whole text of a cut cell on hover, and the row density
// they chose still there after the page is reloaded.

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const table = document.querySelector<HTMLElement>('.data-table')!;
    return { page: root.scrollWidth - root.clientWidth, table: table.scrollWidth - table.clientWidth };
  });
}

test('at 1280×800 the application list fits without scrolling sideways, and the chosen density survives a reload', async ({ page, shell }) => {
  test.skip(shell !== 'web', 'the layout is the same in both shells; the browser shell is the one that reloads');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInTo(page, 'officer', '/applications');
  const grid = page.getByRole('grid', { name: 'Applications' });
  // The layout is under test, not the list's speed: on a loaded machine its first answer can take
  // longer than the default five seconds.
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });

  expect(await horizontalOverflow(page)).toEqual({ page: 0, table: 0 });
  // One line per row: every body row is as tall as the first.
  const heights = await grid.locator('tbody [role="row"]').evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(5);
  expect(new Set(heights).size).toBe(1);
  const comfortable = heights[0]!;

  // Compact rows are lower, and still one line.
  await page.locator('.density-switch__option', { hasText: 'Compact' }).click();
  await expect(page.getByRole('radio', { name: 'Compact' })).toBeChecked();
  await expect(page.locator('.data-table')).toHaveAttribute('data-density', 'compact');
  const compact = await grid.locator('tbody [role="row"]').first().evaluate((row) => row.getBoundingClientRect().height);
  expect(compact).toBeLessThan(comfortable);
  expect(await horizontalOverflow(page)).toEqual({ page: 0, table: 0 });

  // A cut cell shows its whole text in a tooltip; the page stays free of accessibility violations.
  const cut = grid.locator('tbody .truncated-text');
  const cutIndex = await cut.evaluateAll((lines) => lines.findIndex((line) => line.scrollHeight > line.clientHeight || line.scrollWidth > line.clientWidth));
  expect(cutIndex).toBeGreaterThanOrEqual(0);
  const line = cut.nth(cutIndex);
  const whole = (await line.textContent())!;
  await line.hover();
  await expect(page.getByRole('tooltip')).toHaveText(whole);
  await expectNoAccessibilityViolations(page);

  // After a reload (the session survives it in both shells) the list is compact.
  await page.reload();
  await expect(page).toHaveURL(/\/applications$/);
  await expect(grid.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.data-table')).toHaveAttribute('data-density', 'compact');
  await expect(page.getByRole('radio', { name: 'Compact' })).toBeChecked();
});

/** The body rows wholly on screen, without scrolling the page. */
function rowsInView(page: Page) {
  return page.evaluate(() => [...document.querySelectorAll('.data-table tbody [role="row"]')].filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length);
}

test('the application list shows at least 15 rows at 1440×900 and 8 at 1280×720, its rarer filters behind More filters', async ({ page, shell }) => {
  test.skip(shell !== 'web', 'the layout is the same in both shells');
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInTo(page, 'officer', '/applications');
  const grid = page.getByRole('grid', { name: 'Applications' });
  await expect(grid.getByRole('row').nth(15)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.data-table')).toHaveAttribute('data-density', 'comfortable');
  expect(await rowsInView(page)).toBeGreaterThanOrEqual(15);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect.poll(() => rowsInView(page)).toBeGreaterThanOrEqual(8);

  // The hidden filters still apply from the address, and the toggle says how many are in use.
  await page.goto('/applications?priority=high&archived=all');
  const more = page.getByRole('button', { name: 'More filters (2 in use)' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: /Priority/ })).toHaveCount(0);
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Submitted from', { exact: true })).toBeVisible();
});
