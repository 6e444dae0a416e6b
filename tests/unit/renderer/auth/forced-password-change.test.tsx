import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { signInErrorMessage } from '../../../../src/renderer/features/auth/sign-in-error';
import { createI18n } from '../../../../src/renderer/lib/i18n';
import { appStore, currentUserAtom, sessionAtom, sessionStatusAtom } from '../../../../src/renderer/lib/session';
import { BridgeError } from '../../../../src/shared/bridge';
import { json, stubApi } from '../api-stub';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

// A user with a temporary password sees only the forced change until it is done.

afterEach(signOutAfterTest);

const officer = (overrides = {}) =>
  makeUser({ username: 'new.officer', groups: ['NARIC Officers'], permissions: ['auth.view_user'], ...overrides });

function fill(form: HTMLElement, label: string, value: string) {
  fireEvent.change(within(form).getByLabelText(label, { selector: 'input' }), { target: { value } });
}

describe('the forced password change', () => {
  it('shows only the change screen, whatever the address, then opens the app once the password is changed', async () => {
    const calls = stubApi({
      'GET /api/auth/me/': json(200, officer({ password_change_required: false })),
      'GET /api/auth/2fa/status/': json(200, { enabled: false, method: null, backup_codes_remaining: 0, required_by_policy: false }),
    });
    const changes: unknown[] = [];
    openSignedIn(officer({ password_change_required: true }), '/profile', {
      auth: {
        changePassword: async (change) => {
          changes.push(change);
          return { access: 'access-after-change' };
        },
      },
    });

    const heading = await screen.findByRole('heading', { level: 1, name: 'Choose your own password' });
    expect(heading).toBeTruthy();
    // Nothing of the app around it: no navigation, no profile.
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Personal details' })).toBeNull();
    expect(screen.getByText(/gave the account new\.officer a temporary password/)).toBeTruthy();

    const form = screen.getByRole('main');
    fill(form, 'Temporary password', 'Temporary-Pass-2026');
    fill(form, 'New password', 'My-Own-Password-2026');
    fill(form, 'Repeat the new password', 'My-Own-Password-2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Save the new password' }));

    expect(await screen.findByRole('region', { name: 'Personal details' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose your own password' })).toBeNull();
    expect(changes).toEqual([{ current_password: 'Temporary-Pass-2026', new_password: 'My-Own-Password-2026' }]);
    expect(appStore.get(sessionAtom)?.access).toBe('access-after-change');
    expect(appStore.get(currentUserAtom)?.password_change_required).toBe(false);
    // The user was reloaded with the new access token.
    expect(calls.find((call) => call.path === '/api/auth/me/')?.authorization).toBe('Bearer access-after-change');
  });

  it("shows the server's refusal on the form and stays on the screen", async () => {
    stubApi({});
    openSignedIn(officer({ password_change_required: true }), '/', {
      auth: {
        changePassword: async () => {
          throw new BridgeError({ code: 'validation_error', message: 'Validation error', status: 400, body: { current_password: ['The current password is not correct.'] } });
        },
      },
    });
    const form = await screen.findByRole('main');
    await screen.findByRole('heading', { name: 'Choose your own password' });
    fill(form, 'Temporary password', 'wrong');
    fill(form, 'New password', 'My-Own-Password-2026');
    fill(form, 'Repeat the new password', 'My-Own-Password-2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Save the new password' }));
    expect(await within(form).findByText('The current password is not correct.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choose your own password' })).toBeTruthy();
    expect(appStore.get(currentUserAtom)?.password_change_required).toBe(true);
  });

  it('refuses a short or mismatched new password before asking the server', async () => {
    const changes: unknown[] = [];
    openSignedIn(officer({ password_change_required: true }), '/', {
      auth: {
        changePassword: async (change) => {
          changes.push(change);
          return { access: 'x' };
        },
      },
    });
    const form = await screen.findByRole('main');
    await screen.findByRole('heading', { name: 'Choose your own password' });
    fill(form, 'Temporary password', 'Temporary-Pass-2026');
    fill(form, 'New password', 'short');
    fill(form, 'Repeat the new password', 'different');
    fireEvent.click(within(form).getByRole('button', { name: 'Save the new password' }));
    expect(await within(form).findByText('The password must have at least 12 characters.')).toBeTruthy();
    expect(within(form).getByText('The passwords do not match.')).toBeTruthy();
    expect(changes).toEqual([]);
  });

  it('signing out from the screen ends the session', async () => {
    let loggedOut = false;
    openSignedIn(officer({ password_change_required: true }), '/', {
      auth: {
        logout: async () => {
          loggedOut = true;
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(appStore.get(sessionStatusAtom)).toBe('signed_out'));
    expect(loggedOut).toBe(true);
  });

  it('a user without the flag never meets the screen', async () => {
    stubApi({ 'GET /api/auth/2fa/status/': json(200, { enabled: false, method: null, backup_codes_remaining: 0, required_by_policy: false }) });
    openSignedIn(officer(), '/profile');
    expect(await screen.findByRole('region', { name: 'Personal details' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Choose your own password' })).toBeNull();
  });
});

describe('an expired temporary password at sign-in', () => {
  it("is said in the reader's language, not in the server's English", async () => {
    const expired = new BridgeError({
      code: 'temporary_password_expired',
      message: 'Your temporary password has expired. Ask an administrator for a new one.',
      status: 401,
      body: { code: 'temporary_password_expired', message: 'Your temporary password has expired. Ask an administrator for a new one.' },
    });
    for (const [language, expected] of [
      ['en', 'Your temporary password has expired. Ask an administrator for a new one.'],
      ['sq', 'Fjalëkalimi juaj i përkohshëm ka skaduar. Kërkojini një administratori një të ri.'],
      ['sr', 'Vaša privremena lozinka je istekla. Zatražite novu od administratora.'],
    ] as const) {
      const i18n = createI18n(language);
      await i18n.loadNamespaces(['errors', 'auth']);
      expect(signInErrorMessage(expired, i18n.t)).toBe(expected);
    }
  });
});
