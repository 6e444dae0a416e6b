import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { e2eApplication } from './support/e2e-applications';
import { DEMO_PASSWORD, signInTo } from './support/session-helpers';

// Officers' day with applications (web project; the desktop shell shows the same page): find,
// walk through the workflow, decide; the timeline records it; a council member sees only their
// council; a stale action is explained.

async function runAction(page: Page, action: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('an officer finds a paid application, walks it to decision pending, and an agency officer approves it', async ({ page, shell }, testInfo) => {
  // Three people sign in along the way on a shared, loaded machine.
  test.slow();
  const fixture = e2eApplication('walk', shell, testInfo.retry);
  await signInTo(page, 'officer', '/applications');
  await page.getByRole('searchbox', { name: 'Search applications' }).fill(fixture.last_name);
  const table = page.getByRole('grid', { name: 'Applications' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page).toHaveURL(new RegExp(`search=${fixture.last_name}`));
  await table.getByRole('link', { name: fixture.reference }).click();

  await expect(page.getByRole('heading', { level: 1, name: `${fixture.reference} · ${fixture.fullName}` })).toBeVisible();
  await expect(page.getByText('Payment completed').first()).toBeVisible();

  await runAction(page, 'Start work');
  await expect(page.getByText('Document verification').first()).toBeVisible();

  // The documents are approved together: one confirmation naming each, one request.
  await page.getByRole('tab', { name: 'Documents' }).click();
  const selection = page.getByRole('group', { name: 'Selected documents' });
  await selection.getByText('0 documents selected').click();
  await expect(selection.getByRole('checkbox')).toBeChecked();
  await selection.getByRole('button', { name: 'Approve selected' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve document' });
  const named = await approve.getByRole('listitem').allTextContents();
  expect(named.length).toBeGreaterThan(1);
  await approve.getByRole('button', { name: 'Approve document', exact: true }).click();
  await expect(approve).toBeHidden();
  await expect(page.getByText(`Approve document: ${named.join(', ')}.`)).toBeVisible();
  const documentRows = page.getByRole('grid', { name: 'Documents' }).getByRole('row');
  for (const name of named) await expect(documentRows.filter({ hasText: name })).toContainText('Verified');

  // The officer is found by typing; each choice shows the person's role and open applications.
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Assign officer', exact: true }).click();
  const assign = page.getByRole('dialog', { name: 'Assign officer' });
  await assign.getByRole('combobox', { name: 'Officer' }).fill('Gash');
  const choice = page.getByRole('option', { name: /Blerta Gashi \(officer\)/ });
  await expect(choice).toContainText(/open application/);
  await choice.click();
  await assign.getByRole('button', { name: 'Assign officer', exact: true }).click();
  await expect(assign).toBeHidden();
  await expect(page.getByText('Officer: Blerta Gashi')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).click();
  await page.getByRole('button', { name: 'Update status' }).click();
  const statusDialog = page.getByRole('dialog', { name: 'Update status' });
  await statusDialog.getByRole('button', { name: /New status/ }).click();
  const targets = page.getByRole('listbox', { name: /New status/ });
  await expect(targets.getByRole('option')).toHaveText(['Originality verified', 'Suspicious', 'Needs clarification', 'Additional info required']);
  await targets.getByRole('option', { name: 'Originality verified' }).click();
  await statusDialog.getByLabel('Notes (optional)').fill('Confirmed with the issuing university.');
  await statusDialog.getByRole('button', { name: 'Update status' }).click();
  await expect(statusDialog).toBeHidden();

  await runAction(page, 'Move to council review', async (dialog) => {
    await dialog.getByRole('button', { name: /Council/ }).click();
    await dialog.page().getByRole('option', { name: 'Council for Medical and Health Sciences' }).click();
  });
  await runAction(page, 'Start council review');
  // The council records its decision on its review screen (who took part, checked against the
  // quorum): the demo council member chairs the medical council.
  const applicationPath = new URL(page.url()).pathname;
  const applicationId = applicationPath.split('/').filter(Boolean).at(-1)!;
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInTo(page, 'council', `/councils/applications/${applicationId}`);
  const decision = page.getByRole('form', { name: 'Council decision' });
  // Required comments are checked before anything is sent.
  await decision.getByRole('button', { name: 'Record the decision' }).click();
  await expect(decision.getByText("The council's comments are required to record its decision.")).toBeVisible();
  await decision.getByLabel('Council comments').fill('Equivalent to a Kosovo master degree.');
  await decision.getByText('Approved', { exact: true }).click();
  await decision.getByRole('button', { name: 'Record the decision' }).click();
  await page.getByRole('alertdialog', { name: 'Record the decision: Approved?' }).getByRole('button', { name: 'Record the decision' }).click();
  await expect(page.getByRole('region', { name: 'Recorded decisions' }).getByText('Equivalent to a Kosovo master degree.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInTo(page, 'officer', applicationPath);
  // The decision is prepared on the decision builder (recognition-decision.spec.ts has its rules).
  await page.getByRole('region', { name: 'Actions' }).getByRole('link', { name: 'Recognition decision' }).click();
  const builder = page.getByRole('form', { name: 'Recognition decision' });
  await builder.getByText('Full recognition', { exact: true }).click();
  await page.getByRole('button', { name: /National reference qualification/ }).click();
  await page.getByRole('listbox', { name: /National reference qualification/ }).getByRole('option', { name: /\(e2e\)/ }).first().click();
  await page.getByRole('button', { name: /Profile of the foreign qualification/ }).click();
  await page.getByRole('listbox', { name: /Profile of the foreign qualification/ }).getByRole('option', { name: 'Academic' }).click();
  await builder.getByText('E2E Law 04/L-037 Art. 29', { exact: true }).click();
  await builder.getByRole('button', { name: 'Prepare decision' }).click();
  await expect(page.getByText('Prepared, waiting for approval')).toBeVisible({ timeout: 20_000 });
  // Officers prepare; only the agency decides.
  await expect(page.getByRole('button', { name: 'Approve decision' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInTo(page, 'agency', '/applications');
  await page.getByRole('searchbox', { name: 'Search applications' }).fill(fixture.reference);
  await page.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: fixture.reference }).click();
  await page.getByRole('link', { name: 'Review the decision' }).click();
  const review = page.getByRole('region', { name: 'Approval' });
  await review.getByLabel('Notes').fill('Recognised as a master degree.');
  await review.getByRole('button', { name: 'Approve decision' }).click();
  await expect(page.getByRole('region', { name: 'Decision' })).toContainText('Milan Jovanović');
  await page.getByRole('link', { name: 'Back to the application' }).click();
  await expect(page.getByText('Approved').first()).toBeVisible();

  await page.getByRole('tab', { name: 'Timeline' }).click();
  const timeline = page.getByRole('list', { name: 'Timeline' });
  const steps = ['Approve', 'Prepare decision', 'Record council decision', 'Start council review', 'Move to council review', 'Update status', 'Start work'];
  for (const step of steps) await expect(timeline.getByText(step, { exact: true })).toBeVisible();
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Approve' }).first()).toContainText('Milan Jovanović');
  await expect(timeline.getByRole('listitem').filter({ hasText: 'Record council decision' })).toContainText('Driton Hoxha');
  await expect(timeline.getByText('Equivalent to a Kosovo master degree.')).toBeVisible();
  await expect(timeline.getByText('Recognised as a master degree.')).toBeVisible();
});

test('a council member sees only the applications of their council', async ({ page }) => {
  await signInTo(page, 'council', '/applications?archived=all');
  const table = page.getByRole('grid', { name: 'Applications' });
  await expect(table.getByRole('link', { name: 'NARIC-2026-900002' })).toBeVisible();
  await expect(table.getByRole('link', { name: 'NARIC-2026-900005' })).toHaveCount(0);
  const councils = await table.getByRole('row').allInnerTexts();
  expect(councils.length).toBeGreaterThan(1);
  await page.getByRole('searchbox', { name: 'Search applications' }).fill('NARIC-2026-900005');
  await expect(page.getByText('No application matches these filters.')).toBeVisible();
});

test('a stale action is explained in words and the officer can reload', async ({ page, request, shell }, testInfo) => {
  const fixture = e2eApplication('stale', shell, testInfo.retry);
  await signInTo(page, 'officer', `/applications?search=${fixture.reference}`);
  await page.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: fixture.reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(fixture.reference) })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split('/').at(-1));

  // Meanwhile a colleague adds a note from their own desk (straight through the API).
  const login = await request.post('/api/auth/admin/login/', { data: { username: 'admin', password: DEMO_PASSWORD } });
  const colleague = { authorization: `Bearer ${(await login.json()).access}` };
  const current = await (await request.get(`/api/applications/${id}/`, { headers: colleague })).json();
  const note = await request.post(`/api/applications/${id}/add-note/`, { headers: colleague, data: { version: current.version, notes: 'Called the applicant.' } });
  expect(note.status()).toBe(200);

  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Put on hold' }).click();
  const dialog = page.getByRole('dialog', { name: 'Put on hold' });
  await dialog.getByRole('button', { name: 'Put on hold' }).click();
  await expect(dialog.getByText('Someone else changed this application while you were looking at it. Reload it and try again.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Reload' }).click();
  await expect(dialog).toBeHidden();
  await runAction(page, 'Put on hold');
  await expect(page.getByText('On hold').first()).toBeVisible();
});

test('the dashboard home shows the caseload from the server', async ({ page }) => {
  await signInTo(page, 'officer', '/');
  await expect(page.getByRole('heading', { name: 'Statistics' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My work' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Average processing time by stage' })).toBeVisible();
  await page.getByRole('link', { name: /Open applications? assigned to me/ }).click();
  await expect(page).toHaveURL(/\/applications\?assigned_officer=me&open=true/);
  await expect(page.getByRole('grid', { name: 'Applications' }).getByRole('row').nth(1)).toBeVisible();
});

test('the documents tab fits an office monitor: at 1280×720 nothing is cut or out of sight', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signInTo(page, 'officer', '/applications');
  // An application whose documents the officer reviews: the table has its selection and review columns.
  await page.getByRole('grid', { name: 'Applications' }).getByRole('row').nth(1).getByRole('link').first().click();
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('grid', { name: 'Documents' });
  await expect(documents.getByRole('row').nth(1)).toBeVisible();
  const layout = await documents.evaluate((grid) => {
    const box = grid.closest('.data-table')!;
    const edge = box.getBoundingClientRect();
    const cut = [...grid.querySelectorAll<HTMLElement>('button, [role="gridcell"]:is([data-kind="date"], [data-kind="status"])')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1 || element.getBoundingClientRect().right > edge.right + 1)
      .map((element) => element.textContent?.trim() || element.getAttribute('aria-label'));
    // The table fits its box (no sideways scrolling) and its box is as wide as the page's content.
    return { overflow: box.scrollWidth - box.clientWidth, width: Math.round(edge.width), cut };
  });
  expect(layout.cut).toEqual([]);
  expect(layout.overflow).toBeLessThanOrEqual(1);
  // The actions are a band above the tabs at this size, not a card beside them taking 18rem.
  expect(layout.width).toBeGreaterThan(900);
  // Each document's name opens its preview.
  await documents.getByRole('button', { name: /^Preview: / }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
