import type { Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { minimalPdf } from '../support/pdf-fixtures';
import { expect, test } from './support/fixtures';
import { e2eApplication } from './support/e2e-applications';
import { signInTo } from './support/session-helpers';

// A recognition decision from precedent to appeal (web project). The officer filters the decisions
// register; in the builder of an assessed application (reviewed by the engineering council) opens
// the similar decisions, cites one and prepares a partial recognition; the agency officer approves
// it; the officer registers the applicant's appeal from their letter and assigns it to another
// council (the demo member's); its member changes the decision with the same builder; the officer
// finds the old decision superseded and the new one issued with its PDF. The cited precedent's own
// decision lists the application as "cited by".

async function chooseIn(page: Page, field: RegExp, option: RegExp) {
  await page.getByRole('button', { name: field }).click();
  await page.getByRole('listbox', { name: field }).getByRole('option', { name: option }).first().click();
}

/** Fills the departure reason when the builder asks for it (a clear majority of earlier decisions took another outcome). */
async function explainDeparture(form: ReturnType<Page['getByRole']>) {
  const departure = form.getByLabel('Why this decision departs from the earlier ones');
  if (await departure.isVisible()) await departure.fill('The transcript shows a shorter programme than the earlier files on it.');
}

async function openApplication(page: Page, username: string, reference: string) {
  await signInTo(page, username, `/applications?search=${reference}`);
  await page.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: reference }).click();
}

test('a partial recognition citing a precedent is approved, appealed, and changed by another council', async ({ page, shell }, testInfo) => {
  // Four people sign in one after another: longer than a single screen's flow.
  test.setTimeout(300_000);
  const fixture = e2eApplication('precedent', shell, testInfo.retry);

  // The register, filtered.
  await signInTo(page, 'officer', '/decisions');
  await expect(page.getByRole('heading', { level: 1, name: 'Decisions register' })).toBeVisible();
  const register = page.getByRole('grid', { name: 'Decisions register' });
  await expect(register.getByRole('row').nth(1)).toBeVisible();
  await chooseIn(page, /Outcome$/, /^Non-recognition$/);
  await expect(page).toHaveURL(/outcome=non_recognition/);
  await expect(register).toContainText('Non-recognition');
  await expect(register).not.toContainText('Full recognition', { timeout: 30_000 });

  // The officer prepares a partial recognition, citing a precedent among the similar decisions.
  await page.goto(`/applications?search=${fixture.reference}`);
  await page.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: fixture.reference }).click();
  await page.getByRole('link', { name: 'Recognition decision' }).click();
  const builder = page.getByRole('form', { name: 'Recognition decision' });
  const precedents = builder.getByRole('region', { name: 'Precedents and consistency' });
  await builder.getByText('Partial recognition', { exact: true }).click();
  await builder.getByLabel('Recognised for these purposes or parts').fill('Access to employment; not access to doctoral studies.');
  await precedents.getByRole('button', { name: 'Show similar decisions' }).click();
  // Every approved decision, whatever it shares with this application.
  const sameAs = precedents.getByRole('group', { name: 'Same as this application' });
  for (const flag of ['Institution', 'Programme', 'Degree level', 'Country']) {
    await sameAs.getByText(flag, { exact: true }).click();
    await expect(sameAs.getByRole('checkbox', { name: flag })).not.toBeChecked();
  }
  const similar = precedents.getByRole('grid', { name: 'Similar decisions' });
  const cite = similar.getByRole('button', { name: /^Cite / }).first();
  const citedReference = ((await cite.textContent()) ?? '').replace(/^Cite /, '').trim();
  await cite.click();
  await expect(similar.getByRole('button', { name: `Cited: ${citedReference}` })).toBeVisible();

  await chooseIn(page, /National reference qualification/, /\(e2e\)/);
  await chooseIn(page, /Profile of the foreign qualification/, /^Academic$/);
  await builder.getByRole('button', { name: 'Add a difference' }).click();
  await chooseIn(page, /Element of difference 1/, /^Workload$/);
  await builder.getByLabel('Why difference 1 is substantial').fill('60 ECTS against the 120 ECTS of a Kosovo master: a year of study is missing.');
  await builder.getByRole('region', { name: 'Legal basis' }).getByText('E2E Law 04/L-037 Art. 29', { exact: true }).click();
  await explainDeparture(builder);
  await builder.getByRole('button', { name: 'Prepare decision' }).click();
  await expect(page.getByText('Prepared, waiting for approval')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Precedents cited' })).toBeVisible();
  // The precedent's own decision names this application among those citing it.
  await page.getByRole('link', { name: citedReference }).click();
  await expect(page.getByRole('heading', { name: 'Cited by' })).toBeVisible();
  await expect(page.getByRole('link', { name: fixture.reference })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The agency officer approves it.
  await openApplication(page, 'agency', fixture.reference);
  await page.getByRole('link', { name: 'Review the decision' }).click();
  await expect(page.getByRole('region', { name: 'Prepared decision' }).getByText('Partial recognition', { exact: true })).toBeVisible();
  await page.getByRole('region', { name: 'Approval' }).getByRole('button', { name: 'Approve decision' }).click();
  await expect(page.getByRole('region', { name: 'Decision' }).getByText('Approved', { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The officer registers the applicant's appeal from the letter and assigns it to another council.
  await openApplication(page, 'officer', fixture.reference);
  await page.getByRole('tab', { name: 'Appeals' }).click();
  await page.getByRole('link', { name: 'Register an appeal' }).click();
  const letter = testInfo.outputPath('appeal-letter.pdf');
  await writeFile(letter, minimalPdf(`Appeal of ${fixture.fullName}`));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose PDF' }).click();
  await (await chooser).setFiles(letter);
  await expect(page.getByText('Uploaded: appeal-letter.pdf')).toBeVisible({ timeout: 20_000 });
  const form = page.getByRole('form', { name: 'Register the appeal' });
  await form.getByLabel('Grounds').fill('The programme’s thesis semester was not counted in the workload.');
  await form.getByRole('button', { name: 'Register the appeal' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Appeal: ${fixture.reference}` })).toBeVisible({ timeout: 20_000 });
  // A searchable choice (every council and officer): typed, then picked.
  const assign = page.getByRole('region', { name: 'Assign for review' });
  await assign.getByRole('combobox', { name: 'Council or officer' }).fill('Medical');
  await page.getByRole('option', { name: /Council: Council for Medical/ }).first().click();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('Under review', { exact: true }).first()).toBeVisible();
  const appealAddress = new URL(page.url()).pathname;
  await page.getByRole('button', { name: 'Sign out' }).click();

  // That council's member changes the decision to a full recognition.
  await signInTo(page, 'council', appealAddress);
  await page.getByRole('link', { name: 'Change the decision' }).click();
  const change = page.getByRole('form', { name: 'Recognition decision' });
  await change.getByText('Full recognition', { exact: true }).click();
  await chooseIn(page, /National reference qualification/, /\(e2e\)/);
  await chooseIn(page, /Profile of the foreign qualification/, /^Academic$/);
  await change.getByRole('region', { name: 'Legal basis' }).getByText('E2E Law 04/L-037 Art. 29', { exact: true }).click();
  await explainDeparture(change);
  await change.getByLabel(/Reason for changing the decision/).fill('With the thesis semester the workload is that of a Kosovo master.');
  await change.getByRole('button', { name: 'Change the decision' }).click();
  await page.getByRole('alertdialog', { name: 'Change the decision on appeal?' }).getByRole('button', { name: 'Change to “Full recognition”' }).click();
  await expect(page.getByText('Decided: Decision changed')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign out' }).click();

  // The officer finds the new decision current and issued, the partial one superseded.
  await signInTo(page, 'officer', appealAddress);
  await page.getByRole('link', { name: 'Open the new decision' }).click();
  const current = page.getByRole('region', { name: 'Decision' });
  await expect(current.getByText('Full recognition', { exact: true })).toBeVisible();
  await expect(current.getByRole('button', { name: 'Save decision PDF' })).toBeVisible({ timeout: 30_000 });
  const history = page.getByRole('region', { name: 'Earlier versions' });
  await history.getByText(/Partial recognition/).first().click();
  await expect(history.getByText('Superseded.', { exact: true })).toBeVisible();
});
