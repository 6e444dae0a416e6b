import type { Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { minimalPdf } from '../support/pdf-fixtures';
import { e2eApplication } from './support/e2e-applications';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// An appeal in the web shell: the officer grants a pre-university recognition with the builder,
// registers the applicant's appeal from their letter (a PDF), and assigns it to the demo member's
// council; the council member changes the decision with the same builder; the old decision is
// kept, marked superseded, and the new one is the application's decision.

async function chooseIn(page: Page, field: RegExp, option: RegExp) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('listbox', { name: field }).getByRole('option', { name: option }).first().click();
}

test('an appeal registered on a granted recognition is decided as changed by another council', async ({ page }, testInfo) => {
  // Three people sign in one after another: longer than a single screen's flow.
  test.setTimeout(300_000);
  const fixture = e2eApplication('appeal', 'web', testInfo.retry);

  // The officer grants the recognition (full, the e2e library's general reason).
  await signInTo(page, 'officer', `/applications?search=${fixture.reference}`);
  await page.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: fixture.reference }).click();
  await page.getByRole('link', { name: 'Recognition decision' }).click();
  const builder = page.getByRole('form', { name: 'Recognition decision' });
  await builder.getByText('Full recognition', { exact: true }).click();
  await chooseIn(page, /National reference qualification/, /Matura\) \(e2e\)/);
  await chooseIn(page, /Profile of the foreign qualification/, /^Academic$/);
  await builder.getByText('E2E Law 04/L-037 Art. 29', { exact: true }).click();
  await builder.getByRole('button', { name: 'Grant recognition' }).click();
  await expect(page.getByRole('region', { name: 'Decision' }).getByRole('definition').getByText('Approved', { exact: true })).toBeVisible({ timeout: 20_000 });

  // The appeal, from the letter.
  await page.getByRole('link', { name: 'Back to the application' }).click();
  await page.getByRole('tab', { name: 'Appeals' }).click();
  await page.getByRole('link', { name: 'Register an appeal' }).click();
  const letter = testInfo.outputPath('appeal-letter.pdf');
  await writeFile(letter, minimalPdf(`Appeal of ${fixture.fullName}`));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose PDF' }).click();
  await (await chooser).setFiles(letter);
  await expect(page.getByText('Uploaded: appeal-letter.pdf')).toBeVisible({ timeout: 20_000 });
  const form = page.getByRole('form', { name: 'Register the appeal' });
  await form.getByLabel('Grounds').fill('The matura was compared with the wrong national qualification.');
  await form.getByRole('button', { name: 'Register the appeal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Appeal: ${fixture.reference}` })).toBeVisible({ timeout: 20_000 });

  // To the demo member's council (another council than any that decided).
  const assign = page.getByRole('region', { name: 'Assign for review' });
  // A searchable choice (every council and officer): typed, then picked.
  await assign.getByRole('combobox', { name: 'Council or officer' }).fill('Medical');
  await page.getByRole('option', { name: /Council: Council for Medical/ }).first().click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Council: Council for Medical', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Under review', { exact: true }).first()).toBeVisible();
  const appealAddress = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The council member changes the decision with the builder.
  await signInTo(page, 'council', appealAddress);
  await page.getByRole('link', { name: 'Change the decision' }).click();
  const change = page.getByRole('form', { name: 'Recognition decision' });
  await change.getByText('Partial recognition', { exact: true }).click();
  await change.getByLabel('Recognised for these purposes or parts').fill('Access to employment; not access to university studies.');
  await chooseIn(page, /National reference qualification/, /Matura\) \(e2e\)/);
  await chooseIn(page, /Profile of the foreign qualification/, /^Academic$/);
  await change.getByRole('button', { name: 'Add a difference' }).click();
  await chooseIn(page, /Element of difference 1/, /^Learning outcomes$/);
  await change.getByLabel('Why difference 1 is substantial').fill('The final examination does not cover the subjects university entry requires.');
  await change.getByText('E2E Law 04/L-037 Art. 29', { exact: true }).click();
  await change.getByLabel(/Reason for changing the decision/).fill('The comparison with the matura shows a difference in learning outcomes.');
  await change.getByRole('button', { name: 'Change the decision' }).click();
  await page.getByRole('alertdialog', { name: 'Change the decision on appeal?' }).getByRole('button', { name: 'Change to “Partial recognition”' }).click();
  await expect(page.getByText('Decided: Decision changed')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The officer sees the new decision current and the old one superseded.
  await signInTo(page, 'officer', appealAddress);
  await page.getByRole('link', { name: 'Open the new decision' }).click();
  await expect(page.getByRole('region', { name: 'Decision' }).getByText('Partial recognition', { exact: true })).toBeVisible();
  const history = page.getByRole('region', { name: 'Earlier versions' });
  await history.getByText(/Full recognition/).first().click();
  await expect(history.getByText('Superseded.', { exact: true })).toBeVisible();
});
