import type { BrowserContext, Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { generate } from 'otplib';
import { DEMO_TOTP_SECRET, DEMO_TWO_FACTOR_USERNAME } from '../../src/server/modules/auth/demo-two-factor';
import { minimalPdf } from '../support/pdf-fixtures';
import { expect, installDesktopBridge, test, type DesktopMain } from './support/fixtures';
import { DEMO_PASSWORD, signIn, signInTo, watchSessionTokens } from './support/session-helpers';

// Offline entry at the counter, in both shells against the real server. An
// administrator opens the counter screen, the server becomes unreachable, they type in a paper
// application, attach two scans, see the offline banner and the fee quoted locally, and send it:
// it waits in the outbox. They close and reopen the app: draft and outbox item are still there.
// Back online, the outbox sends it, and the application is on the server with both files and its
// fee. Another administrator then signs in on the same computer and sees none of it.
//
// "Unreachable": the page's network is cut (context.setOffline: every request fails, the window
// hears 'offline'), and in the desktop main's own connections too (desktopMain.network.offline:
// main's fetch and node:http get a reset). Reopening needs the page's own files, which the test
// server serves (a real desktop has them on disk, a browser tab cannot load without a server):
// the reopened page loads them, while its API calls keep failing (page.route) — all of them in
// the desktop, whose main restores the session offline; the submission and its uploads in the
// browser, which cannot restore a session without the server.

const SCREEN = '/applications/offline/new';

/** A new "window" of the app over the same browser profile (and, in the desktop, the same main's keychain and user data). */
async function reopen(context: BrowserContext, shell: 'web' | 'desktop', baseURL: string, desktopMain: DesktopMain): Promise<Page> {
  const page = await context.newPage();
  if (shell === 'desktop') await installDesktopBridge(page, baseURL, desktopMain);
  return page;
}

/** Picks `file` in the "Scan or choose PDF" dialog of a document row: the browser's file chooser, or the desktop's native dialog. */
async function attach(page: Page, shell: 'web' | 'desktop', desktopMain: DesktopMain, documentName: string, file: string) {
  const row = page.getByRole('group', { name: documentName, exact: true });
  if (shell === 'desktop') {
    desktopMain.dialogs.pdfToChoose = file;
    await row.getByRole('button', { name: 'Scan or choose PDF' }).click();
  } else {
    const chooser = page.waitForEvent('filechooser');
    await row.getByRole('button', { name: 'Scan or choose PDF' }).click();
    await (await chooser).setFiles(file);
  }
  await expect(row.getByRole('button', { name: /^Remove / })).toBeVisible();
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('listbox', { name: new RegExp(label) }).getByRole('option', { name: option }).click();
}

/**
 * Signs in the demo administrator with two-factor sign-in (its TOTP secret is public in demo
 * mode). A code already used in this 30 s step (another spec, the other project) is refused as a
 * replay: then the next step's code is used.
 */
async function signInWithCode(page: Page, target: string) {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await signIn(page, DEMO_TWO_FACTOR_USERNAME, DEMO_PASSWORD);
  const codeBox = page.getByRole('textbox', { name: 'Authenticator code' });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await codeBox.fill(await generate({ secret: DEMO_TOTP_SECRET }));
    await page.getByRole('button', { name: 'Verify' }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 }).then(() => 'signed_in' as const),
      page.getByText('The code is not valid.').waitFor({ timeout: 15_000 }).then(() => 'refused' as const),
    ]);
    if (outcome === 'signed_in') return;
    await new Promise((resolveWait) => setTimeout(resolveWait, 30_000 - (Date.now() % 30_000) + 1_000));
  }
  throw new Error('naric.admin could not sign in with a code');
}

test('an officer enters an application offline; it survives a restart, reaches the server once with its files and fee, and another administrator sees none of it', async ({
  page,
  context,
  shell,
  baseURL,
  desktopMain,
}, testInfo) => {
  test.setTimeout(300_000);
  // Unique per project and attempt: the e2e database outlives a failed attempt.
  const tag = `${shell === 'web' ? 'Web' : 'Desk'}${'abc'[testInfo.retry] ?? 'z'}${Date.now().toString(36).replace(/\d/g, '').slice(-4) || 'x'}`;
  const firstName = 'Arta';
  const lastName = `Kelmendi${tag}`;
  const fullName = `${firstName} ${lastName}`;
  const personalId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
  const request = minimalPdf(`Verification request of ${fullName}`);
  const diploma = minimalPdf(`Diploma of ${fullName}`);
  const requestPath = testInfo.outputPath('verification-request.pdf');
  const diplomaPath = testInfo.outputPath('diploma.pdf');
  await writeFile(requestPath, request);
  await writeFile(diplomaPath, diploma);
  const tokens = watchSessionTokens(page, shell, desktopMain);

  // Online first: the services and their price tables are kept on this computer for offline work.
  const catalogue = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/services/' && response.ok());
  await signInTo(page, 'admin', SCREEN);
  await expect(page.getByRole('heading', { level: 1, name: 'Create offline application' })).toBeVisible();
  await catalogue;
  await expect(page.getByRole('grid', { name: 'My drafts' })).toBeVisible();
  // The copy is written once this computer's store is open, which may be after the first answer:
  // going offline before it exists would leave nothing to work from (a flake seen on busy runs).
  await expect.poll(() => page.evaluate(hasKeptCatalogue), { timeout: 15_000 }).toBe(true);

  // The server becomes unreachable.
  if (shell === 'desktop') desktopMain.network.offline = true;
  await context.setOffline(true);
  await expect(page.getByText(/^The server cannot be reached\. You can keep working: drafts are saved on this computer/)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^The services and fees shown are this computer's copy from /)).toBeVisible({ timeout: 20_000 });

  await page.getByRole('textbox', { name: 'First name' }).fill(firstName);
  await page.getByRole('textbox', { name: 'Last name' }).fill(lastName);
  await page.getByRole('textbox', { name: 'Personal ID number' }).fill(personalId);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill('arta.kelmendi@example.org');
  // The institution is a searchable choice of the registered ones; offline there is no
  // list to ask, and the name is typed in and kept as typed.
  await expect(page.getByText('The server cannot be reached: type the name. The list of institutions returns when it answers.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Institution', exact: true }).fill('Universiteti i Prishtinës');
  await expect(page.getByRole('listbox', { name: /Institution/ })).toHaveCount(0);
  await chooseOption(page, 'Service applied for', 'Service 3: Verification of Kosovo diplomas');
  await attach(page, shell, desktopMain, 'Verification request', requestPath);
  await attach(page, shell, desktopMain, 'Original diploma', diplomaPath);

  // The fee, quoted here from the kept price table: one counted document (the request never counts).
  const fee = page.getByRole('region', { name: 'Fee' });
  await expect(fee.getByText('Fee to pay: €10.00')).toBeVisible();
  await expect(fee.getByRole('grid', { name: 'How the fee is made up' })).toContainText('One document or none');
  await expect(page.getByText(/^Saved at \d{2}:\d{2}$/)).toBeVisible();

  // The identity document is missing: the application will be marked incomplete, and goes anyway.
  await page.getByRole('button', { name: 'Send' }).click();
  const incomplete = page.getByRole('alertdialog', { name: 'Send an incomplete application?' });
  await expect(incomplete).toContainText('Required documents are missing: Identity document.');
  await incomplete.getByRole('button', { name: 'Send anyway' }).click();
  const outbox = page.getByRole('grid', { name: 'Outbox' });
  const item = outbox.getByRole('row', { name: new RegExp(fullName) });
  await expect(item).toContainText('Queued');
  await expect(page.getByText(`The application of ${fullName} is in the outbox. It is sent as soon as the server can be reached.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'New application' })).toBeVisible();

  // A second draft, left unfinished.
  await page.getByRole('textbox', { name: 'First name' }).fill('Besnik');
  await page.getByRole('textbox', { name: 'Last name' }).fill(`Hoxha${tag}`);
  await expect(page.getByRole('grid', { name: 'My drafts' }).getByRole('row', { name: new RegExp(`Besnik Hoxha${tag}`) })).toBeVisible();

  // The app is closed and opened again, the server still unreachable.
  await page.close();
  await context.setOffline(false);
  const reopened = await reopen(context, shell, baseURL!, desktopMain);
  if (shell === 'desktop') await reopened.route('**/api/**', (route) => route.abort('connectionrefused'));
  else await reopened.route('**/api/applications/intake/**', (route) => route.abort('connectionrefused'));
  const reopenedTokens = watchSessionTokens(reopened, shell, desktopMain);
  await reopened.goto(SCREEN);
  await expect(reopened.getByRole('heading', { level: 1, name: 'Create offline application' })).toBeVisible({ timeout: 20_000 });
  const reopenedOutbox = reopened.getByRole('grid', { name: 'Outbox' });
  await expect(reopenedOutbox.getByRole('row', { name: new RegExp(fullName) })).toContainText(/Queued|Sending/);
  await expect(reopened.getByRole('grid', { name: 'My drafts' }).getByRole('row', { name: new RegExp(`Besnik Hoxha${tag}`) })).toBeVisible();

  // Back online: the outbox sends it (its files first, then the application, once).
  await reopened.unrouteAll({ behavior: 'ignoreErrors' });
  if (shell === 'desktop') desktopMain.network.offline = false;
  const sentRow = reopenedOutbox.getByRole('row', { name: new RegExp(fullName) });
  await expect(async () => {
    const retry = sentRow.getByRole('button', { name: /^Retry sending/ });
    if (await retry.isVisible()) await retry.click();
    await expect(sentRow).toContainText('Sent', { timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
  const link = sentRow.getByRole('link', { name: /^Open NARIC-\d{4}-\d{6}$/ });
  const reference = ((await link.textContent()) ?? '').replace('Open ', '').trim();

  // On the server: in the list, with its two documents and the quoted fee.
  await reopened.goto('/applications');
  await reopened.getByRole('searchbox', { name: 'Search applications' }).fill(lastName);
  await reopened.getByRole('grid', { name: 'Applications' }).getByRole('link', { name: reference }).click();
  await expect(reopened.getByRole('heading', { level: 1, name: new RegExp(reference) })).toBeVisible();
  const id = Number(new URL(reopened.url()).pathname.split('/').at(-1));
  await reopened.getByRole('tab', { name: 'Documents' }).click();
  const documents = reopened.getByRole('grid', { name: 'Documents' });
  await expect(documents.getByRole('row', { name: /verification-request\.pdf/ })).toBeVisible();
  await expect(documents.getByRole('row', { name: /diploma\.pdf/ })).toBeVisible();
  const access = await reopenedTokens.access().catch(() => tokens.access());
  const detail = await reopened.request.get(`/api/applications/${id}/`, { headers: { Authorization: `Bearer ${access}` } });
  expect(detail.ok()).toBe(true);
  const body = (await detail.json()) as { reference: string; fee_snapshot?: { quoted_fee: string | null }; education?: { institution_name: string | null } };
  expect(body.reference).toBe(reference);
  expect(body.education?.institution_name).toBe('Universiteti i Prishtinës');
  expect(body.fee_snapshot?.quoted_fee).toBe('10.00');

  // Another administrator on the same computer: none of the first one's drafts or outbox.
  await reopened.getByRole('button', { name: 'Sign out' }).click();
  await expect(reopened).toHaveURL(/\/login/);
  await signInWithCode(reopened, SCREEN);
  await expect(reopened.getByRole('heading', { level: 1, name: 'Create offline application' })).toBeVisible();
  await expect(reopened.getByRole('grid', { name: 'My drafts' })).toContainText('No drafts. What you type in the form is saved here.');
  await expect(reopened.getByRole('grid', { name: 'Outbox' })).toContainText('Nothing sent from this computer yet.');
  await expect(reopened.getByText(fullName)).toHaveCount(0);
  await expect(reopened.getByText(`Besnik Hoxha${tag}`)).toHaveCount(0);
});

/** In the page: whether any of this origin's IndexedDB databases keeps a services catalogue copy. */
async function hasKeptCatalogue(): Promise<boolean> {
  const request = <T>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))));
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await request(indexedDB.open(name));
    try {
      if (db.objectStoreNames.contains('catalogue') && (await request(db.transaction('catalogue').objectStore('catalogue').count())) > 0) return true;
    } finally {
      db.close();
    }
  }
  return false;
}
