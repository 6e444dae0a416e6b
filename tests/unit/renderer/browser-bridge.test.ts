import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBrowserBridge } from '../../../src/renderer/platform/browser-bridge';
import { LANGUAGE_STORAGE_KEY } from '../../../src/shared/constants';
import { transportErrorOf } from '../../../src/shared/transport-failure';
import { makeUser } from './fixtures';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake API: login hands out a pair, refresh rotates it, me answers for a valid access token. */
function fakeApi() {
  const calls: { method: string; path: string; body: unknown; authorization: string | null }[] = [];
  let refreshValid = true;
  const revoked = new Set<string>();
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://web-shell.test');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    const authorization = new Headers(init?.headers).get('Authorization');
    calls.push({ method: init?.method ?? 'GET', path: url.pathname, body, authorization });
    switch (url.pathname) {
      case '/api/auth/admin/login/':
        return body?.password === 'right password'
          ? json(200, { access: 'access-1', refresh: 'refresh-1', user: makeUser() })
          : json(401, { detail: 'No active account found with the given credentials' });
      case '/api/auth/token/refresh/':
        if (!refreshValid || revoked.has(String(body?.refresh))) return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
        if (body?.refresh === 'refresh-1') return json(200, { access: 'access-2', refresh: 'refresh-2' });
        if (body?.refresh === 'changed-refresh') return json(200, { access: 'access-3', refresh: 'refresh-3' });
        return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
      case '/api/auth/password/change/':
        if (authorization !== 'Bearer access-1') return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
        if (body?.current_password !== 'right password') return json(400, { current_password: ['The current password is not correct.'] });
        // Every session of the user ends; this one gets a new pair.
        revoked.add('refresh-1');
        return json(200, { access: 'changed-access', refresh: 'changed-refresh' });
      case '/api/auth/logout/':
        return json(205, {});
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
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, refuseRefresh: () => (refreshValid = false) };
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('browser bridge', () => {
  it('signs in over same-origin fetch and keeps the tokens out of web storage', async () => {
    const api = fakeApi();
    const bridge = createBrowserBridge({ fetch: api.fetch });
    const outcome = await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });

    expect(outcome).toMatchObject({ kind: 'signed_in', session: { access: 'access-1', persistence: 'memory' } });
    expect(api.calls[0]).toMatchObject({ method: 'POST', path: '/api/auth/admin/login/' });
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie;
    expect(stored).not.toContain('refresh-1');
    expect(stored).not.toContain('access-1');
  });

  it('refreshes with the refresh token it holds in memory', async () => {
    const api = fakeApi();
    const bridge = createBrowserBridge({ fetch: api.fetch });
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });
    await expect(bridge.auth.refresh()).resolves.toEqual({ access: 'access-2' });
    expect(api.calls.at(-1)).toMatchObject({ path: '/api/auth/token/refresh/', body: { refresh: 'refresh-1' } });
  });

  it('announces the end of the session when the refresh token is refused', async () => {
    const api = fakeApi();
    const bridge = createBrowserBridge({ fetch: api.fetch });
    const ended = vi.fn();
    bridge.on('session:ended', ended);
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });
    api.refuseRefresh();
    const failure = await bridge.auth.refresh().catch((error: unknown) => error);
    expect(transportErrorOf(failure)).toMatchObject({ code: 'session_expired' });
    expect(ended).toHaveBeenCalledWith({ reason: 'expired' });
  });

  it('takes over the pair a password change answers, so the session goes on with the new refresh token', async () => {
    const api = fakeApi();
    const bridge = createBrowserBridge({ fetch: api.fetch });
    const ended = vi.fn();
    bridge.on('session:ended', ended);
    await bridge.auth.login({ username: 'ana.krasniqi', password: 'right password' });

    const refused = await bridge.auth.changePassword({ current_password: 'wrong', new_password: 'a brand new passphrase' }).catch((error: unknown) => error);
    expect(transportErrorOf(refused)).toMatchObject({ code: 'validation_error', body: { current_password: ['The current password is not correct.'] } });

    await expect(bridge.auth.changePassword({ current_password: 'right password', new_password: 'a brand new passphrase' })).resolves.toEqual({
      access: 'changed-access',
    });
    expect(api.calls.at(-1)).toMatchObject({ path: '/api/auth/password/change/', authorization: 'Bearer access-1' });
    await expect(bridge.auth.refresh()).resolves.toEqual({ access: 'access-3' });
    expect(api.calls.at(-1)).toMatchObject({ path: '/api/auth/token/refresh/', body: { refresh: 'changed-refresh' } });
    expect(ended).not.toHaveBeenCalled();
    const stored = JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie;
    expect(stored).not.toContain('changed-refresh');
  });

  it('restores nothing after a reload: a new page has no token', async () => {
    const api = fakeApi();
    await createBrowserBridge({ fetch: api.fetch }).auth.login({ username: 'ana.krasniqi', password: 'right password' });
    await expect(createBrowserBridge({ fetch: api.fetch }).auth.restore()).resolves.toBeNull();
  });

  it('rejects a failed login with the server answer for the screen to read', async () => {
    const bridge = createBrowserBridge({ fetch: fakeApi().fetch });
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
    expect(info).toMatchObject({ shell: 'web', embeddedServer: false, sessionPersistence: 'memory' });
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
