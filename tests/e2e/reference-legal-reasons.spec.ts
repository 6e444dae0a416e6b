import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// The legal reasons library, web shell against the real server: an administrator adds a legal
// reason (article, its text in three languages, the services and outcomes it may be cited for),
// finds it by a word of its Albanian text typed without the ë, and deactivates it: it is then
// no longer among the active reasons a decision may cite. The article carries a tag per attempt:
// the e2e database outlives a failed attempt.

test('an administrator adds a legal reason and deactivates it', async ({ page, shell }, testInfo) => {
  test.skip(shell !== 'web', 'the reference screens do not cross the bridge');
  test.setTimeout(120_000);
  const tag = `${'abc'[testInfo.retry] ?? 'z'}${Date.now().toString(36).replace(/\d/g, '').slice(-5) || 'x'}`;
  const article = `Administrative Instruction ${tag}, Art. 7`;

  await signInTo(page, 'admin', '/reference/legal-reasons');
  await expect(page.getByRole('heading', { level: 1, name: 'Legal reasons' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Legal reasons' }).getByRole('row', { name: /Lisbon Recognition Convention, Art\. VI\.1/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add legal reason' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add legal reason' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Article' }).fill(article);
  await dialog.getByRole('textbox', { name: 'Text in English' }).fill(`Compensation measures ${tag} are set by the council.`);
  await dialog.getByRole('textbox', { name: 'Text in Albanian' }).fill(`Masat kompensuese ${tag} i cakton këshilli.`);
  await dialog.getByRole('textbox', { name: 'Text in Serbian' }).fill(`Kompenzacione mere ${tag} određuje savet.`);
  // As a person ticks a box: by its label (the drawn box lies over the input).
  for (const label of ['Higher education (service 1)', 'Recognition with conditions']) {
    await dialog.getByText(label, { exact: true }).click();
    await expect(dialog.getByRole('checkbox', { name: label })).toBeChecked();
  }
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${article} was added.`)).toBeVisible();

  // Found by a word of the Albanian text, typed without the ë.
  await page.getByRole('searchbox', { name: 'Search' }).fill(`keshilli ${tag}`);
  const grid = page.getByRole('grid', { name: 'Legal reasons' });
  const row = grid.getByRole('row', { name: new RegExp(article) });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(grid.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Recognition with conditions');
  await expect(row).toContainText('Active');

  await row.getByRole('button', { name: `Deactivate ${article}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Deactivate ${article}?` });
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Inactive');

  // What the decision builder asks for no longer offers it.
  await page.goto(`/reference/legal-reasons?service=1&outcome=conditional&active=true&search=${tag}`);
  await expect(page.getByText('No legal reason matches these filters.')).toBeVisible({ timeout: 15_000 });
  await page.goto(`/reference/legal-reasons?active=false&search=${tag}`);
  await expect(page.getByRole('grid', { name: 'Legal reasons' }).getByRole('row', { name: new RegExp(article) })).toBeVisible({ timeout: 15_000 });
});
