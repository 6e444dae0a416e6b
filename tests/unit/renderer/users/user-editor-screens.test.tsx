import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { admin, auditEntries, groups, makeUserDetail, page, sessions, signIns } from './user-detail-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
// Each test walks a whole form or several dialogs on the whole app's page: on a loaded machine that outlasts vitest's default time-out.
const countries = page([
  { code: 'XK', alpha3: 'XKX', name_en: 'Kosovo', name_sq: 'Kosova', name_sr: 'Kosovo' },
  { code: 'AL', alpha3: 'ALB', name_en: 'Albania', name_sq: 'Shqipëria', name_sr: 'Albanija' },
]);
const common = {
  'GET /api/users/groups/': json(200, groups),
  'GET /api/countries/': json(200, countries),
  'GET /api/users/42/sessions/': json(200, sessions),
  'GET /api/users/42/sign-ins/': json(200, signIns),
  'GET /api/users/42/audit/': json(200, auditEntries),
};
// By label rather than by role: a role query works out the role of every element of the whole app's page.
const textbox = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input:not([type="checkbox"]), textarea' });
const fill = (label: string, value: string) => fireEvent.change(textbox(label), { target: { value } });
const fieldError = (label: string) => {
  const input = textbox(label);
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
};
const posted = (calls: StubbedCall[], method: string) => JSON.parse(calls.find((call) => call.method === method)!.body);

describe('create a user', { timeout: 60_000 }, () => {
  it('checks the fields with the spec’s messages, posts every field, and shows the temporary password once on the new user’s details', async () => {
    const created = makeUserDetail({ id: 42, username: 'besa.gashi', full_name: 'Besa Gashi', first_name: 'Besa', last_name: 'Gashi' });
    const calls = stubApi({
      ...common,
      'POST /api/users/': json(201, { user: created, password: { temporary_password: 'Tq4-Lm8x-Rz2w', expires_at: '2026-11-27T10:00:00Z', delivery: 'show' } }),
      'GET /api/users/42/': json(200, created),
    });
    const { router } = openSignedIn(admin, '/users/create');
    await screen.findByRole('checkbox', { name: 'NARIC Officers' }, FIRST_RENDER);
    fill('E-mail', 'besa.gashi');
    fill('Username', 'besa gashi');
    fill('Phone', 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(fieldError('First name')).toContain('This field is required'));
    expect(fieldError('Last name')).toContain('This field is required');
    expect(fieldError('E-mail')).toContain('Invalid email address');
    expect(fieldError('Username')).toContain('Invalid format');
    expect(fieldError('Phone')).toContain('Invalid format');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fill('First name', 'Besa');
    fill('Last name', 'Gashi');
    fill('E-mail', 'besa.gashi@naric.example.org');
    fill('Username', 'besa.gashi');
    fill('Phone', '+383 44 555 010');
    fill('Personal ID number', '1122334455');
    await chooseOption('Gender', 'Prefer not to say');
    fireEvent.click(screen.getByRole('checkbox', { name: 'NARIC Officers' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'E-mail verified' }));
    await chooseOption('Temporary password', 'Show it to me now (once)');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(posted(calls, 'POST')).toEqual({
      first_name: 'Besa',
      last_name: 'Gashi',
      email: 'besa.gashi@naric.example.org',
      username: 'besa.gashi',
      phone: '+383 44 555 010',
      country: null,
      address: null,
      personal_id: '1122334455',
      date_of_birth: null,
      gender: 'prefer_not_to_say',
      groups: ['NARIC Officers'],
      is_active: true,
      email_verified: true,
      two_factor_required: false,
      auth_source: 'local',
      password_delivery: 'show',
    });
    await screen.findByRole('heading', { level: 1, name: 'Besa Gashi' });
    expect(await screen.findByText('Tq4-Lm8x-Rz2w')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/users/42');
    expect(router.state.location.search).toBe('');
    // Taken out of the history entry: going back to it never shows the password again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('puts the server’s refusals on their fields', async () => {
    stubApi({
      ...common,
      'POST /api/users/': json(400, { username: ['A user with this username already exists.'], email: ['A user with this e-mail address already exists.'], field_codes: { username: [{ code: 'user_username_taken', params: {} }], email: [{ code: 'user_email_taken', params: {} }] } }),
    });
    openSignedIn(admin, '/users/create');
    await screen.findByRole('checkbox', { name: 'NARIC Officers' }, FIRST_RENDER);
    fill('First name', 'Besa');
    fill('Last name', 'Gashi');
    fill('E-mail', 'besa.gashi@naric.example.org');
    fill('Username', 'besa.gashi');
    fireEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(fieldError('Username')).toContain('A user with this username already exists.'));
    expect(fieldError('E-mail')).toContain('A user with this e-mail address already exists.');
  });

  it('asks no password delivery for a directory user', async () => {
    stubApi(common);
    openSignedIn(admin, '/users/create');
    await screen.findByRole('checkbox', { name: 'NARIC Officers' }, FIRST_RENDER);
    expect(screen.getByRole('button', { name: /Temporary password$/ })).toBeTruthy();
    await chooseOption('Account source', 'Directory account');
    expect(screen.queryByRole('button', { name: /Temporary password$/ })).toBeNull();
    expect(screen.getByText(/A directory user signs in with their directory password/)).toBeTruthy();
  });
});

describe('edit a user', { timeout: 60_000 }, () => {
  it('sends every field with the version; on a stale version says so and reloads the user as stored now', async () => {
    const calls = stubApi({
      ...common,
      'GET /api/users/42/': [json(200, makeUserDetail()), json(200, makeUserDetail({ version: 6, phone: '+383 49 000 111' }))],
      'PATCH /api/users/42/': json(412, { detail: 'The user was changed by someone else. Reload and apply your changes again.', code: 'user_stale' }),
    });
    openSignedIn(admin, '/users/42/edit');
    await screen.findByRole('checkbox', { name: 'NARIC Officers' }, FIRST_RENDER);
    expect((screen.getByRole('textbox', { name: /^First name/ }) as HTMLInputElement).value).toBe('Drita');
    expect(screen.queryByRole('button', { name: /Account source$/ })).toBeNull();
    fill('Address', 'Rr. Nënë Tereza 1, Prishtinë');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Two-factor authentication required' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The user was changed by someone else. Reload and apply your changes again.')).toBeTruthy();
    expect(posted(calls, 'PATCH')).toEqual({
      first_name: 'Drita',
      last_name: 'Berisha',
      email: 'drita.berisha@naric.example.org',
      username: 'drita.berisha',
      phone: '+383 44 123 456',
      country: 'XK',
      address: 'Rr. Nënë Tereza 1, Prishtinë',
      personal_id: '1234567890',
      date_of_birth: '1988-04-12',
      gender: 'female',
      groups: ['NARIC Officers', 'Payment Officers'],
      is_active: true,
      email_verified: true,
      two_factor_required: true,
      version: 5,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Phone/ }) as HTMLInputElement).value).toBe('+383 49 000 111'));
    expect((screen.getByRole('textbox', { name: /^Address/ }) as HTMLInputElement).value).toBe('Rr. Agim Ramadani 15, Prishtinë');
  });

  it('is in Serbian (Latin script) for a Serbian reader, with the checks in Serbian', async () => {
    stubApi({ ...common, 'GET /api/users/42/': json(200, makeUserDetail()) });
    const { i18n } = openSignedIn(admin, '/users/42/edit');
    await screen.findByRole('checkbox', { name: 'NARIC Officers' }, FIRST_RENDER);
    await i18n.changeLanguage('sr');
    const firstName = await screen.findByRole('textbox', { name: /^Ime/ });
    fireEvent.change(firstName, { target: { value: '' } });
    fireEvent.change(screen.getByRole('textbox', { name: /^E-pošta/ }), { target: { value: 'drita' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sačuvaj' }));
    await waitFor(() => expect(fieldError('Ime')).toContain('Ovo polje je obavezno'));
    expect(fieldError('E-pošta')).toContain('Neispravna adresa e-pošte');
    expect(screen.getByRole('checkbox', { name: 'NARIC službenici' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Dvofaktorska autentifikacija obavezna' })).toBeTruthy();
    expect(within(screen.getByRole('main')).queryByText(/[\u0400-\u04FF]/)).toBeNull();
  });
});
