import type { Page } from '@playwright/test';
import { expectNoAccessibilityViolations } from './support/accessibility';
import { E2E_PASSWORD, e2eAccount } from './support/e2e-accounts';
import { expect, test } from './support/fixtures';
import { signIn, signInTo } from './support/session-helpers';

// News, web shell against the real server: the demo content manager writes an article
// in English, Albanian and Serbian, previews it (the server's HTML), publishes it and finds it in
// the list as published. A writer without the right to publish then changes its title: the change
// awaits approval and the website keeps the published title until the content manager approves
// it. Titles carry the attempt and time, so reruns never meet an old article.

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('the content manager writes an article in three languages, previews and publishes it; a writer’s later change awaits approval', async ({ page, shell }, testInfo) => {
  test.skip(shell !== 'web', 'the news screens do not cross the bridge');
  test.setTimeout(180_000);
  const stamp = `${Date.now()}-${testInfo.retry}`;
  const texts = {
    English: { title: `Office hours ${stamp}`, summary: 'The office opens earlier.', body: 'From Monday we open at **8:00**.\n\n- Mornings\n- Afternoons' },
    Albanian: { title: `Orari i zyrës ${stamp}`, summary: 'Zyra hapet më herët.', body: 'Nga e hëna hapemi në **8:00**.' },
    Serbian: { title: `Radno vreme ${stamp}`, summary: 'Kancelarija se otvara ranije.', body: 'Od ponedeljka radimo od **8:00**.' },
  };

  await signInTo(page, 'content', '/news');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'News articles' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.getByRole('link', { name: 'New article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create article' })).toBeVisible();
  for (const [language, text] of Object.entries(texts)) {
    await page.getByRole('tab', { name: language }).click();
    await page.getByRole('textbox', { name: `Title (${language})` }).fill(text.title);
    await page.getByRole('textbox', { name: `Summary (${language})` }).fill(text.summary);
    await page.getByRole('textbox', { name: `Text (${language})` }).fill(text.body);
  }
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByRole('button', { name: 'Preview English text' }).click();
  const preview = page.getByRole('region', { name: 'Preview of the English text' });
  await expect(preview.locator('strong')).toHaveText('8:00');
  await expect(preview.locator('li')).toHaveCount(2);
  await expectNoAccessibilityViolations(page);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit article' })).toBeVisible({ timeout: 20_000 });
  const id = Number(/\/news\/(\d+)\/edit/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);
  await expect(page.getByText('Draft: not on the website.')).toBeVisible();
  await expectNoAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByText(/^Published on/)).toBeVisible({ timeout: 20_000 });

  await page.getByRole('link', { name: 'View article' }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.English.title })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Version history' })).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await page.goto(`/news?search=${encodeURIComponent(stamp)}`);
  const row = page.getByRole('row').filter({ hasText: texts.English.title });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('Published')).toBeVisible();

  // A writer without the right to publish: the change is kept as a revision; the website keeps the published title.
  const website = async () => (await (await page.request.get(`/api/public/news/${id}/?language=en`)).json()).title as string;
  const revised = `Office hours revised ${stamp}`;
  const writer = e2eAccount('writer', shell, testInfo.retry);
  await signOut(page);
  await page.goto(`/login?redirect=${encodeURIComponent(`/news/${id}/edit`)}`);
  await signIn(page, writer.username, E2E_PASSWORD);
  await expect(page.getByText(/your changes are kept as a revision for a publisher to approve/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'English' }).click();
  await page.getByRole('textbox', { name: 'Title (English)' }).fill(revised);
  await page.getByRole('button', { name: 'Save changes' }).click();
  const revision = page.getByRole('region', { name: 'Revision awaiting approval' });
  await expect(revision.getByRole('heading', { name: revised })).toBeVisible({ timeout: 20_000 });
  await expect(revision.getByText(`Proposed by ${writer.fullName}`, { exact: false })).toBeVisible();
  await expectNoAccessibilityViolations(page);
  expect(await website()).toBe(texts.English.title);

  // The content manager approves it: it becomes the article's text and the website's.
  await signOut(page);
  await signInTo(page, 'content', `/news/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: texts.English.title })).toBeVisible({ timeout: 20_000 });
  await revision.getByRole('button', { name: 'Approve and publish the revision' }).click();
  await expect(page.getByRole('heading', { level: 1, name: revised })).toBeVisible({ timeout: 20_000 });
  await expect(revision).toHaveCount(0);
  expect(await website()).toBe(revised);
});
