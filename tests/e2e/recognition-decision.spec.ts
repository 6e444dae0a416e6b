import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, type DesktopMain } from './support/fixtures';
import { e2eApplication } from './support/e2e-applications';
import { signInTo } from './support/session-helpers';

// The structured recognition decision (web project): an officer builds a partial recognition on
// an assessed application (the builder's rules said before anything is sent), the agency officer
// reads the decision in its parts and approves it, and the decision PDF stored at approval is saved.

async function openDecision(page: Page, username: string, reference: string, link: string) {
  await signInTo(page, username, `/applications?search=${reference}`);
  await page.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: reference }).click();
  await page.getByRole('link', { name: link }).click();
}

async function chooseIn(page: Page, field: RegExp, option: RegExp) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('listbox', { name: field }).getByRole('option', { name: option }).first().click();
}

test('an officer prepares a partial recognition and the agency officer approves the structured decision', async ({ page, shell, desktopMain }, testInfo) => {
  test.slow();
  const fixture = e2eApplication('decision', shell, testInfo.retry);
  await openDecision(page, 'officer', fixture.reference, 'Recognition decision');
  const builder = page.getByRole('form', { name: 'Recognition decision' });
  await expect(page.getByRole('heading', { level: 1, name: `Decision builder · ${fixture.reference}` })).toBeVisible();

  // Partial recognition without its purposes, a difference or a legal basis: each rule says so, nothing is sent.
  await builder.getByText('Partial recognition', { exact: true }).click();
  await builder.getByRole('button', { name: 'Prepare decision' }).click();
  await expect(builder.getByText('Say what the outcome covers', { exact: false })).toBeVisible();
  await expect(builder.getByText('An outcome short of full recognition needs at least one substantial difference, explained.')).toBeVisible();
  await expect(builder.getByText('Cite at least one legal basis.')).toBeVisible();

  await builder.getByLabel('Recognised for these purposes or parts').fill('Access to employment in economics; not access to doctoral studies.');
  await chooseIn(page, /National reference qualification/, /\(e2e\)/);
  await chooseIn(page, /Profile of the foreign qualification/, /^Academic$/);
  await expect(builder.getByRole('table')).toContainText('Foreign qualification');
  await builder.getByRole('button', { name: 'Add a difference' }).click();
  await chooseIn(page, /Element of difference 1/, /^Workload$/);
  await builder.getByLabel('Why difference 1 is substantial').fill('60 ECTS against the 120 ECTS of a Kosovo master: a year of study is missing.');
  await builder.getByText('E2E Admin. Instruction 2/2021 Art. 12', { exact: true }).click();
  await expect(builder.getByRole('checkbox', { name: /E2E Admin\. Instruction 2\/2021 Art\. 12/ })).toBeChecked();
  await expect(builder.getByText(/An appeal against this decision may be lodged with the .* within 15 days/)).toBeVisible();
  await builder.getByRole('button', { name: 'Prepare decision' }).click();
  await expect(page.getByText('Prepared, waiting for approval')).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Sign out' }).click();
  await openDecision(page, 'agency', fixture.reference, 'Review the decision');
  const decision = page.getByRole('region', { name: 'Prepared decision' });
  await expect(decision.getByText('Partial recognition', { exact: true })).toBeVisible();
  await expect(decision.getByText('Access to employment in economics; not access to doctoral studies.')).toBeVisible();
  await expect(decision.getByText('60 ECTS against the 120 ECTS of a Kosovo master: a year of study is missing.')).toBeVisible();
  await expect(decision.getByRole('listitem').filter({ hasText: 'E2E Admin. Instruction 2/2021 Art. 12' })).toBeVisible();
  await expect(decision.getByRole('table')).toContainText('National qualification');
  const review = page.getByRole('region', { name: 'Approval' });
  await review.getByLabel('Notes').fill('Recognised for employment as prepared.');
  await review.getByRole('button', { name: 'Approve decision' }).click();
  await expect(page.getByRole('region', { name: 'Decision' }).getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Decision' })).toContainText('Milan Jovanović');

  // The decision PDF, made once at approval: a PDF, saved as stored.
  const fileName = `recognition-decision-${fixture.reference}.pdf`;
  const pdf = await savedBytes(page, shell, desktopMain, () => page.getByRole('region', { name: 'Decision' }).getByRole('button', { name: 'Save decision PDF' }).click(), fileName);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(10_000);
});

/** Clicks a save button and answers the bytes saved: the browser's download, or the file main wrote. */
async function savedBytes(page: Page, shell: 'web' | 'desktop', desktopMain: DesktopMain, save: () => Promise<void>, fileName: string): Promise<Buffer> {
  if (shell === 'desktop') {
    await save();
    await expect(page.getByText(`${fileName} was saved.`)).toBeVisible();
    return readFile(join(desktopMain.dialogs.saveDirectory, fileName));
  }
  const download = page.waitForEvent('download');
  await save();
  return readFile(await (await download).path());
}
