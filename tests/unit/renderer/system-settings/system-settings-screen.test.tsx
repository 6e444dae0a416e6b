import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsAnswer } from '../../../../src/shared/api/settings';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { DEMO_USERS } from '../demo-users';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const MB = 1024 * 1024;

function settings(overrides: Partial<{ [G in keyof SettingsAnswer]: Partial<SettingsAnswer[G]> }> = {}): SettingsAnswer {
  const base: SettingsAnswer = {
    security: {
      version: 0,
      updated_at: null,
      updated_by: null,
      values: {
        two_factor_required_for_staff: false,
        access_token_lifetime_seconds: 300,
        refresh_token_lifetime_days: 14,
        session_idle_timeout_minutes: 720,
        session_absolute_lifetime_hours: 168,
        login_free_attempts: 3,
        login_window_minutes: 60,
      },
    },
    uploads: { version: 2, updated_at: '2026-11-20T09:15:00Z', updated_by: 'admin', values: { max_upload_bytes: 100 * MB }, ceiling_bytes: 250 * MB },
    general: { version: 0, updated_at: null, updated_by: null, values: { default_language: 'en', organisation_name: 'NARIC — Qendra' } },
    verification: { version: 0, updated_at: null, updated_by: null, values: { public_verify_url: 'https://verify.naric.example/verify' } },
    smtp: { version: 1, updated_at: '2026-11-20T09:15:00Z', updated_by: 'admin', values: { host: 'mail.naric.example', port: 587, tls: 'starttls', from: 'NARIC <no-reply@naric.example>', user: 'naric', password_set: true } },
    holidays: { version: 0, updated_at: null, updated_by: null, values: { closed_days: [{ date: '2026-12-24', reason: 'Office move' }] } },
    backups: { version: 0, updated_at: null, updated_by: null, values: { folder: '', keep: 14, schedule: 'daily' }, default_folder: '/home/officer/.config/naric/server/backups' },
    retention: { version: 0, updated_at: null, updated_by: null, values: { personal_data_years: 5, service_years: [] } },
  };
  return Object.fromEntries(Object.entries(base).map(([group, state]) => [group, { ...state, ...(overrides as Record<string, object>)[group] }])) as SettingsAnswer;
}

const section = (name: string) => screen.getByRole('region', { name });
const lastBody = (calls: StubbedCall[], path: string) => JSON.parse(calls.filter((call) => call.method === 'PUT' && call.path === path).at(-1)!.body) as Record<string, unknown>;

async function open(user = DEMO_USERS.admin!, answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ 'GET /api/settings/': json(200, settings()), ...answers });
  openSignedIn(user, '/settings');
  await screen.findByRole('heading', { level: 1, name: 'System settings' }, FIRST_RENDER);
  await screen.findByRole('region', { name: 'Security' }, FIRST_RENDER);
  return calls;
}

describe('system settings', { timeout: 60_000 }, () => {
  it('shows every group with who saved it, and says which fields are only stored', async () => {
    await open();
    for (const name of ['Security', 'Uploads', 'Public verification', 'Office closed days', 'General', 'E-mail server']) expect(section(name)).toBeTruthy();
    expect(within(section('Uploads')).getByText(/Last saved by admin on/)).toBeTruthy();
    expect(within(section('Security')).getByText('Never changed here: these are the server’s configured values.')).toBeTruthy();
    expect(within(section('Uploads')).getByText('Takes effect at once, without a restart.')).toBeTruthy();
    // The mail server is obeyed by the outbox at its next run: every field says so, no section-wide warning.
    const smtp = section('E-mail server');
    expect(within(smtp).queryByText(/Stored only/)).toBeNull();
    expect(within(smtp).getByText('Takes effect at once, without a restart.')).toBeTruthy();
    // The organisation's name is on the letterhead, the default language the sign-in's and new accounts': nothing is only stored.
    expect(screen.queryByText('Only stored: this version of the server does not use it yet.')).toBeNull();
    expect(within(section('General')).getAllByText('Takes effect at once, without a restart.')).toHaveLength(2);
    expect(within(smtp).getByText('A password is stored. Leave the field empty to keep it.')).toBeTruthy();
    expect(within(section('Office closed days')).getByText('Office move')).toBeTruthy();
  });

  it('saves the upload limit in bytes with the version it read, and shows the saved answer', async () => {
    const saved = settings({ uploads: { version: 3, values: { max_upload_bytes: 50 * MB }, updated_by: 'admin', updated_at: '2026-11-24T10:00:00Z' } });
    const calls = await open(DEMO_USERS.admin!, { 'PUT /api/settings/uploads/': json(200, saved) });
    const uploads = section('Uploads');
    const field = within(uploads).getByRole('textbox', { name: 'Largest upload (MB)' });
    expect((field as HTMLInputElement).value).toBe('100');
    fireEvent.change(field, { target: { value: '50' } });
    fireEvent.click(within(uploads).getByRole('button', { name: 'Save Uploads' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastBody(calls, '/api/settings/uploads/')).toEqual({ version: 2, values: { max_upload_bytes: 50 * MB } });
    await waitFor(() => expect((within(section('Uploads')).getByRole('textbox', { name: 'Largest upload (MB)' }) as HTMLInputElement).value).toBe('50'));
  });

  it('refuses a limit above the server’s ceiling before sending', async () => {
    const calls = await open();
    const uploads = section('Uploads');
    fireEvent.change(within(uploads).getByRole('textbox', { name: 'Largest upload (MB)' }), { target: { value: '300' } });
    fireEvent.click(within(uploads).getByRole('button', { name: 'Save Uploads' }));
    expect(await within(uploads).findByText('Enter a whole number from 1 to 250.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('saves the session idle timeout and absolute lifetime with the other security values', async () => {
    const calls = await open(DEMO_USERS.admin!, { 'PUT /api/settings/security/': json(200, settings()) });
    const security = section('Security');
    const idle = within(security).getByRole('textbox', { name: 'Sign out after inactivity (minutes)' }) as HTMLInputElement;
    const lifetime = within(security).getByRole('textbox', { name: 'Longest sign-in session (hours)' }) as HTMLInputElement;
    expect([idle.value, lifetime.value]).toEqual(['720', '168']);
    expect(within(security).getByText(/Counted from the sign-in; using the session does not extend it\. From 1 to 2160\./)).toBeTruthy();
    fireEvent.change(idle, { target: { value: '30' } });
    fireEvent.change(lifetime, { target: { value: '10' } });
    fireEvent.click(within(security).getByRole('button', { name: 'Save Security' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastBody(calls, '/api/settings/security/')).toEqual({
      version: 0,
      values: {
        two_factor_required_for_staff: false,
        access_token_lifetime_seconds: 300,
        refresh_token_lifetime_days: 14,
        session_idle_timeout_minutes: 30,
        session_absolute_lifetime_hours: 10,
        login_free_attempts: 3,
        login_window_minutes: 60,
      },
    });
  });

  it('refuses an idle timeout longer than the session lifetime before sending, keeping what was typed', async () => {
    const calls = await open();
    const security = section('Security');
    const idle = within(security).getByRole('textbox', { name: 'Sign out after inactivity (minutes)' }) as HTMLInputElement;
    fireEvent.change(idle, { target: { value: '600' } });
    fireEvent.change(within(security).getByRole('textbox', { name: 'Longest sign-in session (hours)' }), { target: { value: '8' } });
    fireEvent.click(within(security).getByRole('button', { name: 'Save Security' }));
    expect(await within(security).findByText('Sign-out after inactivity cannot be longer than the longest sign-in session.')).toBeTruthy();
    expect(idle.value).toBe('600');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server’s field errors by their fields', async () => {
    await open(DEMO_USERS.admin!, { 'PUT /api/settings/verification/': json(400, { 'values.public_verify_url': ['Enter an http:// or https:// address.'], field_codes: { 'values.public_verify_url': [{ code: 'invalid_url', params: {} }] } }) });
    const verification = section('Public verification');
    fireEvent.change(within(verification).getByRole('textbox', { name: 'Public verification address' }), { target: { value: 'https://user@verify.example' } });
    fireEvent.click(within(verification).getByRole('button', { name: 'Save Public verification' }));
    expect(await within(verification).findByText('Enter an http:// or https:// address.', { selector: '.field__error' })).toBeTruthy();
  });

  it('after a 412 offers to reload, and reloading shows the newer values', async () => {
    const newer = settings({ general: { version: 1, values: { default_language: 'sq', organisation_name: 'NARIC Kosovo' }, updated_by: 'naric.admin', updated_at: '2026-11-24T10:00:00Z' } });
    const calls = await open(DEMO_USERS.admin!, {
      'GET /api/settings/': [json(200, settings()), json(200, newer)],
      'PUT /api/settings/general/': json(412, { detail: 'These settings were changed by someone else. Reload and try again.', code: 'settings_stale' }),
    });
    const general = section('General');
    fireEvent.change(within(general).getByRole('textbox', { name: 'Organisation name on the letterhead' }), { target: { value: 'Mine' } });
    fireEvent.click(within(general).getByRole('button', { name: 'Save General' }));
    expect(await within(general).findByText('These settings were changed by someone else. Reload and try again.')).toBeTruthy();
    fireEvent.click(within(general).getByRole('button', { name: 'Reload the settings' }));
    await waitFor(() => expect((within(section('General')).getByRole('textbox', { name: 'Organisation name on the letterhead' }) as HTMLInputElement).value).toBe('NARIC Kosovo'));
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/settings/').length).toBe(2);
  });

  it('never sends the stored password back; a typed one replaces it', async () => {
    const calls = await open(DEMO_USERS.admin!, { 'PUT /api/settings/smtp/': json(200, settings()) });
    const smtp = section('E-mail server');
    expect((within(smtp).getByLabelText('Password') as HTMLInputElement).value).toBe('');
    fireEvent.click(within(smtp).getByRole('button', { name: 'Save E-mail server' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(lastBody(calls, '/api/settings/smtp/')).toEqual({ version: 1, values: { host: 'mail.naric.example', port: 587, tls: 'starttls', from: 'NARIC <no-reply@naric.example>', user: 'naric' } });
    fireEvent.change(within(smtp).getByLabelText('Password'), { target: { value: 'new secret' } });
    fireEvent.click(within(smtp).getByRole('button', { name: 'Save E-mail server' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').length).toBe(2));
    expect(lastBody(calls, '/api/settings/smtp/')).toMatchObject({ values: { password: 'new secret' } });
  });

  it('adds a closed day only when the group’s schema takes it, and checks the mail server’s port before sending', async () => {
    const calls = await open(DEMO_USERS.admin!, { 'PUT /api/settings/holidays/': json(200, settings()) });
    const days = section('Office closed days');
    // A day is picked on the date field by stepping each segment once from its placeholder; the
    // same steps after an add give the same day again.
    const stepDay = () => {
      for (const segment of within(days).getAllByRole('spinbutton')) fireEvent.keyDown(segment, { key: 'ArrowUp' });
      const value = (type: string) => String(within(days).getAllByRole('spinbutton').find((segment) => segment.dataset.type === type)!.getAttribute('aria-valuenow')).padStart(2, '0');
      return `${value('year')}-${value('month')}-${value('day')}`;
    };
    fireEvent.click(within(days).getByRole('button', { name: 'Add day' }));
    expect((await within(days).findAllByText('This field is required')).length).toBe(2);
    // Both are marked required before anything is added.
    expect(days.querySelectorAll('.field__label[data-required]')).toHaveLength(2);
    const picked = stepDay();
    fireEvent.change(within(days).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Strike' } });
    fireEvent.click(within(days).getByRole('button', { name: 'Add day' }));
    await waitFor(() => expect(within(days).getByText('Strike')).toBeTruthy());
    expect(within(days).getAllByRole('spinbutton').every((segment) => segment.getAttribute('aria-valuenow') === null)).toBe(true);
    expect(stepDay()).toBe(picked);
    fireEvent.change(within(days).getByRole('textbox', { name: /^Reason/ }), { target: { value: 'Strike again' } });
    fireEvent.click(within(days).getByRole('button', { name: 'Add day' }));
    expect(await within(days).findByText('This day is listed twice.')).toBeTruthy();
    fireEvent.click(within(days).getByRole('button', { name: 'Save Office closed days' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = [{ date: picked, reason: 'Strike' }, { date: '2026-12-24', reason: 'Office move' }].sort((a, b) => a.date.localeCompare(b.date));
    expect(lastBody(calls, '/api/settings/holidays/')).toEqual({ version: 0, values: { closed_days: sent } });

    const smtp = section('E-mail server');
    fireEvent.change(within(smtp).getByRole('textbox', { name: /^Port/ }), { target: { value: '70000' } });
    fireEvent.click(within(smtp).getByRole('button', { name: 'Save E-mail server' }));
    expect(await within(smtp).findByText('Enter a whole number from 1 to 65535.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('is read-only without settings.change_settings', async () => {
    const viewer = makeUser({ id: 40, username: 'viewer', full_name: 'Vera Viewer', groups: [], permissions: ['settings.view_settings'] });
    await open(viewer);
    expect(screen.getByText('You may read these settings but not change them.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Save / })).toBeNull();
  });

  it('shows the letterhead logo, uploads a new one with the version read, and removes it only after confirming', async () => {
    const logo = { version: 2, logo: { media_type: 'image/png', size: 2048, sha256: 'ab'.repeat(32) }, updated_at: '2026-11-20T09:15:00Z', updated_by: 'admin' };
    const removed = { ...logo, version: 3, logo: null };
    const calls = await open(DEMO_USERS.admin!, {
      'GET /api/settings/logo/': json(200, logo),
      'GET /api/settings/logo/file/': new Response(new Blob([new Uint8Array([0x89, 0x50])], { type: 'image/png' })),
      'PUT /api/settings/logo/': json(200, { ...logo, version: 3 }),
      'DELETE /api/settings/logo/': json(200, removed),
    });
    const general = section('General');
    expect(await within(general).findByText(/A logo is set/)).toBeTruthy();

    fireEvent.change(within(general).getByLabelText('Replace the logo'), { target: { files: [new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT' && call.path === '/api/settings/logo/')).toBe(true));

    fireEvent.click(within(general).getByRole('button', { name: 'Remove the logo' }));
    expect(within(general).getByText('Remove the logo?')).toBeTruthy();
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(general).getByRole('button', { name: 'Yes, remove it' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/settings/logo/')).toBe(true));
    expect(await within(general).findByText('No logo: issued documents show the letterhead without one.')).toBeTruthy();
  });

  it('keeps personal data the general number of years, and a service its own where one is typed', async () => {
    const saved = settings({ retention: { version: 1, values: { personal_data_years: 5, service_years: [{ service_type: 1, years: 10 }] } } });
    const calls = await open(DEMO_USERS.admin!, { 'PUT /api/settings/retention/': json(200, saved) });
    const retention = section('Retention');
    const own = within(retention).getByRole('textbox', { name: 'Years kept for University diploma recognition' });
    fireEvent.change(own, { target: { value: '0' } });
    fireEvent.click(within(retention).getByRole('button', { name: 'Save Retention' }));
    expect(await within(retention).findByText('Enter a whole number from 1 to 100.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    fireEvent.change(own, { target: { value: '10' } });
    fireEvent.click(within(retention).getByRole('button', { name: 'Save Retention' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    // The services left empty keep the general number: no rule of their own is sent.
    expect(lastBody(calls, '/api/settings/retention/')).toEqual({ version: 0, values: { personal_data_years: 5, service_years: [{ service_type: 1, years: 10 }] } });
  });
});
