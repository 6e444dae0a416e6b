import { readFile } from 'node:fs/promises';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// Reports, web shell against the real server. A NARIC officer (reports.view_reports and
// reports.export_reports) opens the fees report, exports it as XLSX, watches the export's progress bar in
// the downloads list and downloads the finished file through the transfer bridge: an XLSX is a
// zip, so its first bytes are 'PK'. Axe checks the screen in English (the route × role suite
// covers Albanian and Serbian).

test('an officer exports a report as XLSX, follows its progress and downloads the file', async ({ page, shell }) => {
  test.skip(shell !== 'web', 'the reports screen is the same in both shells; its download crosses the bridge like every other');
  test.setTimeout(120_000);

  await signInTo(page, 'officer', '/reports?report=fees');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Fees collected and refunded' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Fees collected and refunded: figures' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // Switching the report keeps it in the address.
  await page.getByRole('button', { name: /Report$/ }).click();
  await page.getByRole('option', { name: 'Decisions by outcome' }).click();
  await expect(page).toHaveURL(/report=decisions/);
  await expect(page.getByRole('heading', { level: 2, name: 'Decisions by outcome' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Fees collected and refunded' })).toBeVisible();

  const downloads = page.getByRole('region', { name: 'Downloads' });
  const before = await downloads.getByRole('listitem').count();
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  await expect(page.getByText('The export has started: follow it under Downloads.')).toBeVisible();

  // The newest export comes first: a progress bar while the server writes it, then its download.
  const entry = downloads.getByRole('listitem').first();
  await expect(downloads.getByRole('listitem')).toHaveCount(before + 1);
  await expect(entry).toContainText('Fees collected and refunded (Excel (XLSX))');
  const download = entry.getByRole('button', { name: /^Download .+\.xlsx$/ });
  const bar = entry.getByRole('progressbar');
  await expect(bar.or(download)).toBeVisible({ timeout: 30_000 });
  if (await bar.isVisible()) {
    // A real bar: a number between 0 and 100 the server reported.
    const value = Number(await bar.getAttribute('aria-valuenow'));
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(100);
  }
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expectNoAccessibilityViolations(page);

  const saved = page.waitForEvent('download');
  await download.click();
  const file = await saved;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile((await file.path())!);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(entry.getByText(/saved/i)).toBeVisible();
});
