import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:8898';
const [,, user, lang, ...paths] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
await page.goto(base + '/login');
await page.evaluate((l) => localStorage.setItem('naric.language', l), lang).catch(() => {});
await page.getByLabel(/username|përdorues|korisni/i).first().fill(user);
await page.locator('input[type=password]').first().fill('Demo-2026!naric');
await page.keyboard.press('Enter');
await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 30000 });
for (const p of paths) {
  const [path, name, click] = p.split('|');
  await page.goto(base + path);
  await page.waitForTimeout(9000);
  if (click) { await page.getByText(new RegExp(click)).first().click().catch((e)=>console.log('click fail', e.message)); await page.waitForTimeout(7000); }
  await page.screenshot({ path: `/tmp/shot-${name}-${lang}.png` });
  console.log('shot', name, lang);
}
await browser.close();
