import { expect, type Page, type Response } from '@playwright/test';
import type { DesktopMain } from './fixtures';

// What the session specs look at: the sign-in form, the API calls the page makes, and the tokens
// the bridge handed out. In the web shell the bridge's calls are the page's own fetches; in the
// desktop harness they run in main, whose tokens sit in the (in-memory) keychain.

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The demo accounts' password (src/server/db/demo-accounts.ts). */
export const DEMO_PASSWORD = 'Demo-2026!naric';

/** Signs in as a demo account and lands on `target`. */
export async function signInTo(page: Page, username: string, target = '/'): Promise<void> {
  await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
  await signIn(page, username, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The topbar link to the profile, which names the signed-in person. */
export const profileLink = (page: Page, fullName: string) => page.getByRole('link', { name: `Your profile: ${fullName}` });

export interface ApiCall {
  method: string;
  /** e.g. /api/auth/2fa/status/ */
  path: string;
  status: number;
  /** The access token sent as `Authorization: Bearer …`, if any. */
  bearer: string | null;
}

/** Every /api/ answer the page receives, in order. */
export function watchApiCalls(page: Page): ApiCall[] {
  const calls: ApiCall[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const authorization = response.request().headers().authorization ?? null;
    calls.push({
      method: response.request().method(),
      path: url.pathname,
      status: response.status(),
      bearer: authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : null,
    });
  });
  return calls;
}

/** Answers that hand out a token pair: sign-in, 2FA, refresh, password change. */
const PAIR_ANSWERS = /\/api\/auth\/(admin\/login|admin\/2fa-verify|admin\/2fa-confirm|token\/refresh|password\/change)\/$/;

export interface SessionTokens {
  /** The access token the bridge last handed to the page. */
  access(): Promise<string>;
  /** The refresh token held now: main's keychain (desktop) or the HttpOnly cookie (web; never given to the page). */
  refresh(): Promise<string>;
}

export function watchSessionTokens(page: Page, shell: 'web' | 'desktop', desktopMain: DesktopMain): SessionTokens {
  const held = (account: string) => {
    const value = desktopMain.keychain.get(account);
    if (!value) throw new Error(`main holds no ${account}`);
    return value;
  };
  if (shell === 'desktop') {
    return { access: async () => held('admin_token'), refresh: async () => held('admin_refresh_token') };
  }
  // The web shell's refresh token is an HttpOnly cookie (never in a body the page reads).
  let latest: string | null = null;
  const reading = new Set<Promise<void>>();
  page.on('response', (response: Response) => {
    if (!response.ok() || !PAIR_ANSWERS.test(new URL(response.url()).pathname)) return;
    const read: Promise<void> = response
      .json()
      .then((body: { access?: unknown }) => {
        if (typeof body.access === 'string') latest = body.access;
      })
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  const access = async () => {
    await Promise.all(reading);
    if (!latest) throw new Error('the page has received no access token');
    return latest;
  };
  const refresh = async () => {
    const cookie = (await page.context().cookies()).find((candidate) => candidate.name === 'naric_refresh');
    if (!cookie) throw new Error('the browser holds no refresh cookie');
    return decodeURIComponent(cookie.value);
  };
  return { access, refresh };
}

/** Milliseconds since the epoch at which the server stops accepting this access token. */
export function accessTokenExpiry(token: string): number {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as { exp?: unknown };
  if (typeof payload.exp !== 'number') throw new Error('the access token has no exp');
  return payload.exp * 1000;
}

/**
 * Lets the clock run past the token's `exp` (the server refuses it from that second on). Waiting
 * is the point here: expiry is a matter of time, and the assertions that follow check what the
 * app did about it, not how long anything took.
 */
export async function untilExpired(token: string): Promise<void> {
  const wait = accessTokenExpiry(token) + 100 - Date.now();
  if (wait > 0) await new Promise((resolveWait) => setTimeout(resolveWait, wait));
}
