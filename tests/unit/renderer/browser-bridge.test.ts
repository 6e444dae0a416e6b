import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserBridge } from '../../../src/renderer/platform/browser-bridge';
import { LANGUAGE_STORAGE_KEY } from '../../../src/shared/constants';
import { transportErrorOf } from '../../../src/shared/transport-failure';
import { makeUser } from './fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A fake API and the browser's cookie jar for its origin: sign-in in cookie mode sets the
 * HttpOnly refresh cookie (which page JavaScript never sees: `pageCookies` leaves it out) and the
 * readable XSRF-TOKEN; refresh and logout read the cookie and demand the matching X-XSRF-TOKEN.
 */
function fakeApi() {
  const calls: { method: string; path: string; body: unknown; authorization: string | null; headers: Headers }[] = [];
  let refreshValid = true;
  const revoked = new Set<string>();
  const jar = { refresh: null as string | null, xsrf: null as string | null };
  let xsrfCounter = 0;
  const setCookies = (refresh: string) => {
    jar.refresh = refresh;
    xsrfCounter += 1;
    jar.xsrf = `xsrf-${xsrfCounter}`;
  };
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://web-shell.test');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    const headers = new Headers(init?.headers);
    const authorization = headers.get('Authorization');
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body, authorization, headers });
    const cookieMode = headers.get('X-Refresh-Token-Transport') === 'cookie';
    const xsrfMatches = jar.xsrf !== null && headers.get('X-XSRF-TOKEN') === jar.xsrf;
    switch (url.pathname) {
      case '/api/auth/admin/login/':
        if (body?.password !== 'right password') return json(401, { detail: 'No active account found with the given credentials' });
        if (!cookieMode) return json(200, { access: 'access-1', refresh: 'refresh-1', user: makeUser() });
        setCookies('refresh-1');
        return json(200, { access: 'access-1', user: makeUser() });
      case '/api/auth/token/refresh/': {
        if (body?.refresh) return json(400, { detail: 'the browser shell must not hold a refresh token' });
        if (!jar.refresh) return json(400, { refresh: ['This field is required'] });
        if (!xsrfMatches) return json(403, { detail: 'CSRF check failed', code: 'permission_denied' });
        if (!refreshValid || revoked.has(jar.refresh)) return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
        const next: Record<string, string> = { 'refresh-1': 'refresh-2', 'refresh-2': 'refresh-3', 'changed-refresh': 'refresh-after-change' };
        const rotated = next[jar.refresh];
        if (!rotated) return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
        revoked.add(jar.refresh);
        setCookies(rotated);
        return json(200, { access: `access-for-${rotated}` });
      }
      case '/api/auth/password/change/':
        if (authorization !== 'Bearer access-1') return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
        if (body?.current_password !== 'right password') return json(400, { current_password: ['The current password is not correct.'] });
        // Every session of the user ends; this one gets a new pair.
        revoked.add('refresh-1');
        setCookies('changed-refresh');
        return json(200, { access: 'changed-access' });
      case '/api/auth/logout/':
        if (!body?.refresh_token && !xsrfMatches) return json(403, { detail: 'CSRF check failed', code: 'permission_denied' });
        if (jar.refresh) revoked.add(jar.refresh);
        jar.refresh = null;
        jar.xsrf = null;
        return json(204, null);
      case '/api/health/':
        return json(503, {
          status: 'unavailable',
          version: '0.1.0',
          database: { status: 'unavailable', driver: 'pglite' },
          storage: { status: 'ok', backend: 'local' },
          demo: false,
          time: '2026-01-01T00:00:00Z',
        });
      default:
        return json(404, { detail: 'Not found.' });
    }
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls,
    jar,
    /** What document.cookie shows the page: never the HttpOnly refresh cookie. */
    pageCookies: () => (jar.xsrf ? `XSRF-TOKEN=${jar.xsrf}` : ''),
    refuseRefresh: () => (refreshValid = false),
  };
}

/** A page of the web shell on the fake API's origin (a reload or a new tab is another page). */
function page(api: ReturnType<typeof fakeApi>, extra: Parameters<typeof createBrowserBridge>[0] = {}) {
  return createBrowserBridge({ fetch: api.fetch, cookies: api.pageCookies, locks: null, ...extra });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('browser bridge', () => {
  it('signs in asking for the refresh token as a cookie, and keeps every token out of page-readable storage', async () => {
    const api = fakeApi();
    const bridge = page(api);
    const outcome = await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });

    expect(outcome).toMatchObject({ kind: 'signed_in', session: { access: 'access-1', persistence: 'cookie' } });
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/admin/login/' });
    expect(api.calls[0]!.headers.get('X-Refresh-Token-Transport')).toBe('cookie');
    expect(api.jar.refresh).toBe('refresh-1');
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie + api.pageCookies();
    expect(stored).not.toContain('refresh-1');
    expect(stored).not.toContain('access-1');
  });

  it('refreshes through the cookie with the double-submitted X-XSRF-TOKEN and no token in the body', async () => {
    const api = fakeApi();
    const bridge = page(api);
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });
    await expect(bridge.auth.refresh()).resolves.toEqual({ access: 'access-for-refresh-2' });
    const call = api.calls.at(-1)!;
    expect(call).toMatchObject({ path: '/api/auth/token/refresh/', body: {} });
    expect(call.headers.get('X-XSRF-TOKEN')).toBe('xsrf-1');
    // The rotated cookie (and its new XSRF token) is used next time.
    await expect(bridge.auth.refresh()).resolves.toEqual({ access: 'access-for-refresh-3' });
    expect(api.calls.at(-1)!.headers.get('X-XSRF-TOKEN')).toBe('xsrf-2');
  });

  it('announces the end of the session when the refresh cookie is refused (401)', async () => {
    const api = fakeApi();
    const bridge = page(api);
    const ended = vi.fn();
    bridge.on('session:ended', ended);
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });
    api.refuseRefresh();
    const failure = await bridge.auth.refresh().catch((error: unknown) => error);
    expect(transportErrorOf(failure)).toMatchObject({ code: 'session_expired' });
    expect(ended).toHaveBeenCalledWith({ reason: 'expired' });
  });

  it('ends the session when the server refuses the XSRF token (403), as a refused refresh token', async () => {
    const api = fakeApi();
    // A page whose XSRF-TOKEN is not the jar's (e.g. another site's guess): the server answers 403.
    const bridge = page(api, { cookies: () => 'XSRF-TOKEN=guessed' });
    const ended = vi.fn();
    bridge.on('session:ended', ended);
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });
    const failure = await bridge.auth.refresh().catch((error: unknown) => error);
    expect(api.calls.at(-1)!.headers.get('X-XSRF-TOKEN')).toBe('guessed');
    expect(transportErrorOf(failure)).toMatchObject({ code: 'session_expired' });
    expect(ended).toHaveBeenCalledWith({ reason: 'expired' });
    expect(api.jar.refresh).toBe('refresh-1');
  });

  it('takes over the session a password change answers, so it goes on with the new cookie', async () => {
    const api = fakeApi();
    const bridge = page(api);
    const ended = vi.fn();
    bridge.on('session:ended', ended);
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });

    const refused = await bridge.auth.changePassword({ current_password: 'wrong', new_password: 'a brand new passphrase' }).catch((error: unknown) => error);
    expect(transportErrorOf(refused)).toMatchObject({ code: 'validation_error', body: { current_password: ['The current password is not correct.'] } });

    await expect(bridge.auth.changePassword({ current_password: 'right password', new_password: 'a brand new passphrase' })).resolves.toEqual({
      access: 'changed-access',
    });
    expect(api.calls.at(-1)).toMatchObject({ path: '/api/auth/password/change/', authorization: 'Bearer access-1' });
    await expect(bridge.auth.refresh()).resolves.toEqual({ access: 'access-for-refresh-after-change' });
    expect(ended).not.toHaveBeenCalled();
  });

  it('restores the session in a new page (reload, new tab) from the cookie, and nothing after a logout', async () => {
    const api = fakeApi();
    // Before any sign-in there is no XSRF cookie: no request at all.
    await expect(page(api).auth.restore()).resolves.toBeNull();
    expect(api.calls).toHaveLength(0);

    await page(api).auth.login({ username: 'ana.krasniqi', password: 'right password' });
    const before = api.calls.length;
    // A reload (or a new tab): a new page, with only the jar in common. /auth/me/ is answered here.
    const withMe = page(api, {
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) =>
        String(input).endsWith('/auth/me/') ? json(200, makeUser()) : api.fetch(input, init)) as typeof fetch,
    });
    const session = await withMe.auth.restore();
    expect(session).toMatchObject({ access: 'access-for-refresh-2', persistence: 'cookie', user: { username: makeUser().username } });
    expect(api.calls.slice(before).map((call) => call.path)).toEqual(['/api/auth/token/refresh/']);

    await withMe.auth.logout();
    expect(api.calls.at(-1)).toMatchObject({ path: '/api/auth/logout/', body: {} });
    expect(api.jar).toEqual({ refresh: null, xsrf: null });
    await expect(page(api).auth.restore()).resolves.toBeNull();
  });

  it('runs refreshes one at a time across tabs through the Web Locks API', async () => {
    const api = fakeApi();
    const held: string[] = [];
    const locks = {
      request: vi.fn(async (name: string, work: () => Promise<unknown>) => {
        held.push(name);
        return work();
      }),
    } as unknown as Pick<LockManager, 'request'>;
    const bridge = page(api, { locks });
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });
    await bridge.auth.refresh();
    expect(held).toEqual(['naric-session-refresh']);
  });

  it('rejects a failed login with the server answer for the screen to read', async () => {
    const bridge = page(fakeApi());
    const failure = await bridge.auth.login({ username: 'ana.krasniqi', password: 'wrong' }).catch((error: unknown) => error);
    expect(transportErrorOf(failure)).toMatchObject({
      code: 'invalid_credentials',
      status: 401,
      body: { detail: 'No active account found with the given credentials' },
    });
  });

  it('keeps the language in localStorage and has no server address to choose', async () => {
    const bridge = createBrowserBridge({ fetch: fakeApi().fetch });
    await expect(bridge.settings.get()).resolves.toEqual({ serverUrl: null, language: 'en' });
    await expect(bridge.settings.set({ language: 'sq' })).resolves.toEqual({ serverUrl: null, language: 'sq' });
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('sq');
    const refused = await bridge.settings.set({ serverUrl: 'https://naric.example.org' }).catch((error: unknown) => error);
    expect(transportErrorOf(refused)).toMatchObject({ code: 'validation_error' });
    const invalid = await bridge.settings.set({ language: 'de' as 'en' }).catch((error: unknown) => error);
    expect(transportErrorOf(invalid)).toMatchObject({ code: 'validation_error' });
  });

  it('says it is the web shell', async () => {
    const info = await createBrowserBridge({ fetch: fakeApi().fetch }).app.info();
    expect(info).toMatchObject({ shell: 'web', embeddedServer: false, sessionPersistence: 'cookie' });
    expect(info.apiBaseUrl.endsWith('/api')).toBe(true);
  });

  it('reads the health report even from a 503', async () => {
    const health = await createBrowserBridge({ fetch: fakeApi().fetch }).system.health();
    expect(health.database.status).toBe('unavailable');
  });

  it('opens only web and mail links outside the app', async () => {
    const openWindow = vi.fn();
    const bridge = createBrowserBridge({ fetch: fakeApi().fetch, openWindow });
    await bridge.external.open('https://enic-naric.net/');
    expect(openWindow).toHaveBeenCalledWith('https://enic-naric.net/');
    await expect(bridge.external.open('javascript:alert(1)')).rejects.toMatchObject({ error: { code: 'validation_error' } });
    await expect(bridge.external.open('not a url')).rejects.toMatchObject({ error: { code: 'validation_error' } });
    expect(openWindow).toHaveBeenCalledTimes(1);
  });
});
