import { expectNoAccessibilityViolations } from './support/accessibility';
import { expect, test } from './support/fixtures';
import { signInTo } from './support/session-helpers';

// Reference data in use, web shell against the real server: the administrator adds an
// institution at /reference (names in three languages, country, type, website), then at the
// counter finds it by typing part of its name without the ë (the choice search ignores accents),
// picks it — its country, type and website come with it — and sends the application; the saved
// application names the institution. The name carries a tag per attempt: the e2e database
// outlives a failed attempt, and the search must find this run's institution only.

test('an administrator adds an institution and a new application at the counter chooses it', async ({ page, shell }, testInfo) => {
  test.skip(shell !== 'web', 'the reference screen and the choice do not cross the bridge');
  test.setTimeout(180_000);
  // Letters only (the search splits words; digits would be fine too, but letters read as a name).
  const tag = `${'abc'[testInfo.retry] ?? 'z'}${Date.now().toString(36).replace(/\d/g, '').slice(-5) || 'x'}`;
  const nameEn = `Dëshmorët University College ${tag}`;
  const nameSq = `Kolegji Universitar Dëshmorët ${tag}`;
  const nameSr = `Univerzitetski koledž Dëshmorët ${tag}`;
  const website = `https://deshmoret-${tag}.edu.al`;

  await signInTo(page, 'admin', '/reference');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add institution' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add institution' });
  await expect(dialog).toBeVisible();
  await expectNoAccessibilityViolations(page);

  await dialog.getByRole('textbox', { name: 'Name in English' }).fill(nameEn);
  await dialog.getByRole('textbox', { name: 'Name in Albanian' }).fill(nameSq);
  await dialog.getByRole('textbox', { name: 'Name in Serbian' }).fill(nameSr);
  await dialog.getByRole('combobox', { name: /^Country/ }).fill('Alban');
  await page.getByRole('option', { name: 'Albania', exact: true }).click();
  await dialog.getByRole('button', { name: /Type$/ }).click();
  await page.getByRole('listbox', { name: /Type/ }).getByRole('option', { name: 'Private' }).click();
  await dialog.getByRole('textbox', { name: 'Website' }).fill(website);
  await expectNoAccessibilityViolations(page);
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${nameEn} was added.`)).toBeVisible();

  // The counter's new application form: the institution is found without typing the ë.
  await page.goto('/applications/offline/new');
  await expect(page.getByRole('heading', { level: 1, name: 'Create offline application' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Choose from the registered institutions, or type a name the list lacks.')).toBeVisible({ timeout: 20_000 });
  const lastName = `Berisha${tag}`;
  await page.getByRole('textbox', { name: 'First name' }).fill('Drita');
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await page.getByRole('textbox', { name: 'Personal ID number' }).fill(String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999)));
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('drita.berisha@example.org');
  const institution = page.getByRole('combobox', { name: 'Institution', exact: true });
  await institution.pressSequentially(`deshmoret ${tag}`);
  const option = page.getByRole('listbox', { name: /Institution/ }).getByRole('option', { name: new RegExp(`^${nameEn}`) });
  await expect(option).toBeVisible({ timeout: 15_000 });
  await option.click();
  await expect(institution).toHaveValue(nameEn);
  await expect(page.getByRole('listbox', { name: /Institution/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Country of the institution/ })).toHaveValue('Albania');
  await expect(page.getByRole('textbox', { name: 'Website of the institution' })).toHaveValue(website);

  await page.getByRole('button', { name: /Service applied for$/ }).click();
  await page.getByRole('listbox', { name: /Service applied for/ }).getByRole('option', { name: 'Service 3: Verification of Kosovo diplomas' }).click();
  await expect(page.getByText(/^Saved at \d{2}:\d{2}$/)).toBeVisible();
  // No scans attached: the application is sent as incomplete, as the counter allows.
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('alertdialog', { name: 'Send an incomplete application?' }).getByRole('button', { name: 'Send anyway' }).click();
  const sent = page.getByRole('grid', { name: 'Outbox' }).getByRole('row', { name: new RegExp(`Drita ${lastName}`) });
  await expect(sent).toContainText('Sent', { timeout: 60_000 });
  const link = sent.getByRole('link', { name: /^Open NARIC-\d{4}-\d{6}$/ });
  const reference = ((await link.textContent()) ?? '').replace('Open ', '').trim();
  await link.click();

  // The saved application names the chosen institution, with its country, type and website.
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('tab', { name: 'Institution and programme' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Institution and programme' });
  await expect(panel).toContainText(nameEn);
  await expect(panel).toContainText('Albania');
  await expect(panel).toContainText('Private');
  await expect(panel).toContainText(website);
});
