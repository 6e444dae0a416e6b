import type { APIRequestContext } from '@playwright/test';
import type { RetentionPreview } from '../../src/shared/api/personal-data';
import { expect, test } from './support/fixtures';
import { DEMO_PASSWORD, signInTo } from './support/session-helpers';

// The retention preview and a legal hold, web shell against the real server's demo: one
// application closed seven years ago is due at the next run (the 1st of next month), another is
// kept by a court case's hold. The administrator sees the due one in the preview, places a hold
// on it from there, and the preview then keeps it instead of anonymising it.
//
// On the 1st of a month the scheduled run anonymises the due application (and claims the day, so
// it runs once); then, and on a second attempt of this test, nothing is due: lifting an existing
// hold through the API makes that application due again without another run taking it.

async function adminToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post('/api/auth/admin/login/', { data: { username: 'admin', password: DEMO_PASSWORD } });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access: string }).access;
}

async function duePreview(request: APIRequestContext, token: string): Promise<RetentionPreview> {
  const answer = await request.get('/api/personal-data/retention/preview/', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  return (await answer.json()) as RetentionPreview;
}

test('an administrator places a legal hold on an application the retention preview lists, and the preview keeps it', async ({ page, shell, request }) => {
  test.skip(shell !== 'web', 'the personal-data screens do not cross the bridge');
  test.setTimeout(120_000);
  const token = await adminToken(request);
  let preview = await duePreview(request, token);
  if (preview.due.length === 0) {
    const held = preview.held[0]!;
    const lifted = await request.delete(`/api/personal-data/applications/${held.id}/legal-hold/`, { headers: { Authorization: `Bearer ${token}` } });
    expect(lifted.status()).toBe(200);
    preview = await duePreview(request, token);
  }
  const due = preview.due[0]!;

  await signInTo(page, 'admin', '/personal-data');
  await expect(page.getByRole('heading', { level: 1, name: 'Personal data' })).toBeVisible();
  const dueTable = page.getByRole('grid', { name: 'Applications the next run will anonymise' });
  const row = dueTable.getByRole('row').filter({ hasText: due.reference });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(page.getByText(/application(s)? will be anonymised on /)).toBeVisible();

  await row.getByRole('button', { name: `Place a legal hold on ${due.reference}` }).click();
  const dialog = page.getByRole('dialog', { name: `Legal hold on ${due.reference}` });
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Appeal before the Administrative Court.');
  await dialog.getByRole('button', { name: 'Place a legal hold' }).click();
  await expect(dialog).toBeHidden();

  await expect(dueTable.getByRole('row').filter({ hasText: due.reference })).toHaveCount(0);
  const heldRow = page.getByRole('grid', { name: 'Applications due but kept by a legal hold' }).getByRole('row').filter({ hasText: due.reference });
  await expect(heldRow).toContainText('Appeal before the Administrative Court.');
});
