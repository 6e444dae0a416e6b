import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { appRouteObjects } from '../../../src/renderer/app/router';
import { toastQueue } from '../../../src/renderer/components/toast';
import { appStore, beginSession, currentUserAtom, sessionAtom, sessionEndReasonAtom, sessionStatusAtom } from '../../../src/renderer/lib/session';
import { BridgeError, type NaricBridge } from '../../../src/shared/bridge';
import { fakeBridge, makeSession, makeUser } from './fixtures';
import { json, stubApi } from './api-stub';
import { renderRoutes } from './render';
import { vi } from 'vitest';

const webInfo = { version: '0.1.0', shell: 'web' as const, os: 'Linux', apiBaseUrl: '/api', embeddedServer: false, sessionPersistence: 'memory' as const };
const status = (overrides: Record<string, unknown> = {}) =>
  json(200, { enabled: false, method: null, backup_codes_remaining: 0, required_by_policy: false, ...overrides });

function openProfile(user = makeUser(), auth: Partial<NaricBridge['auth']> = {}) {
  window.naric = fakeBridge({ app: { info: async () => webInfo }, auth: { logout: async () => {}, ...auth } });
  beginSession(appStore, makeSession(user, 'profile-access'));
  return renderRoutes(appRouteObjects(), { path: '/profile', store: appStore });
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  delete window.naric;
  vi.unstubAllGlobals();
  appStore.set(sessionAtom, null);
  appStore.set(sessionStatusAtom, 'unknown');
  appStore.set(sessionEndReasonAtom, null);
  toastQueue.visibleToasts.forEach((toast) => toastQueue.close(toast.key));
});

describe('profile', () => {
  it('shows the personal details of the signed-in user', async () => {
    stubApi({ 'GET /api/auth/2fa/status/': status() });
    openProfile(makeUser({ full_name: 'Ana Krasniqi', phone: '+383 44 123 456', groups: ['NARIC Officers'], gender: 'female' }));
    const details = await screen.findByRole('region', { name: 'Personal details' });
    expect(within(details).getByText('Ana Krasniqi')).toBeTruthy();
    expect(within(details).getByText('+383 44 123 456')).toBeTruthy();
    expect(within(details).getByText('Female')).toBeTruthy();
    expect(within(details).getAllByText('Not provided').length).toBeGreaterThan(0);
  });

  it("shows the server's error field, else 'Failed to get 2FA status'", async () => {
    stubApi({ 'GET /api/auth/2fa/status/': [json(500, {}), json(503, { error: 'Two-factor service is down' })] });
    openProfile();
    expect(await screen.findByText('Failed to get 2FA status')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Two-factor service is down')).toBeTruthy();
  });

  it('enables two-factor sign-in by e-mail code, shows the backup codes once and reloads the user', async () => {
    const calls = stubApi({
      'GET /api/auth/2fa/status/': [status(), status({ enabled: true, method: 'email', backup_codes_remaining: 2 })],
      'POST /api/auth/2fa/setup/': json(200, { method: 'email', message: 'Code sent' }),
      'POST /api/auth/2fa/confirm/': [json(400, { error: 'Invalid code' }), json(200, { message: 'Enabled', backup_codes: ['aaaa-1111', 'bbbb-2222'] })],
      'GET /api/auth/me/': json(200, makeUser({ two_factor_enabled: true, two_factor_method: 'email' })),
    });
    openProfile();

    fireEvent.click(await screen.findByRole('button', { name: 'Enable two-factor authentication' }));
    // The enrolment is a lazy chunk: wait for it.
    fireEvent.click(await screen.findByRole('radio', { name: /Code by e-mail/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.change(await screen.findByLabelText('Code from the e-mail'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid code');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('aaaa-1111')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));

    expect(await screen.findByText('Two-factor authentication is on, using codes sent by e-mail.')).toBeTruthy();
    expect(screen.queryByText('aaaa-1111')).toBeNull();
    await waitFor(() => expect(appStore.get(currentUserAtom)?.two_factor_enabled).toBe(true));
    expect(calls.find((c) => c.path === '/api/auth/2fa/setup/')).toMatchObject({ body: JSON.stringify({ method: 'email' }), authorization: 'Bearer profile-access' });
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toContain('Updated successfully');
  });

  it("disabling asks for the password and shows the server's error, else 'Failed to disable 2FA'", async () => {
    const calls = stubApi({
      'GET /api/auth/2fa/status/': [status({ enabled: true, method: 'totp', backup_codes_remaining: 8 }), status()],
      'POST /api/auth/2fa/disable/': [json(400, { error: 'Wrong password' }), json(500, {}), json(200, { message: 'Disabled' })],
      'GET /api/auth/me/': json(200, makeUser()),
    });
    openProfile(makeUser({ two_factor_enabled: true, two_factor_method: 'totp' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Disable two-factor authentication' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Current password', { selector: 'input' }), { target: { value: 'my password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await within(dialog).findByText('Wrong password')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable two-factor authentication' }));
    expect(await within(dialog).findByText('Failed to disable 2FA')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable two-factor authentication' }));

    expect(await screen.findByText('Two-factor authentication is off.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/2fa/disable/').map((c) => c.body)).toEqual(Array(3).fill(JSON.stringify({ password: 'my password' })));
  });

  it("regenerating backup codes shows the new ones once; failures say 'Failed to regenerate backup codes'", async () => {
    stubApi({
      'GET /api/auth/2fa/status/': status({ enabled: true, method: 'totp', backup_codes_remaining: 1 }),
      'POST /api/auth/2fa/backup-codes/': [json(500, {}), json(200, { backup_codes: ['cccc-3333', 'dddd-4444'] })],
    });
    openProfile(makeUser({ two_factor_enabled: true, two_factor_method: 'totp' }));

    fireEvent.click(await screen.findByRole('button', { name: 'Generate new backup codes' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Current password', { selector: 'input' }), { target: { value: 'my password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate new backup codes' }));
    expect(await within(dialog).findByText('Failed to regenerate backup codes')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate new backup codes' }));

    expect(await screen.findByText('cccc-3333')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(screen.queryByText('cccc-3333')).toBeNull());
  });

  it('changing the password goes through the bridge, maps the server field errors onto the fields, and keeps the session', async () => {
    stubApi({ 'GET /api/auth/2fa/status/': status() });
    const changes: unknown[] = [];
    const refused = new BridgeError({
      code: 'validation_error',
      message: 'Validation error',
      status: 400,
      body: { new_password: ['This password is too common.'] },
    });
    const answers = [() => Promise.reject(refused), () => Promise.resolve({ access: 'access-after-change' })];
    const { router } = openProfile(makeUser(), {
      changePassword: (change) => {
        changes.push(change);
        return answers[changes.length - 1]();
      },
    });
    const form = await screen.findByRole('region', { name: 'Change password' });
    const fill = (label: string, value: string) => fireEvent.change(within(form).getByLabelText(label, { selector: 'input' }), { target: { value } });
    fill('Current password', 'old password 1');
    fill('New password', 'password1234');
    fill('Repeat the new password', 'password1234');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('This password is too common.')).toBeTruthy();
    expect(within(form).getByRole('alert').textContent).toContain('Validation error');
    expect(appStore.get(sessionAtom)?.access).toBe('profile-access');

    fill('New password', 'a much better passphrase');
    fill('Repeat the new password', 'a much better passphrase');
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));

    expect(await within(form).findByText('Your password was changed. You stay signed in here; every other session of your account was ended.')).toBeTruthy();
    expect(toastQueue.visibleToasts.map((t) => t.content.title)).toContain('Updated successfully');
    expect(changes).toEqual([
      { current_password: 'old password 1', new_password: 'password1234' },
      { current_password: 'old password 1', new_password: 'a much better passphrase' },
    ]);
    // The bridge kept the new refresh token; the page carries on with the new access token.
    expect(appStore.get(sessionAtom)?.access).toBe('access-after-change');
    expect(appStore.get(sessionStatusAtom)).toBe('signed_in');
    expect(router.state.location.pathname).toBe('/profile');
    expect((within(form).getByLabelText('Current password', { selector: 'input' }) as HTMLInputElement).value).toBe('');
  });

  it('does not offer a password change to a directory (LDAP) account', async () => {
    stubApi({ 'GET /api/auth/2fa/status/': status() });
    openProfile(makeUser({ auth_source: 'ldap' }));
    expect(await screen.findByText(/managed by the organisation's directory/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
  });
});
