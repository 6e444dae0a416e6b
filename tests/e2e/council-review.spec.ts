import type { Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { minimalPdf } from '../support/pdf-fixtures';
import { expect, test } from './support/fixtures';
import { e2eApplication } from './support/e2e-applications';
import { signInTo } from './support/session-helpers';

// The council review's main flow in the web shell: an officer sends an originality-verified application to
// the medical council and asks an expert commission for a review; the evaluator submits it; the
// council member (who declared no conflict) finds it on the dashboard they land on, opens the
// review, starts it, records the decision with comments and participants (confirming its outcome); the application reaches
// assessment completed with the council's comments on its timeline. (Axe on both screens in en, sq
// and sr is the route × role suite's.)

const COMMENTS = 'Equivalent to a Kosovo doctor of medicine; the clinical years match.';

async function runAction(page: Page, action: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('an officer sends an application to the council, an evaluator reviews it, the council decides', async ({ page, shell }, testInfo) => {
  test.skip(shell !== 'web', 'the web shell carries this flow');
  test.slow();
  const fixture = e2eApplication('council', shell, testInfo.retry);

  // The officer: to the medical council, then an expert review from the medical commission.
  await signInTo(page, 'officer', '/applications');
  await page.getByRole('searchbox', { name: 'Search applications' }).fill(fixture.last_name);
  await page.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: fixture.reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${fixture.reference} · ${fixture.fullName}` })).toBeVisible();
  const applicationPath = new URL(page.url()).pathname;
  const applicationId = applicationPath.split('/').filter(Boolean).at(-1)!;
  await runAction(page, 'Move to council review', async (dialog) => {
    await dialog.getByRole('button', { name: /Council/ }).click();
    await dialog.page().getByRole('option', { name: 'Council for Medical and Health Sciences' }).click();
  });
  await expect(page.getByText('Council assigned').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Expert reviews' }).click();
  await page.getByRole('button', { name: 'Request an expert review' }).click();
  const request = page.getByRole('dialog', { name: 'Request an expert review' });
  await request.getByRole('button', { name: /Commission/ }).click();
  await page.getByRole('option', { name: /Expert Commission for Medicine/ }).click();
  await request.getByRole('button', { name: /Evaluator/ }).click();
  await page.getByRole('option', { name: /Jelena Petrović/ }).click();
  // The due date, segment by segment (a date in the future whatever today is).
  for (const [segment, digits] of [[/day/i, '15'], [/month/i, '06'], [/year/i, '2099']] as const) {
    await request.getByRole('spinbutton', { name: segment }).click();
    await page.keyboard.type(digits);
  }
  await request.getByRole('button', { name: 'Send request' }).click();
  await expect(request).toBeHidden();
  await signOut(page);

  // The evaluator submits the review.
  await signInTo(page, 'evaluator', '/expert-reviews');
  await page.getByRole('grid', { name: 'Expert reviews' }).getByRole('link', { name: fixture.reference }).click();
  const assessment = 'The programme matches a Kosovo integrated master in medicine.';
  await page.getByLabel('Assessment').fill(assessment);
  await page.getByRole('button', { name: /Recommendation/ }).click();
  await page.getByRole('option', { name: 'Recognise', exact: true }).click();
  await page.getByLabel('Comments').fill('No conditions.');
  // Attaching the report makes a new version of the review: what was typed stays in the form.
  const reportPath = testInfo.outputPath('expert-report.pdf');
  await writeFile(reportPath, minimalPdf('Expert report'));
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose PDF' }).click();
  await (await chooser).setFiles(reportPath);
  await expect(page.getByText(/^Report: expert-report\.pdf/)).toBeVisible();
  await expect(page.getByLabel('Assessment')).toHaveValue(assessment);
  await expect(page.getByLabel('Comments')).toHaveValue('No conditions.');
  await expect(page.getByRole('button', { name: /Recommendation/ })).toContainText('Recognise');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(page.getByText('This review has been submitted and is locked.').or(page.getByText(/^Submitted on/).first())).toBeVisible();
  await signOut(page);

  // The council member lands on the dashboard, opens the review, starts it and decides.
  await signInTo(page, 'council');
  await expect(page).toHaveURL(/\/councils\/dashboard/);
  const queue = page.getByRole('grid', { name: 'Waiting for review' });
  await queue.getByRole('link', { name: fixture.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/councils/applications/${applicationId}$`));
  const experts = page.getByRole('region', { name: 'Expert reviews' });
  await expect(experts.getByText('Recognise', { exact: true })).toBeVisible();
  await expect(experts.getByText(/\(locked\)/)).toBeVisible();
  await expect(page.getByText(/members without a conflict of interest; quorum 2\./)).toBeVisible();

  await page.getByRole('button', { name: 'Start review' }).click();
  const decision = page.getByRole('form', { name: 'Council decision' });
  await expect(decision).toBeVisible();
  const participants = decision.getByRole('group', { name: /Members who took part/ });
  await expect(participants.getByRole('checkbox', { name: /Driton Hoxha/ })).toBeChecked();
  await decision.getByLabel('Council comments').fill(COMMENTS);
  await decision.getByText('Approved', { exact: true }).click();
  await decision.getByRole('button', { name: 'Record the decision' }).click();
  // The decision is confirmed by its outcome before it is sent.
  const confirmation = page.getByRole('alertdialog', { name: 'Record the decision: Approved?' });
  await confirmation.getByRole('button', { name: 'Record the decision' }).click();
  await expect(confirmation).toBeHidden();
  const recorded = page.getByRole('region', { name: 'Recorded decisions' });
  await expect(recorded.getByText(COMMENTS)).toBeVisible();
  await expect(recorded.getByText(/Driton Hoxha/).first()).toBeVisible();

  // The application's timeline: assessment completed with the council's comments.
  await page.getByRole('link', { name: 'Open the application' }).click();
  await expect(page.getByText('Assessment completed').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const entry = timeline.getByRole('listitem').filter({ hasText: 'Record council decision' });
  await expect(entry).toContainText('Driton Hoxha');
  await expect(entry).toContainText(COMMENTS);
});
