import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { appRouteObjects } from '../../../src/renderer/app/router';
import { beginSession, endSession, followSessionEvents, sessionAtom, sessionStatusAtom } from '../../../src/renderer/lib/session';
import type { IpcEventPayload } from '../../../src/shared/ipc/contract';
import type { NaricBridge } from '../../../src/shared/bridge';
import { failure } from '../../../src/shared/transport-failure';
import { fakeBridge, makeSession, USER_KINDS } from './fixtures';
import { json, stubApi } from './api-stub';
import { renderRoutes } from './render';

function signedOutStore() {
  const store = createStore();
  store.set(sessionStatusAtom, 'signed_out');
  return store;
}

const noDemo = { 'GET /api/demo/accounts/': json(200, { demo: false, accounts: [] }) };

function installBridge(bridge: NaricBridge) {
  window.naric = bridge;
}

async function fillAndSubmit(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Username or e-mail'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  delete window.naric;
  vi.unstubAllGlobals();
});

describe('sign-in screen: the error shown (spec §8)', () => {
  it.each([
    ['the server message', { code: 'invalid_credentials' as const, status: 401, body: { message: 'Wrong username or password', detail: 'ignored' } }, 'Wrong username or password'],
    ['the detail when there is no message', { code: 'invalid_credentials' as const, status: 401, body: { detail: 'No active account found' } }, 'No active account found'],
    ['the server message of a 429', { code: 'throttled' as const, status: 429, body: { message: 'Too many sign-in attempts. Try again in 15 minutes.' } }, 'Too many sign-in attempts. Try again in 15 minutes.'],
    ["'Login failed' when the answer says nothing", { code: 'server_error' as const, status: 500, body: {} }, 'Login failed'],
    ["'Login failed' when there is no answer", { code: 'network_error' as const }, 'Login failed'],
  ])('shows %s', async (_case, error, expected) => {
    stubApi(noDemo);
    const login = vi.fn(() => Promise.reject(failure(error.code, 'status' in error ? { status: error.status, body: error.body } : {})));
    installBridge(fakeBridge({ auth: { login } }));
    renderRoutes(appRouteObjects(), { path: '/login', store: signedOutStore() });

    await fillAndSubmit('  ana.krasniqi  ', 'correct horse');

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', expected);
    expect(login).toHaveBeenCalledWith({ username: 'ana.krasniqi', password: 'correct horse' });
  });

  it("says 'Session expired' when the last session ended in a failed refresh", async () => {
    stubApi(noDemo);
    installBridge(fakeBridge());
    const store = createStore();
    endSession(store, 'expired');
    renderRoutes(appRouteObjects(), { path: '/login', store });
    expect(await screen.findByText('Session expired')).toBeTruthy();
  });

  it('says the session has ended when the server ended it for its idle timeout or lifetime, in the chosen language', async () => {
    stubApi(noDemo);
    installBridge(fakeBridge());
    const store = createStore();
    endSession(store, 'timed_out');
    // The API client hears of the same refused refresh afterwards: the precise reason stays.
    endSession(store, 'expired');
    renderRoutes(appRouteObjects(), { path: '/login', store });
    expect(await screen.findByText('Your session has ended')).toBeTruthy();
    expect(screen.getByText(/Sign in again to continue\./)).toBeTruthy();
    expect(screen.queryByText('Session expired')).toBeNull();
  });
});

describe('sign-in flows', () => {
  it('signs in and follows the redirect parameter', async () => {
    stubApi({ ...noDemo, 'GET /api/health/': json(503, {}) });
    const session = makeSession(USER_KINDS.officer);
    installBridge(fakeBridge({ auth: { login: async () => ({ kind: 'signed_in', session }) }, app: { info: async () => ({ version: '0.1.0', shell: 'web', os: 'Linux', apiBaseUrl: '/api', embeddedServer: false, sessionPersistence: 'memory' }) } }));
    const { router, store } = renderRoutes(appRouteObjects(), { path: `/login?redirect=${encodeURIComponent('/payments/4?tab=receipt')}`, store: signedOutStore() });

    await fillAndSubmit('officer', 'a long password');

    await waitFor(() => expect(router.state.location.pathname).toBe('/payments/4'));
    expect(router.state.location.search).toBe('?tab=receipt');
    expect(store.get(sessionAtom)?.user.username).toBe('officer');
  });

  it('a guest opening an admin page signs in first; a non-admin then sees the access-denied message', async () => {
    stubApi({ ...noDemo, 'GET /api/health/': json(503, {}) });
    installBridge(
      fakeBridge({
        auth: { login: async () => ({ kind: 'signed_in', session: makeSession(USER_KINDS.officer) }) },
        app: { info: async () => ({ version: '0.1.0', shell: 'web', os: 'Linux', apiBaseUrl: '/api', embeddedServer: false, sessionPersistence: 'memory' }) },
      }),
    );
    const { router } = renderRoutes(appRouteObjects(), { path: '/users', store: signedOutStore() });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=%2Fusers');

    await fillAndSubmit('officer', 'a long password');

    await waitFor(() => expect(router.state.location.search).toBe('?error=access_denied'));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText("You don't have permission to access that page. Administrator privileges are required.")).toBeTruthy();
  });

  it('two-factor: shows the server error field, else the fallback; sends an e-mail code; uses a backup code', async () => {
    const calls = stubApi({ ...noDemo, 'POST /api/auth/2fa/send-otp/': json(200, { message: 'sent' }) });
    const verifyTwoFactor = vi
      .fn<NaricBridge['auth']['verifyTwoFactor']>()
      .mockRejectedValueOnce(failure('two_factor_invalid', { status: 400, body: { error: 'Invalid or expired code' } }))
      .mockRejectedValueOnce(failure('server_error', { status: 500, body: {} }))
      .mockResolvedValueOnce(makeSession(USER_KINDS.naricAdmin));
    installBridge(
      fakeBridge({
        auth: { login: async () => ({ kind: 'two_factor_required', method: 'email', username: 'admin', challenge: 'c-1' }), verifyTwoFactor },
      }),
    );
    const { store } = renderRoutes(appRouteObjects(), { path: '/login', store: signedOutStore() });
    await fillAndSubmit('admin', 'a long password');

    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('A new code was sent to your e-mail address.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/2fa/send-otp/')?.body).toBe(JSON.stringify({ username: 'admin', challenge: 'c-1' }));

    fireEvent.change(screen.getByLabelText('E-mail code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired code');

    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to verify 2FA'));

    fireEvent.click(screen.getByRole('switch', { name: 'Use a backup code' }));
    fireEvent.change(screen.getByLabelText('Backup code'), { target: { value: 'abcd-efgh' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.get(sessionAtom)?.user.username).toBe('admin'));
    expect(verifyTwoFactor).toHaveBeenLastCalledWith({ username: 'admin', code: 'abcd-efgh', is_backup_code: true, challenge: 'c-1' });
  });

  it("send code failure shows the server error field, else 'Failed to send OTP'", async () => {
    stubApi({ ...noDemo, 'POST /api/auth/2fa/send-otp/': json(500, {}) });
    installBridge(fakeBridge({ auth: { login: async () => ({ kind: 'two_factor_required', method: 'email', username: 'admin', challenge: 'c-1' }) } }));
    renderRoutes(appRouteObjects(), { path: '/login', store: signedOutStore() });
    await fillAndSubmit('admin', 'a long password');
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send OTP');
  });

  it('two-factor setup: QR code and key, confirm, backup codes shown once, then signed in', async () => {
    stubApi(noDemo);
    const setupTwoFactor = vi
      .fn<NaricBridge['auth']['setupTwoFactor']>()
      .mockRejectedValueOnce(failure('server_error', { status: 500, body: {} }))
      .mockResolvedValueOnce({
        method: 'totp',
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_uri: 'otpauth://totp/NARIC:admin?secret=JBSWY3DPEHPK3PXP&issuer=NARIC',
        message: 'Scan the code',
      });
    const confirmTwoFactor = vi
      .fn<NaricBridge['auth']['confirmTwoFactor']>()
      .mockRejectedValueOnce(failure('two_factor_invalid', { status: 400, body: {} }))
      .mockResolvedValueOnce({ session: makeSession(USER_KINDS.naricAdmin), backup_codes: ['1111-2222', '3333-4444'] });
    installBridge(
      fakeBridge({
        auth: { login: async () => ({ kind: 'two_factor_setup_required', challenge: 'c-2' }), setupTwoFactor, confirmTwoFactor },
      }),
    );
    const { store } = renderRoutes(appRouteObjects(), { path: '/login', store: signedOutStore() });
    await fillAndSubmit('admin', 'a long password');

    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to setup 2FA');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    expect(setupTwoFactor).toHaveBeenLastCalledWith({ method: 'totp', challenge: 'c-2' });

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to confirm 2FA setup');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    const codes = await screen.findByRole('list', { name: 'Backup codes' });
    expect(within(codes).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1111-2222', '3333-4444']);
    // Not signed in until the codes are acknowledged: the screen would be left behind.
    expect(store.get(sessionAtom)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(store.get(sessionAtom)?.user.username).toBe('admin'));
    expect(confirmTwoFactor).toHaveBeenLastCalledWith({ code: '654321', challenge: 'c-2' });
  });

  it('a refresh that finds a two-factor set-up owed ends the session and opens the set-up with its challenge', async () => {
    stubApi(noDemo);
    let ended: ((payload: IpcEventPayload<'session:ended'>) => void) | null = null;
    const setupTwoFactor = vi.fn<NaricBridge['auth']['setupTwoFactor']>().mockResolvedValue({
      method: 'totp',
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_uri: 'otpauth://totp/NARIC:officer?secret=JBSWY3DPEHPK3PXP&issuer=NARIC',
      message: 'Scan the code',
    });
    const bridge = fakeBridge({
      auth: { setupTwoFactor },
      on: ((event: string, listener: (payload: IpcEventPayload<'session:ended'>) => void) => {
        if (event === 'session:ended') ended = listener;
        return () => {};
      }) as NaricBridge['on'],
    });
    installBridge(bridge);
    const store = createStore();
    beginSession(store, makeSession(USER_KINDS.officer));
    followSessionEvents(store, bridge);
    const { router } = renderRoutes(appRouteObjects(), { path: '/profile', store });

    ended!({ reason: 'two_factor_setup_required', challenge: 'c-refresh' });
    expect(await screen.findByRole('heading', { name: 'Set up two-factor authentication' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/profile')}`);
    expect(store.get(sessionAtom)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(setupTwoFactor).toHaveBeenLastCalledWith({ method: 'totp', challenge: 'c-refresh' }));
  });

  it('lists the demo accounts in demo mode and fills the form with one', async () => {
    stubApi({
      'GET /api/demo/accounts/': json(200, {
        demo: true,
        accounts: [{ group: 'NARIC Officers', username: 'demo.officer', password: 'demo-officer-pass' }],
      }),
    });
    installBridge(fakeBridge());
    renderRoutes(appRouteObjects(), { path: '/login', store: signedOutStore() });
    fireEvent.click(await screen.findByRole('button', { name: 'Fill in the account demo.officer' }));
    expect((screen.getByLabelText('Username or e-mail') as HTMLInputElement).value).toBe('demo.officer');
    expect((screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement).value).toBe('demo-officer-pass');
  });
});
