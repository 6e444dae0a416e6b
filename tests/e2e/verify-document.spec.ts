import type { APIRequestContext } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import type { IssuedDocument } from '../../src/shared/api/issuance';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, signInTo } from './support/session-helpers';

// Verify a document against the real server: an officer checks a sealed PDF of the demo (the
// demo seal is made after the server listens, and the demo's documents are sealed with it as
// their bytes are made) and sees it valid with its register entry; keeps the result on the
// document's application as evidence; revokes it in the register and sees its credential checked
// as revoked.

async function officerToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/auth/admin/login/', { data: { username: 'officer', password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access: string }).access;
}

test('an officer verifies a sealed PDF of the demo, keeps the result on its application, revokes it in the register, and its credential checks as revoked', async ({ page, request }, testInfo) => {
  // Three screens and a kept note: more than one screen's worth of time on a busy machine.
  test.slow();
  const headers = { Authorization: `Bearer ${await officerToken(request)}` };
  let sealed: IssuedDocument | undefined;
  await expect
    .poll(async () => {
      const register = (await (await request.get('/api/issued-documents/?status=valid&page_size=100', { headers })).json()) as { results: IssuedDocument[] };
      sealed = register.results.findLast((row) => row.sealed_by !== null && row.sha256 !== null && row.has_credential);
      return sealed !== undefined;
    }, { message: 'a sealed demo document with a credential', timeout: 60_000 })
    .toBe(true);
  const document = sealed!;
  const pdf = testInfo.outputPath('sealed.pdf');
  await writeFile(pdf, await (await request.get(`/api/issued-documents/${document.id}/content/`, { headers })).body());
  const credential = await (await request.get(`/api/verify/${document.verification_code}/credential/`)).text();

  await signInTo(page, 'officer', '/documents/verify');
  await expect(page.getByRole('heading', { level: 1, name: 'Verify a document' })).toBeVisible();
  await page.getByLabel('Choose a PDF').setInputFiles(pdf);
  const verdict = page.getByRole('region', { name: 'The result of the check' });
  await expect(verdict.getByRole('status').getByText('Valid', { exact: true })).toBeVisible();
  // exact: the note's preview below repeats them within its text.
  await expect(verdict.getByText("The office's seal is valid and the document has not changed since it was sealed.", { exact: true })).toBeVisible();
  await expect(verdict.getByText(document.verification_code, { exact: true })).toBeVisible();
  await expect(verdict.getByRole('link', { name: document.reference })).toBeVisible();

  // The result is kept on the document's application as evidence: found by its reference, with
  // the officer's words above the check's summary, and read back from the application.
  const evidence = verdict.getByRole('region', { name: 'Keep the result on an application' });
  await evidence.getByRole('combobox', { name: 'Application' }).fill(document.reference);
  await page.getByRole('option', { name: new RegExp(`^${document.reference} — `) }).click();
  const note = `Brought to the counter ${Date.now()}`;
  await evidence.getByLabel('Your note (optional)').fill(note);
  await evidence.getByRole('button', { name: 'Keep on the application' }).click();
  await expect(evidence.getByText('Kept on the application')).toBeVisible();
  const detail = (await (await request.get(`/api/applications/${document.application_id}/`, { headers })).json()) as { application_notes: { text: string }[] };
  const kept = detail.application_notes.find((entry) => entry.text.startsWith(note));
  expect(kept?.text).toContain("Valid: The office's seal is valid and the document has not changed since it was sealed.");
  expect(kept?.text).toContain(`In the register: ${document.verification_code}, application ${document.reference}`);

  await page.goto(`/documents?tab=register&search=${document.verification_code}`);
  await page.getByRole('button', { name: `Revoke ${document.verification_code}` }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByLabel('Reason').fill('Issued to the wrong holder');
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByRole('grid', { name: 'Certificate register' }).getByText(/Revoked on .*: Issued to the wrong holder/)).toBeVisible();

  await page.goto('/documents/verify');
  await page.getByLabel('Or paste the credential (JSON)').fill(credential);
  await page.getByRole('button', { name: 'Check the credential' }).click();
  await expect(verdict.getByRole('alert').getByText('Revoked', { exact: true })).toBeVisible();
  await expect(verdict.getByText('The signature is valid, but the issuer has revoked the credential. It no longer stands.', { exact: true })).toBeVisible();

  // The demo document stands again for the other specs.
  expect((await request.post(`/api/issued-documents/${document.id}/restore/`, { headers })).ok()).toBe(true);
});
