import { describe, expect, it } from 'vitest';
import { createSessionClient, type SessionHttpAnswer, type SessionRequestOptions } from '../../../src/shared/auth/session-client';
import { TOKEN_REFRESH_TIMEOUT_MS, API_TIMEOUT_MS } from '../../../src/shared/constants';
import { failure, transportErrorOf } from '../../../src/shared/transport-failure';
import type { IpcEventPayload } from '../../../src/shared/ipc/contract';
import { officer } from '../main/auth-fixtures';

type Call = { method: string; path: string; body: unknown; options: SessionRequestOptions };
type Route = (call: Call) => SessionHttpAnswer | Promise<SessionHttpAnswer>;

function setup(routes: Record<string, Route>, stored: { access: string | null; refresh: string | null } = { access: null, refresh: null }) {
  const calls: Call[] = [];
  const ended: IpcEventPayload<'session:ended'>[] = [];
  const logged: string[] = [];
  const tokens = { ...stored };
  const client = createSessionClient({
    async request(method, path, body, options) {
      const call = { method, path, body, options };
      calls.push(call);
      const route = routes[`${method} ${path}`];
      if (!route) return { status: 404, data: { detail: 'Not found.' } };
      return route(call);
    },
    tokens: {
      getRefresh: async () => tokens.refresh,
      save: async (access, refresh) => {
        tokens.access = access;
        tokens.refresh = refresh;
      },
      clear: async () => {
        tokens.access = null;
        tokens.refresh = null;
      },
    },
    onSessionEnded: (payload) => ended.push(payload),
    persistence: 'keychain',
    log: (message) => logged.push(message),
  });
  return { client, calls, ended, logged, tokens };
}

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return transportErrorOf(thrown);
  }
  throw new Error('expected a rejection');
}

describe('session client: login', () => {
  it('signs in with tokens: stores both, hands out only the user and the access token', async () => {
    const { client, tokens, calls } = setup({
      'POST /auth/admin/login/': () => ({ status: 200, data: { access: 'a1', refresh: 'r1', user: officer } }),
    });
    const outcome = await client.login({ username: 'officer', password: 'secret' });
    expect(outcome).toEqual({ kind: 'signed_in', session: { user: officer, access: 'a1', persistence: 'keychain' } });
    expect(JSON.stringify(outcome)).not.toContain('r1');
    expect(tokens).toEqual({ access: 'a1', refresh: 'r1' });
    expect(calls[0]).toMatchObject({ body: { username: 'officer', password: 'secret' }, options: { timeoutMs: API_TIMEOUT_MS } });
  });

  it('reads both 202 answers as two-factor outcomes and stores nothing', async () => {
    const required = setup({
      'POST /auth/admin/login/': () => ({ status: 202, data: { requires_2fa: true, two_factor_method: 'totp', username: 'officer', challenge: 'c-1' } }),
    });
    expect(await required.client.login({ username: 'officer', password: 'x' })).toEqual({
      kind: 'two_factor_required',
      method: 'totp',
      username: 'officer',
      challenge: 'c-1',
    });
    expect(required.tokens.refresh).toBeNull();

    const setupRequired = setup({
      'POST /auth/admin/login/': () => ({ status: 202, data: { requires_2fa_setup: true, challenge: 'c-2' } }),
    });
    expect(await setupRequired.client.login({ username: 'officer', password: 'x' })).toEqual({
      kind: 'two_factor_setup_required',
      challenge: 'c-2',
    });
  });

  it('keeps the server body of a refused login and calls a bare 401 invalid credentials', async () => {
    const { client } = setup({
      'POST /auth/admin/login/': () => ({ status: 401, data: { detail: 'No active account found with the given credentials' } }),
    });
    expect(await rejection(client.login({ username: 'officer', password: 'wrong' }))).toEqual({
      code: 'invalid_credentials',
      message: 'No active account found with the given credentials',
      status: 401,
      body: { detail: 'No active account found with the given credentials' },
    });
  });

  it('turns an answer outside the contract into server_error rather than a half session', async () => {
    const { client, tokens } = setup({ 'POST /auth/admin/login/': () => ({ status: 200, data: { access: 'a1' } }) });
    expect(await rejection(client.login({ username: 'officer', password: 'x' }))).toMatchObject({ code: 'server_error' });
    expect(tokens.refresh).toBeNull();
  });

  it('passes a network failure through as the TransportError it is', async () => {
    const { client } = setup({
      'POST /auth/admin/login/': () => {
        throw failure('network_error');
      },
    });
    expect(await rejection(client.login({ username: 'officer', password: 'x' }))).toEqual({ code: 'network_error', message: 'Network error' });
  });
});

describe('session client: two-factor', () => {
  it('verifies a code, defaulting is_backup_code to false, and opens a session', async () => {
    const { client, calls, tokens } = setup({
      'POST /auth/admin/2fa-verify/': () => ({ status: 200, data: { access: 'a2', refresh: 'r2', user: officer } }),
    });
    const session = await client.verifyTwoFactor({ username: 'officer', code: '123456', challenge: 'c-1' });
    expect(session).toEqual({ user: officer, access: 'a2', persistence: 'keychain' });
    expect(calls[0].body).toEqual({ username: 'officer', code: '123456', is_backup_code: false, challenge: 'c-1' });
    expect(tokens.refresh).toBe('r2');
  });

  it('shows the server error field of a refused code', async () => {
    const { client } = setup({ 'POST /auth/admin/2fa-verify/': () => ({ status: 400, data: { error: 'Invalid code' } }) });
    expect(await rejection(client.verifyTwoFactor({ username: 'officer', code: '000000', is_backup_code: false, challenge: 'c-1' }))).toMatchObject({
      code: 'two_factor_invalid',
      message: 'Invalid code',
      body: { error: 'Invalid code' },
    });
  });

  it('sets up and confirms, returning the backup codes once with the session', async () => {
    const { client, calls, tokens } = setup({
      'POST /auth/admin/2fa-setup/': () => ({
        status: 200,
        data: { method: 'totp', secret: 'JBSWY3DP', otpauth_uri: 'otpauth://totp/NARIC:officer?secret=JBSWY3DP', message: 'Scan the code' },
      }),
      'POST /auth/admin/2fa-confirm/': () => ({
        status: 200,
        data: { message: 'Enabled', backup_codes: ['aaaa-bbbb', 'cccc-dddd'], access: 'a3', refresh: 'r3', user: officer },
      }),
    });
    expect(await client.setupTwoFactor({ method: 'totp', challenge: 'c-2' })).toMatchObject({ method: 'totp', secret: 'JBSWY3DP' });
    expect(calls[0].body).toEqual({ method: 'totp', challenge: 'c-2' });
    const confirmed = await client.confirmTwoFactor({ code: '123456', challenge: 'c-2' });
    expect(calls[1].body).toEqual({ code: '123456', challenge: 'c-2' });
    expect(confirmed).toEqual({ session: { user: officer, access: 'a3', persistence: 'keychain' }, backup_codes: ['aaaa-bbbb', 'cccc-dddd'] });
    expect(tokens).toEqual({ access: 'a3', refresh: 'r3' });
  });
});

describe('session client: refresh', () => {
  it('rotates the refresh token, with the 10 s time-out', async () => {
    const { client, calls, tokens } = setup(
      { 'POST /auth/token/refresh/': () => ({ status: 200, data: { access: 'a2', refresh: 'r2' } }) },
      { access: 'a1', refresh: 'r1' },
    );
    expect(await client.refresh()).toEqual({ access: 'a2' });
    expect(calls[0]).toMatchObject({ body: { refresh: 'r1' }, options: { timeoutMs: TOKEN_REFRESH_TIMEOUT_MS } });
    expect(tokens).toEqual({ access: 'a2', refresh: 'r2' });
  });

  it('shares one refresh among concurrent callers, and starts a new one afterwards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let issued = 0;
    const { client, calls } = setup(
      {
        'POST /auth/token/refresh/': async () => {
          await gate;
          issued += 1;
          return { status: 200, data: { access: `a${issued + 1}`, refresh: `r${issued + 1}` } };
        },
      },
      { access: 'a1', refresh: 'r1' },
    );
    const answers = Promise.all([client.refresh(), client.refresh(), client.refresh(), client.refresh(), client.refresh()]);
    release();
    expect(await answers).toEqual(Array(5).fill({ access: 'a2' }));
    expect(calls).toHaveLength(1);
    await client.refresh();
    expect(calls).toHaveLength(2);
    expect(calls[1].body).toEqual({ refresh: 'r2' });
  });

  it('on 401 clears both tokens and ends the session as expired', async () => {
    const { client, tokens, ended } = setup(
      { 'POST /auth/token/refresh/': () => ({ status: 401, data: { detail: 'Token is invalid or expired', code: 'token_not_valid' } }) },
      { access: 'a1', refresh: 'r1' },
    );
    expect(await rejection(client.refresh())).toMatchObject({ code: 'session_expired', status: 401 });
    expect(tokens).toEqual({ access: null, refresh: null });
    expect(ended).toEqual([{ reason: 'expired' }]);
  });

  it('on 202 requires_2fa_setup clears both tokens and ends the session with the set-up challenge, once', async () => {
    const { client, tokens, ended } = setup(
      { 'POST /auth/token/refresh/': () => ({ status: 202, data: { requires_2fa_setup: true, challenge: 'c-3' } }) },
      { access: 'a1', refresh: 'r1' },
    );
    expect(await rejection(client.refresh())).toMatchObject({ code: 'session_expired', status: 401 });
    expect(tokens).toEqual({ access: null, refresh: null });
    expect(ended).toEqual([{ reason: 'two_factor_setup_required', challenge: 'c-3' }]);
  });

  it('ends the session as timed out when the server says the session expired (idle timeout or lifetime)', async () => {
    const { client, tokens, ended } = setup(
      { 'POST /auth/token/refresh/': () => ({ status: 401, data: { detail: 'Session expired', code: 'session_expired' } }) },
      { access: 'a1', refresh: 'r1' },
    );
    expect(await rejection(client.refresh())).toMatchObject({ code: 'session_expired', status: 401 });
    expect(tokens).toEqual({ access: null, refresh: null });
    expect(ended).toEqual([{ reason: 'timed_out' }]);
  });

  it('keeps the tokens when the server is only unreachable', async () => {
    const { client, tokens, ended } = setup(
      {
        'POST /auth/token/refresh/': () => {
          throw failure('timeout');
        },
      },
      { access: 'a1', refresh: 'r1' },
    );
    expect(await rejection(client.refresh())).toMatchObject({ code: 'timeout' });
    expect(tokens.refresh).toBe('r1');
    expect(ended).toEqual([]);
  });

  it('without a stored refresh token ends the session without calling the server', async () => {
    const { client, calls, ended } = setup({});
    expect(await rejection(client.refresh())).toMatchObject({ code: 'session_expired' });
    expect(calls).toHaveLength(0);
    expect(ended).toEqual([{ reason: 'expired' }]);
  });
});

describe('session client: password change', () => {
  const signedIn = { 'POST /auth/admin/login/': () => ({ status: 200, data: { access: 'a1', refresh: 'r1', user: officer } }) };
  const change = { current_password: 'the old passphrase', new_password: 'a brand new passphrase' };

  it('changes the password with the access token and takes over the new pair, handing out the access token only', async () => {
    const { client, calls, tokens, ended } = setup({
      ...signedIn,
      'POST /auth/password/change/': () => ({ status: 200, data: { access: 'a2', refresh: 'r2' } }),
    });
    await client.login({ username: 'officer', password: 'the old passphrase' });
    const answer = await client.changePassword(change);
    expect(answer).toEqual({ access: 'a2' });
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/auth/password/change/', body: change, options: { accessToken: 'a1', timeoutMs: API_TIMEOUT_MS } });
    expect(tokens).toEqual({ access: 'a2', refresh: 'r2' });
    expect(ended).toEqual([]);
  });

  it('leaves the session as it was when the server refuses the change, with its field errors', async () => {
    const { client, tokens } = setup({
      ...signedIn,
      'POST /auth/password/change/': () => ({ status: 400, data: { current_password: ['The current password is not correct.'] } }),
    });
    await client.login({ username: 'officer', password: 'x' });
    expect(await rejection(client.changePassword(change))).toMatchObject({
      code: 'validation_error',
      status: 400,
      body: { current_password: ['The current password is not correct.'] },
    });
    expect(tokens).toEqual({ access: 'a1', refresh: 'r1' });
  });

  it('with an expired access token refreshes once and retries with the new one', async () => {
    const { client, calls, tokens } = setup({
      ...signedIn,
      'POST /auth/token/refresh/': () => ({ status: 200, data: { access: 'a2', refresh: 'r2' } }),
      'POST /auth/password/change/': ({ options }) =>
        options.accessToken === 'a2'
          ? { status: 200, data: { access: 'a3', refresh: 'r3' } }
          : { status: 401, data: { detail: 'Token is invalid or expired', code: 'token_not_valid' } },
    });
    await client.login({ username: 'officer', password: 'x' });
    expect(await client.changePassword(change)).toEqual({ access: 'a3' });
    expect(calls.map((call) => `${call.path} ${call.options.accessToken ?? ''}`.trim())).toEqual([
      '/auth/admin/login/',
      '/auth/password/change/ a1',
      '/auth/token/refresh/',
      '/auth/password/change/ a2',
    ]);
    expect(tokens).toEqual({ access: 'a3', refresh: 'r3' });
  });

  it('ends the session as expired when the refresh after a 401 is refused too', async () => {
    const { client, tokens, ended } = setup({
      ...signedIn,
      'POST /auth/token/refresh/': () => ({ status: 401, data: { detail: 'Token is invalid or expired', code: 'token_not_valid' } }),
      'POST /auth/password/change/': () => ({ status: 401, data: { detail: 'Token is invalid or expired', code: 'token_not_valid' } }),
    });
    await client.login({ username: 'officer', password: 'x' });
    expect(await rejection(client.changePassword(change))).toMatchObject({ code: 'session_expired', status: 401 });
    expect(tokens).toEqual({ access: null, refresh: null });
    expect(ended).toEqual([{ reason: 'expired' }]);
  });

  it('a refresh asked for during the change waits for it and uses the new refresh token, not the revoked one', async () => {
    let answerChange!: () => void;
    const changeAnswered = new Promise<void>((resolve) => (answerChange = resolve));
    const { client, calls } = setup({
      ...signedIn,
      'POST /auth/password/change/': async () => {
        await changeAnswered;
        return { status: 200, data: { access: 'a2', refresh: 'r2' } };
      },
      'POST /auth/token/refresh/': ({ body }) =>
        (body as { refresh: string }).refresh === 'r2'
          ? { status: 200, data: { access: 'a3', refresh: 'r3' } }
          : { status: 401, data: { detail: 'Token is invalid or expired', code: 'token_not_valid' } },
    });
    await client.login({ username: 'officer', password: 'x' });
    const changing = client.changePassword(change);
    const refreshing = client.refresh();
    answerChange();
    expect(await changing).toEqual({ access: 'a2' });
    expect(await refreshing).toEqual({ access: 'a3' });
    expect(calls.filter((call) => call.path === '/auth/token/refresh/').map((call) => call.body)).toEqual([{ refresh: 'r2' }]);
  });

  it('a change asked for during a refresh waits for the rotated pair', async () => {
    let answerRefresh!: () => void;
    const refreshAnswered = new Promise<void>((resolve) => (answerRefresh = resolve));
    const { client, calls, tokens } = setup({
      ...signedIn,
      'POST /auth/token/refresh/': async () => {
        await refreshAnswered;
        return { status: 200, data: { access: 'a2', refresh: 'r2' } };
      },
      'POST /auth/password/change/': () => ({ status: 200, data: { access: 'a3', refresh: 'r3' } }),
    });
    await client.login({ username: 'officer', password: 'x' });
    const refreshing = client.refresh();
    const changing = client.changePassword(change);
    answerRefresh();
    expect(await refreshing).toEqual({ access: 'a2' });
    expect(await changing).toEqual({ access: 'a3' });
    expect(calls.find((call) => call.path === '/auth/password/change/')?.options.accessToken).toBe('a2');
    expect(tokens).toEqual({ access: 'a3', refresh: 'r3' });
  });
});

describe('session client: restore', () => {
  it('refreshes, then loads the user with the new access token (plain or wrapped answer)', async () => {
    for (const data of [officer, { user: officer }]) {
      const { client, calls } = setup(
        {
          'POST /auth/token/refresh/': () => ({ status: 200, data: { access: 'a2', refresh: 'r2' } }),
          'GET /auth/me/': () => ({ status: 200, data }),
        },
        { access: 'a1', refresh: 'r1' },
      );
      expect(await client.restore()).toEqual({ user: officer, access: 'a2', persistence: 'keychain' });
      expect(calls[1].options.accessToken).toBe('a2');
    }
  });

  it('with nothing stored returns null without a call', async () => {
    const { client, calls } = setup({});
    expect(await client.restore()).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('logs any failure and returns null; a failed user load signs out', async () => {
    const { client, logged, tokens } = setup(
      {
        'POST /auth/token/refresh/': () => ({ status: 200, data: { access: 'a2', refresh: 'r2' } }),
        'GET /auth/me/': () => ({ status: 500, data: { detail: 'boom' } }),
      },
      { access: 'a1', refresh: 'r1' },
    );
    expect(await client.restore()).toBeNull();
    expect(logged).toEqual(['startup sign-in failed']);
    expect(tokens.refresh).toBeNull();

    const offline = setup(
      {
        'POST /auth/token/refresh/': () => {
          throw new Error('socket hang up');
        },
      },
      { access: 'a1', refresh: 'r1' },
    );
    expect(await offline.client.restore()).toBeNull();
    expect(offline.logged).toEqual(['startup sign-in failed']);
  });
});

describe('session client: logout', () => {
  it('sends the refresh token with the last access token, clears, and ends the session', async () => {
    const { client, calls, tokens, ended } = setup({
      'POST /auth/admin/login/': () => ({ status: 200, data: { access: 'a1', refresh: 'r1', user: officer } }),
      'POST /auth/logout/': () => ({ status: 204, data: undefined }),
    });
    await client.login({ username: 'officer', password: 'x' });
    await client.logout();
    expect(calls[1]).toMatchObject({ method: 'POST', path: '/auth/logout/', body: { refresh_token: 'r1' }, options: { accessToken: 'a1' } });
    expect(tokens).toEqual({ access: null, refresh: null });
    expect(ended).toEqual([{ reason: 'logged_out' }]);
  });

  it('clears the tokens even when the server fails or cannot be reached', async () => {
    for (const route of [() => ({ status: 500, data: { detail: 'boom' } }), () => Promise.reject(failure('network_error'))]) {
      const { client, tokens, logged } = setup({ 'POST /auth/logout/': route }, { access: 'a1', refresh: 'r1' });
      await expect(client.logout()).resolves.toBeUndefined();
      expect(tokens).toEqual({ access: null, refresh: null });
      expect(logged).toEqual(['the server could not be told about the logout']);
    }
  });
});

describe('session client: cookie mode (the browser shell)', () => {
  function cookieSetup(routes: Record<string, Route>, cookiePresent = true) {
    const calls: Call[] = [];
    const ended: IpcEventPayload<'session:ended'>[] = [];
    const held: { access: string | null } = { access: null };
    const exclusive: string[] = [];
    const client = createSessionClient({
      async request(method, path, body, options) {
        const call = { method, path, body, options };
        calls.push(call);
        const route = routes[`${method} ${path}`];
        return route ? route(call) : { status: 404, data: { detail: 'Not found.' } };
      },
      refreshCookie: {
        mayExist: () => cookiePresent,
        keepAccess: (access) => {
          held.access = access;
        },
        exclusive: async (work) => {
          exclusive.push('refresh');
          return work();
        },
      },
      onSessionEnded: (payload) => ended.push(payload),
      persistence: 'cookie',
    });
    return { client, calls, ended, held, exclusive };
  }

  it('asks for the cookie on sign-in and keeps only the access token', async () => {
    const { client, calls, held } = cookieSetup({
      'POST /auth/admin/login/': () => ({ status: 200, data: { access: 'a1', user: officer } }),
    });
    const outcome = await client.login({ username: 'officer', password: 'secret' });
    expect(outcome).toEqual({ kind: 'signed_in', session: { user: officer, access: 'a1', persistence: 'cookie' } });
    expect(calls[0]!.options.refreshAsCookie).toBe(true);
    expect(held.access).toBe('a1');
  });

  it('refreshes with an empty body, one tab at a time, and restores at start only when a cookie may exist', async () => {
    const routes: Record<string, Route> = {
      'POST /auth/token/refresh/': () => ({ status: 200, data: { access: 'a2' } }),
      'GET /auth/me/': () => ({ status: 200, data: officer }),
    };
    const { client, calls, exclusive } = cookieSetup(routes);
    expect(await client.restore()).toEqual({ user: officer, access: 'a2', persistence: 'cookie' });
    expect(calls[0]).toMatchObject({ path: '/auth/token/refresh/', body: {}, options: { refreshAsCookie: true } });
    expect(exclusive).toEqual(['refresh']);

    const none = cookieSetup(routes, false);
    expect(await none.client.restore()).toBeNull();
    expect(none.calls).toEqual([]);
  });

  it('a 403 on the cookie refresh (XSRF refused) ends the session like a 401', async () => {
    const { client, ended } = cookieSetup({
      'POST /auth/token/refresh/': () => ({ status: 403, data: { detail: 'CSRF check failed', code: 'permission_denied' } }),
    });
    expect(await rejection(client.refresh())).toMatchObject({ code: 'session_expired', status: 401 });
    expect(ended).toEqual([{ reason: 'expired' }]);
  });

  it('logs out with an empty body (the server ends the cookie’s session and clears it)', async () => {
    const { client, calls, held, ended } = cookieSetup({
      'POST /auth/admin/login/': () => ({ status: 200, data: { access: 'a1', user: officer } }),
      'POST /auth/logout/': () => ({ status: 204, data: undefined }),
    });
    await client.login({ username: 'officer', password: 'secret' });
    await client.logout();
    expect(calls.at(-1)).toMatchObject({ path: '/auth/logout/', body: {}, options: { accessToken: 'a1' } });
    expect(held.access).toBeNull();
    expect(ended).toEqual([{ reason: 'logged_out' }]);
  });

  it('body mode refuses an answer without the refresh token (the desktop must get it)', async () => {
    const { client, tokens } = setup({
      'POST /auth/admin/login/': () => ({ status: 200, data: { access: 'a1', user: officer } }),
    });
    expect(await rejection(client.login({ username: 'officer', password: 'secret' }))).toMatchObject({ code: 'server_error' });
    expect(tokens).toEqual({ access: null, refresh: null });
  });
});

describe('session client: cookie mode after a logout in another tab', () => {
  it('ends the session without a call when the cookies are gone', async () => {
    const calls: string[] = [];
    const ended: IpcEventPayload<'session:ended'>[] = [];
    const client = createSessionClient({
      async request(_method, path) {
        calls.push(path);
        return { status: 400, data: { refresh: ['This field is required'] } };
      },
      refreshCookie: { mayExist: () => false, keepAccess: () => {} },
      onSessionEnded: (payload) => ended.push(payload),
      persistence: 'cookie',
    });
    expect(await rejection(client.refresh())).toMatchObject({ code: 'session_expired' });
    expect(calls).toEqual([]);
    expect(ended).toEqual([{ reason: 'expired' }]);
  });
});
