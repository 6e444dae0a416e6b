import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/main/api-client';
import { createAuthService } from '../../../src/main/auth-service';
import { createVault, type Keyring } from '../../../src/main/vault';
import type { IpcEventPayload } from '../../../src/shared/ipc/contract';
import { transportErrorOf } from '../../../src/shared/transport-failure';
import { officer } from './auth-fixtures';
import { json, startFakeApiServer, type FakeRoute } from './fake-api-server';
import { recordingLog } from './fakes';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

function memoryKeyring(initial: Record<string, string> = {}) {
  const entries = new Map(Object.entries(initial));
  const keyring: Keyring = {
    get: async (account) => entries.get(account) ?? null,
    set: async (account, secret) => void entries.set(account, secret),
    delete: async (account) => void entries.delete(account),
  };
  return { keyring, entries };
}

async function setup(routes: Record<string, FakeRoute>, stored: Record<string, string> = {}) {
  const server = await startFakeApiServer(routes);
  close = server.close;
  const { keyring, entries } = memoryKeyring(stored);
  const ended: IpcEventPayload<'session:ended'>[] = [];
  const log = recordingLog();
  const vault = createVault(keyring, { log });
  const auth = createAuthService({
    vault,
    api: createApiClient({ serverUrl: () => server.url }),
    onSessionEnded: (payload) => ended.push(payload),
    log,
  });
  return { auth, server, entries, ended, log, vault };
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return transportErrorOf(thrown);
  }
  throw new Error('expected a rejection');
}

describe('auth service against an HTTP server', () => {
  it('login with tokens stores both in the keychain and hands out the user and access token only', async () => {
    const { auth, entries, server } = await setup({
      'POST /api/auth/admin/login/': (_call, response) => json(response, 200, { access: 'access-1', refresh: 'refresh-1', user: officer }),
    });
    const outcome = await auth.login({ username: 'officer', password: 'correct horse' });
    expect(outcome).toEqual({ kind: 'signed_in', session: { user: officer, access: 'access-1', persistence: 'keychain' } });
    expect(Object.fromEntries(entries)).toEqual({ admin_token: 'access-1', admin_refresh_token: 'refresh-1', admin_session_user: JSON.stringify(officer) });
    expect(server.calls[0].body).toEqual({ username: 'officer', password: 'correct horse' });
  });

  it('login answered 202 gives the two-factor outcomes and stores nothing', async () => {
    const required = await setup({
      'POST /api/auth/admin/login/': (_call, response) => json(response, 202, { requires_2fa: true, two_factor_method: 'email', username: 'officer', challenge: 'c-1' }),
    });
    expect(await required.auth.login({ username: 'officer', password: 'x' })).toEqual({
      kind: 'two_factor_required',
      method: 'email',
      username: 'officer',
      challenge: 'c-1',
    });
    expect(required.entries.size).toBe(0);
    await close?.();

    const setupRequired = await setup({
      'POST /api/auth/admin/login/': (_call, response) => json(response, 202, { requires_2fa_setup: true, challenge: 'c-2' }),
    });
    expect(await setupRequired.auth.login({ username: 'officer', password: 'x' })).toEqual({ kind: 'two_factor_setup_required', challenge: 'c-2' });
    expect(setupRequired.entries.size).toBe(0);
  });

  it('a refused login keeps the server JSON body for the screen', async () => {
    const { auth } = await setup({
      'POST /api/auth/admin/login/': (_call, response) => json(response, 401, { message: 'Invalid username or password', code: 'invalid_credentials' }),
    });
    expect(await rejection(auth.login({ username: 'officer', password: 'wrong' }))).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid username or password',
      status: 401,
      body: { message: 'Invalid username or password', code: 'invalid_credentials' },
    });
  });

  it('five concurrent refreshes make one HTTP call, and the rotated refresh token is stored', async () => {
    const { auth, server, entries } = await setup(
      {
        'POST /api/auth/token/refresh/': (_call, response) => {
          setTimeout(() => json(response, 200, { access: 'access-2', refresh: 'refresh-2' }), 50);
        },
      },
      { admin_token: 'access-1', admin_refresh_token: 'refresh-1' },
    );
    const answers = await Promise.all(Array.from({ length: 5 }, () => auth.refresh()));
    expect(answers).toEqual(Array(5).fill({ access: 'access-2' }));
    expect(server.calls.filter((call) => call.path === '/api/auth/token/refresh/')).toHaveLength(1);
    expect(server.calls[0].body).toEqual({ refresh: 'refresh-1' });
    expect(entries.get('admin_refresh_token')).toBe('refresh-2');
  });

  it('a refresh answered 401 clears both tokens and sends session:ended expired', async () => {
    const { auth, entries, ended } = await setup(
      { 'POST /api/auth/token/refresh/': (_call, response) => json(response, 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }) },
      { admin_token: 'access-1', admin_refresh_token: 'refresh-1' },
    );
    expect(await rejection(auth.refresh())).toMatchObject({ code: 'session_expired', status: 401 });
    expect(entries.size).toBe(0);
    expect(ended).toEqual([{ reason: 'expired' }]);
  });

  it('a password change stores the new pair in the keychain, so a restart restores the session', async () => {
    const { auth, server, entries, ended } = await setup(
      {
        'POST /api/auth/token/refresh/': (call, response) =>
          (call.body as { refresh: string }).refresh === 'refresh-after-change'
            ? json(response, 200, { access: 'access-3', refresh: 'refresh-3' })
            : json(response, 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }),
        'POST /api/auth/password/change/': (call, response) =>
          call.headers.authorization === 'Bearer access-2'
            ? json(response, 200, { access: 'access-after-change', refresh: 'refresh-after-change' })
            : json(response, 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }),
        'POST /api/auth/admin/login/': (_call, response) => json(response, 200, { access: 'access-2', refresh: 'refresh-2', user: officer }),
        'GET /api/auth/me/': (_call, response) => json(response, 200, officer),
      },
    );
    await auth.login({ username: 'officer', password: 'the old passphrase' });
    expect(await auth.changePassword({ current_password: 'the old passphrase', new_password: 'a brand new passphrase' })).toEqual({
      access: 'access-after-change',
    });
    expect(server.calls[1].body).toEqual({ current_password: 'the old passphrase', new_password: 'a brand new passphrase' });
    expect(Object.fromEntries(entries)).toEqual({
      admin_token: 'access-after-change',
      admin_refresh_token: 'refresh-after-change',
      admin_session_user: JSON.stringify(officer),
    });

    // The next start of the app: a new auth service over the same keychain.
    const restarted = createAuthService({
      vault: createVault(memoryKeyring(Object.fromEntries(entries)).keyring, { log: recordingLog() }),
      api: createApiClient({ serverUrl: () => server.url }),
      onSessionEnded: (payload) => ended.push(payload),
      log: recordingLog(),
    });
    expect(await restarted.restore()).toEqual({ user: officer, access: 'access-3', persistence: 'keychain' });
    expect(ended).toEqual([]);
  });

  it('restore opens the session from the stored refresh token', async () => {
    const { auth, server } = await setup(
      {
        'POST /api/auth/token/refresh/': (_call, response) => json(response, 200, { access: 'access-2', refresh: 'refresh-2' }),
        'GET /api/auth/me/': (_call, response) => json(response, 200, officer),
      },
      { admin_token: 'access-1', admin_refresh_token: 'refresh-1' },
    );
    expect(await auth.restore()).toEqual({ user: officer, access: 'access-2', persistence: 'keychain' });
    expect(server.calls[1].headers.authorization).toBe('Bearer access-2');
  });

  it('restore returns null and logs when the server is down, never throwing', async () => {
    const { auth, server, log } = await setup({}, { admin_token: 'access-1', admin_refresh_token: 'refresh-1' });
    await server.close();
    close = null;
    expect(await auth.restore()).toBeNull();
    expect(log.entries.map((entry) => entry.message)).toContain('auth: startup sign-in failed');
    expect(JSON.stringify(log.entries)).not.toContain('refresh-1');
  });

  it('logout tells the server and clears the vault; it clears even when the server fails', async () => {
    const ok = await setup(
      { 'POST /api/auth/logout/': (_call, response) => json(response, 205) },
      { admin_token: 'access-1', admin_refresh_token: 'refresh-1' },
    );
    await ok.auth.logout();
    expect(ok.server.calls[0].body).toEqual({ refresh_token: 'refresh-1' });
    expect(ok.entries.size).toBe(0);
    expect(ok.ended).toEqual([{ reason: 'logged_out' }]);
    await close?.();

    const failing = await setup(
      { 'POST /api/auth/logout/': (_call, response) => json(response, 500, { detail: 'Internal server error' }) },
      { admin_token: 'access-1', admin_refresh_token: 'refresh-1' },
    );
    await expect(failing.auth.logout()).resolves.toBeUndefined();
    expect(failing.entries.size).toBe(0);
  });
});

describe('offline restart (the server cannot be reached when the app starts)', () => {
  const signedIn = { admin_token: 'access-1', admin_refresh_token: 'refresh-1', admin_session_user: JSON.stringify(officer) };

  function restartOver(entries: Map<string, string>, serverUrl: () => string) {
    const ended: IpcEventPayload<'session:ended'>[] = [];
    const log = recordingLog();
    const auth = createAuthService({
      vault: createVault(memoryKeyring(Object.fromEntries(entries)).keyring, { log }),
      api: createApiClient({ serverUrl }),
      onSessionEnded: (payload) => ended.push(payload),
      log,
    });
    return { auth, ended, log };
  }

  it('opens the last signed-in user’s session offline, and refreshes it once the server answers again', async () => {
    const first = await setup({
      'POST /api/auth/admin/login/': (_call, response) => json(response, 200, { access: 'access-1', refresh: 'refresh-1', user: officer }),
    });
    await first.auth.login({ username: 'officer', password: 'correct horse' });
    expect(first.auth.currentUser()).toEqual(officer);
    const downUrl = first.server.url;
    await first.server.close();
    close = null;

    let url = downUrl;
    const restarted = restartOver(first.entries, () => url);
    expect(await restarted.auth.restore()).toEqual({ user: officer, access: 'access-1', persistence: 'keychain' });
    expect(restarted.auth.currentUser()).toEqual(officer);
    expect(restarted.ended).toEqual([]);
    expect(restarted.log.entries.map((entry) => entry.message)).toContain('auth: the server cannot be reached: the last signed-in user goes on offline');

    // Still down: a refresh fails as a network error and does not end the session.
    expect((await rejection(restarted.auth.refresh()))?.code).toBe('network_error');
    expect(restarted.ended).toEqual([]);
    expect(restarted.auth.currentUser()).toEqual(officer);

    // The server is back: the same refresh token works.
    const back = await startFakeApiServer({
      'POST /api/auth/token/refresh/': (call, response) =>
        (call.body as { refresh?: string }).refresh === 'refresh-1'
          ? json(response, 200, { access: 'access-2', refresh: 'refresh-2' })
          : json(response, 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }),
    });
    close = back.close;
    url = back.url;
    expect(await restarted.auth.refresh()).toEqual({ access: 'access-2' });
    expect(restarted.ended).toEqual([]);
  });

  it('also when the gateway answers 503, or the server goes away between the refresh and loading the user', async () => {
    const gateway = await setup(
      { 'POST /api/auth/token/refresh/': (_call, response) => json(response, 503, { detail: 'Service unavailable' }) },
      signedIn,
    );
    expect(await gateway.auth.restore()).toEqual({ user: officer, access: 'access-1', persistence: 'keychain' });
    await close?.();

    const halfway = await setup(
      {
        'POST /api/auth/token/refresh/': (_call, response) => json(response, 200, { access: 'access-2', refresh: 'refresh-2' }),
        'GET /api/auth/me/': (_call, response) => json(response, 502, { detail: 'Bad gateway' }),
      },
      signedIn,
    );
    expect(await halfway.auth.restore()).toEqual({ user: officer, access: 'access-2', persistence: 'keychain' });
    expect(halfway.entries.get('admin_refresh_token')).toBe('refresh-2');
  });

  it('gives null, and forgets the user, when the server refuses the stored token (401)', async () => {
    const { auth, entries, ended } = await setup(
      { 'POST /api/auth/token/refresh/': (_call, response) => json(response, 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }) },
      signedIn,
    );
    expect(await auth.restore()).toBeNull();
    expect(auth.currentUser()).toBeNull();
    expect(entries.size).toBe(0);
    expect(ended).toEqual([{ reason: 'expired' }]);
  });

  it('gives null when the user signed out before (logout forgets the kept user), or none was kept', async () => {
    const { auth, entries, server } = await setup({ 'POST /api/auth/logout/': (_call, response) => json(response, 205) }, signedIn);
    await auth.logout();
    expect(entries.has('admin_session_user')).toBe(false);
    await server.close();
    close = null;
    const restarted = restartOver(new Map([['admin_token', 'access-1'], ['admin_refresh_token', 'refresh-1']]), () => server.url);
    expect(await restarted.auth.restore()).toBeNull();
    expect(restarted.auth.currentUser()).toBeNull();
  });

  it('a refresh refused later (the session ended) forgets the kept user too', async () => {
    const { auth, entries } = await setup(
      {
        'POST /api/auth/admin/login/': (_call, response) => json(response, 200, { access: 'access-1', refresh: 'refresh-1', user: officer }),
        'POST /api/auth/token/refresh/': (_call, response) => json(response, 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }),
      },
    );
    await auth.login({ username: 'officer', password: 'correct horse' });
    expect((await rejection(auth.refresh()))?.code).toBe('session_expired');
    expect(entries.size).toBe(0);
    expect(auth.currentUser()).toBeNull();
  });
});
