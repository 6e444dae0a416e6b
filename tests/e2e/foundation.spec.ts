import type { NaricBridge } from '../../src/shared/bridge';
import { expect, test } from './support/fixtures';

test('a guest is sent to sign-in with the intended path, and back there after signing in', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprofile/);
  await page.getByLabel('Username or e-mail').fill('officer');
  await page.getByLabel('Password', { exact: true }).fill('Demo-2026!naric');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText('Blerta Gashi').first()).toBeVisible();
});

test('wrong password shows the server message', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Username or e-mail').fill('officer');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Invalid credentials').first()).toBeVisible();
});

test('desktop: a call crosses renderer → bridge → router → handler → server → database', async ({ page, shell, desktopMain }) => {
  test.skip(shell !== 'desktop', 'the IPC path exists only in the desktop project');
  await page.goto('/login');
  const health = await page.evaluate(() => (window as unknown as { naric: NaricBridge }).naric.system.health());
  expect(health.database.status).toBe('ok');
  expect(desktopMain.calls).toContainEqual({ channel: 'system:health', ok: true });
  // A malformed argument is refused by the router's schema check before any handler runs.
  const refused = await page.evaluate(() =>
    (window as unknown as { __naricInvoke(c: string, a: unknown): Promise<unknown> }).__naricInvoke('settings:set', { language: 'xx' }),
  );
  expect(refused).toMatchObject({ ok: false, error: { code: 'ipc_invalid_request' } });
});

test('an unknown API route answers 404 in DRF format', async ({ request }) => {
  const answer = await request.get('/api/no-such-thing/');
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toMatchObject({ detail: expect.any(String) });
});
