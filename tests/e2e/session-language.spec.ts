import type { Page } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY } from '../../src/shared/constants';
import { expect, installDesktopBridge, test } from './support/fixtures';

// What a restart is in each shell:
// - desktop: the app quits and starts again. The window (page) is gone and a new main starts
//   (a new createDesktopCore) over the same settings store, as config.json outlives the app.
//   The new window starts with empty web storage, so the language can only come from main.
// - web: the browser is closed and opened again on the same profile: a new browser context with
//   the storage the old one left (localStorage, where the web shell keeps the language).

async function chooseLanguage(page: Page, current: string, next: string) {
  await page.getByRole('banner').getByRole('button', { name: new RegExp(current) }).click();
  await page.getByRole('option', { name: next }).click();
}

test('the chosen language survives a restart', async ({ page, shell, desktopMain, browser, baseURL }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await chooseLanguage(page, 'English', 'Shqip');
  await expect(page.getByRole('heading', { name: 'Identifikohu' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sq');
  if (shell === 'desktop') await expect.poll(() => desktopMain.settingsStore.value).toMatchObject({ language: 'sq' });

  const storage = await page.context().storageState();
  await page.close();
  const restarted = await browser.newContext({ baseURL, ...(shell === 'web' ? { storageState: storage } : {}) });
  try {
    const kept = (await restarted.storageState()).origins.flatMap((origin) => origin.localStorage);
    if (shell === 'web') expect(kept).toContainEqual({ name: LANGUAGE_STORAGE_KEY, value: 'sq' });
    else expect(kept).toEqual([]);
    const again = await restarted.newPage();
    if (shell === 'desktop') await installDesktopBridge(again, baseURL!, desktopMain);
    await again.goto('/login');
    await expect(again.getByRole('heading', { name: 'Identifikohu' })).toBeVisible();
    await expect(again.locator('html')).toHaveAttribute('lang', 'sq');
    await expect(again.getByRole('banner').getByRole('button', { name: /Shqip/ })).toBeVisible();
  } finally {
    await restarted.close();
  }
});
