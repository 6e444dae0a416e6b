import type { Page } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { minimalPdf } from '../support/pdf-fixtures';
import { e2eApplication } from './support/e2e-applications';
import { DEMO_PASSWORD, signInTo } from './support/session-helpers';
import { expect, test, type DesktopMain } from './support/fixtures';

// Documents in both shells, against the real server: an officer uploads a scan, previews it in
// the app (pdf.js drawing a real PDF) and saves it; writes the final verdict, has its PDF made,
// submits it, and the issued verification document appears in the register with its code. The
// inspectorate uploads its one PDF and approves; the officer sees who verified it and previews it.



async function openApplication(page: Page, search: string, reference: string) {
  await page.getByRole('searchbox', { name: 'Search applications' }).fill(search);
  await page.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: reference }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
}

/** Picks `file` in the open dialog: the browser's file chooser, or the desktop's native dialog. */
async function choosePdf(page: Page, shell: 'web' | 'desktop', desktopMain: DesktopMain, file: string, zone: Pick<Page, 'getByRole'> = page) {
  if (shell === 'desktop') {
    desktopMain.dialogs.pdfToChoose = file;
    await zone.getByRole('button', { name: 'Choose PDF' }).click();
    return;
  }
  const chooser = page.waitForEvent('filechooser');
  await zone.getByRole('button', { name: 'Choose PDF' }).click();
  await (await chooser).setFiles(file);
}

/** Clicks a save button and answers the bytes saved: the browser's download, or the file main wrote. */
async function savedBytes(page: Page, shell: 'web' | 'desktop', desktopMain: DesktopMain, save: () => Promise<void>, fileName: string): Promise<Buffer> {
  if (shell === 'desktop') {
    await save();
    await expect(page.getByText(`${fileName} was saved.`)).toBeVisible();
    return readFile(join(desktopMain.dialogs.saveDirectory, fileName));
  }
  const download = page.waitForEvent('download');
  await save();
  const path = await (await download).path();
  return readFile(path);
}

test('an officer uploads, previews and saves a scan, then submits the verdict and the verification document is in the register', async ({ page, shell, desktopMain }, testInfo) => {
  test.setTimeout(90_000);
  const fixture = e2eApplication('verdict', shell, testInfo.retry);
  const scan = minimalPdf(`Diploma of ${fixture.fullName}`);
  const scanPath = testInfo.outputPath('diploma-scan.pdf');
  await writeFile(scanPath, scan);

  await signInTo(page, 'officer', '/applications');
  await openApplication(page, fixture.last_name, fixture.reference);
  await page.getByRole('tab', { name: 'Documents' }).click();
  await choosePdf(page, shell, desktopMain, scanPath);
  await expect(page.getByText('diploma-scan.pdf was uploaded.')).toBeVisible();
  const documents = page.getByRole('grid', { name: 'Documents' });
  await expect(documents.getByRole('row', { name: /diploma-scan\.pdf/ })).toBeVisible();

  await documents.getByRole('button', { name: 'Preview: diploma-scan.pdf' }).click();
  const viewer = page.getByRole('region', { name: 'Preview of diploma-scan.pdf' });
  await expect(viewer.getByText('Page 1 of 1')).toBeVisible();
  await expect(viewer.getByRole('img', { name: /page 1 of 1/ })).toBeVisible();
  // pdf.js drew the page: the canvas has the page's size and is not blank.
  await expect.poll(() => viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(100);
  // It opened in a dialog named after the document, over the list.
  const previewDialog = page.getByRole('dialog', { name: 'diploma-scan.pdf' });
  await expect(previewDialog).toContainText('Page 1 of 1');
  await previewDialog.getByRole('button', { name: 'Close' }).click();
  await expect(previewDialog).toHaveCount(0);

  // The demo documents beside it have files of their own: save the uploaded scan's row.
  const scanRow = documents.getByRole('row', { name: /diploma-scan\.pdf/ });
  const saved = await savedBytes(page, shell, desktopMain, () => scanRow.getByRole('button', { name: 'Save' }).click(), 'diploma-scan.pdf');
  expect(saved.equals(scan)).toBe(true);

  // The final verdict: text, its PDF from the template, preview, submit.
  await page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: 'Write the verdict' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Final verification verdict · ${fixture.reference}` })).toBeVisible();
  await page.getByLabel('Text of the verdict').fill(`The diploma of ${fixture.fullName} was issued by the University of Prishtina and is authentic.`);
  await page.getByRole('button', { name: 'Make the PDF from the text' }).click();
  const verdictViewer = page.getByRole('region', { name: /^Preview of verdict-/ });
  await expect(verdictViewer.getByText('Page 1 of 1')).toBeVisible();
  await page.getByRole('button', { name: 'Submit verdict' }).click();
  const confirm = page.getByRole('dialog', { name: 'Submit the verdict?' });
  await confirm.getByLabel('Notes for the history (optional)').fill('Signed by the director.');
  await confirm.getByRole('button', { name: 'Submit verdict' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${fixture.reference} · ${fixture.fullName}` })).toBeVisible();
  await expect(page.getByText('Approved').first()).toBeVisible();

  // The decision issued the verification document: the register lists it with its code.
  await page.getByRole('link', { name: 'Documents', exact: true }).click();
  await page.getByRole('tab', { name: 'Certificate register' }).click();
  await page.getByRole('searchbox', { name: 'Search by code, reference or holder' }).fill(fixture.reference);
  const register = page.getByRole('grid', { name: 'Certificate register' });
  const issued = register.getByRole('row').filter({ hasText: fixture.reference });
  await expect(issued).toHaveCount(1);
  await expect(issued).toContainText('Verification document');
  await expect(issued).toContainText('Valid');
  const code = (await issued.locator('code.verification-code').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{4}(-[A-Z0-9]{4})+$/);
  // Anyone can check the code, without signing in.
  const verified = await page.request.get(`/api/verify/${encodeURIComponent(code)}/`);
  expect(await verified.json()).toMatchObject({ status: 'valid', kind: 'verification_document', reference: fixture.reference, holder_name: fixture.fullName });
  const pdf = await savedBytes(page, shell, desktopMain, () => issued.getByRole('button', { name: 'Save' }).click(), `verification-document-${fixture.reference}.pdf`);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});

test('the inspectorate uploads its one verification PDF and approves; the officer sees who verified it and previews the PDF', async ({ page, shell, desktopMain, request }, testInfo) => {
  test.setTimeout(90_000);
  const fixture = e2eApplication('inspect', shell, testInfo.retry);
  const verification = minimalPdf(`Inspectorate verification of ${fixture.reference}`);
  const verificationPath = testInfo.outputPath('inspectorate-verification.pdf');
  await writeFile(verificationPath, verification);
  // The waiting list is long on the demo data: find the application's id the way any API client would.
  const login = await request.post('/api/auth/admin/login/', { data: { username: 'inspector', password: DEMO_PASSWORD } });
  const { access } = (await login.json()) as { access: string };
  const found = await request.get(`/api/applications/?search=${encodeURIComponent(fixture.reference)}`, { headers: { Authorization: `Bearer ${access}` } });
  const [application] = ((await found.json()) as { results: { id: number; reference: string }[] }).results;
  expect(application.reference).toBe(fixture.reference);

  await signInTo(page, 'inspector', `/inspectorate-verifications?application=${application.id}`);
  const panel = page.getByRole('region', { name: `${fixture.reference} · ${fixture.fullName}` });
  await expect(panel.getByText('The verification PDF has not been uploaded yet.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Approve verification' })).toBeDisabled();
  await choosePdf(page, shell, desktopMain, verificationPath, panel);
  await expect(panel.getByText(/Verification PDF: inspectorate-verification\.pdf/)).toBeVisible();
  // One PDF per request: the upload zone is gone once it is there.
  await expect(panel.getByRole('button', { name: 'Choose PDF' })).toHaveCount(0);

  await panel.getByRole('button', { name: 'Approve verification' }).click();
  const confirm = page.getByRole('dialog', { name: 'Approve verification' });
  await confirm.getByLabel('Notes (optional)').fill('Matches the register of the issuing school.');
  await confirm.getByRole('button', { name: 'Approve verification' }).click();
  await expect(confirm).toBeHidden();
  await expect(panel.getByText(/Decided by Nenad Stojanović/)).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInTo(page, 'officer', '/applications');
  await openApplication(page, fixture.last_name, fixture.reference);
  await expect(page.getByText(/Nenad Stojanović/).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  const documents = page.getByRole('grid', { name: 'Documents' });
  await documents.getByRole('button', { name: 'Preview: inspectorate-verification.pdf' }).click();
  const viewer = page.getByRole('region', { name: 'Preview of inspectorate-verification.pdf' });
  await expect(viewer.getByText('Page 1 of 1')).toBeVisible();
  // The preview is a dialog over the list: close it to reach the row's Save.
  await page.getByRole('dialog', { name: 'inspectorate-verification.pdf' }).getByRole('button', { name: 'Close' }).click();
  const row = documents.getByRole('row', { name: /inspectorate-verification\.pdf/ });
  const saved = await savedBytes(page, shell, desktopMain, () => row.getByRole('button', { name: 'Save' }).click(), 'inspectorate-verification.pdf');
  expect(saved.equals(verification)).toBe(true);
});

test('a content manager previews a template rendered by the server and is told what a new version lacks', async ({ page }) => {
  await signInTo(page, 'content', '/documents/templates');
  const table = page.getByRole('grid', { name: 'Verification document' });
  await table.getByRole('button', { name: 'Preview: Verification document, Albanian' }).click();
  const viewer = page.getByRole('region', { name: /^Preview of / });
  await expect(viewer.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect.poll(() => viewer.locator('canvas').evaluate((canvas: HTMLCanvasElement) => canvas.width)).toBeGreaterThan(100);

  await table.getByRole('button', { name: 'New version: Verification document, English' }).click();
  const dialog = page.getByRole('dialog', { name: 'New version: Verification document, English' });
  await dialog.getByLabel('Text').fill('This confirms the diploma of {{holder_name}}.');
  await dialog.getByRole('button', { name: 'Save as the active version' }).click();
  await expect(dialog.getByText('The text must contain {{code}} (a verdict: {{verdict_text}}).')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
