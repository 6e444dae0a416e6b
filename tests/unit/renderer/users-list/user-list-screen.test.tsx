import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkAnswer, UserListItem } from '../../../../src/shared/api/users';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const admin = makeUser({ id: 1, username: 'admin', full_name: 'Arben Krasniqi', groups: [GROUPS.administrators], is_superuser: true });

function makeListed(overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    id: 21,
    username: 'arben.krasniqi',
    email: 'arben.krasniqi@naric.example',
    full_name: 'Arben Krasniqi',
    groups: ['NARIC Officers'],
    is_active: true,
    is_superuser: false,
    email_verified: true,
    two_factor_enabled: true,
    two_factor_required: false,
    auth_source: 'local',
    last_login: '2026-03-02T08:15:00Z',
    date_joined: '2025-01-15T09:00:00Z',
    ...overrides,
  };
}

const USERS = [
  makeListed(),
  makeListed({ id: 22, username: 'milica.jovanovic', full_name: 'Milica Jovanović', email: 'milica@naric.example', is_active: false, two_factor_enabled: false, last_login: null }),
  makeListed({ id: 23, username: 'dren.berisha', full_name: 'Dren Berisha', groups: [], auth_source: 'ldap', email_verified: false }),
];
const page = (results: UserListItem[], count = results.length) => ({ count, next: null, previous: null, results });
const groups = [
  { id: 1, name: 'Administrators', description: '', builtin: true, permissions: [], member_count: 1, version: 1 },
  { id: 2, name: 'NARIC Officers', description: '', builtin: true, permissions: [], member_count: 40, version: 1 },
  { id: 3, name: 'Council Members', description: '', builtin: true, permissions: [], member_count: 9, version: 1 },
];

const listCalls = (calls: StubbedCall[]) => calls.filter((call) => call.method === 'GET' && call.path === '/api/users/');
/** The query of the latest list request, read from the fetch the API client made. */
function lastListQuery(): Record<string, string> {
  const requests = vi.mocked(globalThis.fetch).mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)));
  const last = requests.filter((request) => new URL(request.url).pathname === '/api/users/').at(-1)!;
  return Object.fromEntries(new URL(last.url).searchParams);
}
const bodyOf = (calls: StubbedCall[], path: string) => JSON.parse(calls.filter((call) => call.method === 'POST' && call.path === path).at(-1)!.body) as Record<string, unknown>;

async function openList(path = '/users', answers: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({ 'GET /api/users/': json(200, page(USERS, 40)), 'GET /api/users/groups/': json(200, groups), ...answers });
  const view = openSignedIn(admin, path);
  const table = await screen.findByRole('grid', { name: 'Users' }, FIRST_RENDER);
  return { calls, table, ...view };
}

/** Opens the bulk actions menu and picks `action`. */
async function chooseBulkAction(action: string) {
  fireEvent.click(screen.getByRole('button', { name: 'Bulk actions' }));
  const menu = await screen.findByRole('menu', { name: 'Bulk actions' });
  fireEvent.click(within(menu).getByRole('menuitem', { name: action }));
}

const bulkAnswer = (overrides: Partial<BulkAnswer> = {}): BulkAnswer => ({
  action: 'deactivate',
  done: 2,
  skipped: 1,
  results: [
    { user_id: 21, username: 'arben.krasniqi', full_name: 'Arben Krasniqi', outcome: 'skipped', reason: 'self' },
    { user_id: 22, username: 'milica.jovanovic', full_name: 'Milica Jovanović', outcome: 'done', reason: null },
    { user_id: 23, username: 'dren.berisha', full_name: 'Dren Berisha', outcome: 'done', reason: null },
  ],
  ...overrides,
});

describe('users list', () => {
  it('shows each user with links, state in words, last sign-in, 2FA and source, and sends the address filters', async () => {
    const { table } = await openList('/users?group=NARIC+Officers&is_active=true&auth_source=ldap&search=krasniqi&ordering=-last_login&page_size=50&bogus=1');
    expect(within(table).getByRole('link', { name: 'Arben Krasniqi' }).getAttribute('href')).toBe('/users/21');
    const milica = within(table).getByRole('row', { name: /Milica Jovanović/ });
    expect(within(milica).getByText('Deactivated')).toBeTruthy();
    expect(within(milica).getByText('Never')).toBeTruthy();
    expect(within(milica).getByText('Off')).toBeTruthy();
    const arben = within(table).getByRole('row', { name: /Arben Krasniqi/ });
    expect(within(arben).getByText('Active')).toBeTruthy();
    expect(within(arben).getByText('02/03/2026, 08:15')).toBeTruthy();
    expect(within(arben).getByText('NARIC Officers')).toBeTruthy();
    expect(within(arben).getByText('Local')).toBeTruthy();
    expect(within(within(table).getByRole('row', { name: /Dren Berisha/ })).getByText('Directory')).toBeTruthy();
    expect(screen.getByText('40 users')).toBeTruthy();
    expect(within(document.querySelector<HTMLElement>('.page-header')!).getByRole('link', { name: 'Create user' }).getAttribute('href')).toBe('/users/create');
    const header = document.querySelector<HTMLElement>('.page-header')!;
    expect(within(header).getByRole('link', { name: 'Groups and permissions' }).getAttribute('href')).toBe('/users/groups');
    expect(lastListQuery()).toEqual({
      group: 'NARIC Officers',
      is_active: 'true',
      auth_source: 'ldap',
      search: 'krasniqi',
      ordering: '-last_login',
      page: '1',
      page_size: '50',
    });
  });

  it('puts a chosen filter into the address and the query, back on page 1, and clears the filters', async () => {
    const { router } = await openList('/users?page=2&ordering=-email');
    await chooseOption('E-mail address', 'Not verified');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ email_verified: 'false', page: '1' }));
    expect(router.state.location.search).toBe('?ordering=-email&email_verified=false');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ordering=-email'));
  });

  it('filters by a group chosen from the groups the server lists', async () => {
    const { router } = await openList('/users');
    await chooseOption('Group', 'Council Members');
    await waitFor(() => expect(lastListQuery()).toMatchObject({ group: 'Council Members' }));
    expect(router.state.location.search).toBe('?group=Council+Members');
  });

  it('sorts by a column, ascending then descending, in the address', async () => {
    const { router } = await openList('/users');
    expect(lastListQuery().ordering).toBe('name');
    fireEvent.click(within(screen.getByRole('grid', { name: 'Users' })).getByRole('columnheader', { name: /Username/ }));
    await waitFor(() => expect(lastListQuery().ordering).toBe('username'));
    fireEvent.click(within(screen.getByRole('grid', { name: 'Users' })).getByRole('columnheader', { name: /Username/ }));
    await waitFor(() => expect(lastListQuery().ordering).toBe('-username'));
    expect(router.state.location.search).toBe('?ordering=-username');
  });

  it('selects users one by one and by page, then every user the filter matches', async () => {
    await openList('/users?is_active=true');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Milica Jovanović' }));
    expect(screen.getByText('1 user selected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Select all/ })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    expect(screen.getByText('3 users selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 40 users matching this filter' }));
    expect(screen.getByText('All 40 users matching this filter are selected')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select Dren Berisha' }) as HTMLInputElement).checked).toBe(true);

    // Unticking one of "all matching" keeps the rest of the page, by id.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Dren Berisha' }));
    expect(screen.getByText('2 users selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear the selection' }));
    expect(document.querySelector('.bulk-bar__count')).toBeNull();
  });

  it('drops the selection when the filter changes (it was made under the old one)', async () => {
    const { router } = await openList('/users');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 40 users matching this filter' }));
    await act(() => router.navigate('/users?is_active=false'));
    await waitFor(() => expect(lastListQuery().is_active).toBe('false'));
    expect(document.querySelector('.bulk-bar__count')).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select Arben Krasniqi' }) as HTMLInputElement).checked).toBe(false);
  });

  it('runs a bulk action on everything the filter matches: the count confirmed in words, then the result for each user', async () => {
    const { calls } = await openList('/users?group=NARIC+Officers', {
      'POST /api/users/bulk/preview/': json(200, { count: 40, cap: 5000, over_cap: false }),
      'POST /api/users/bulk/': json(200, bulkAnswer()),
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 40 users matching this filter' }));
    const listsBefore = listCalls(calls).length;
    await chooseBulkAction('Deactivate');

    const dialog = await screen.findByRole('dialog', { name: 'Deactivate users' });
    expect(await within(dialog).findByText('This will deactivate 40 users. Their open sessions end at once.')).toBeTruthy();
    expect(bodyOf(calls, '/api/users/bulk/preview/')).toEqual({ selection: { filter: { group: 'NARIC Officers' } } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await within(dialog).findByText('Skipped: your own account')).toBeTruthy();
    expect(bodyOf(calls, '/api/users/bulk/')).toEqual({ action: 'deactivate', selection: { filter: { group: 'NARIC Officers' } }, expected_count: 40 });
    expect(within(dialog).getAllByText('Done')).toHaveLength(2);
    const summary = within(dialog).getByText('The users were deactivated').closest('.alert')!;
    expect(summary.textContent).toContain('Done for 2 users');
    expect(summary.textContent).toContain('Skipped 1 user');
    // Announced: the dialog's live region says the counts.
    expect(within(dialog).getAllByRole('status').some((region) => region.textContent === 'Done for 2 users. Skipped 1 user.')).toBe(true);
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(listsBefore));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks the form of an action first (a group to assign), then counts the page selection by id', async () => {
    const { calls } = await openList('/users', {
      'POST /api/users/bulk/preview/': json(200, { count: 2, cap: 5000, over_cap: false }),
      'POST /api/users/bulk/': json(200, bulkAnswer({ action: 'assign_role', done: 1, skipped: 1, results: [
        { user_id: 21, username: 'arben.krasniqi', full_name: 'Arben Krasniqi', outcome: 'skipped', reason: 'already_done' },
        { user_id: 23, username: 'dren.berisha', full_name: 'Dren Berisha', outcome: 'done', reason: null },
      ] })),
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Arben Krasniqi' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Dren Berisha' }));
    await chooseBulkAction('Assign a role');
    const dialog = await screen.findByRole('dialog', { name: 'Assign a role' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose a group.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/users/bulk/preview/')).toBe(false);

    fireEvent.click(within(dialog).getByRole('button', { name: /^Show the groups/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Council Members' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('This will add the group Council Members to 2 users.')).toBeTruthy();
    expect(bodyOf(calls, '/api/users/bulk/preview/')).toEqual({ selection: { ids: [21, 23] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assign the role' }));
    expect(await within(dialog).findByText('Skipped: nothing to change')).toBeTruthy();
    expect(bodyOf(calls, '/api/users/bulk/')).toEqual({ action: 'assign_role', selection: { ids: [21, 23] }, expected_count: 2, group: 'Council Members' });
  });

  it('asks for a change of roles that does something before counting: a group to add or remove, never both', { timeout: 40_000 }, async () => {
    const { calls } = await openList('/users');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Arben Krasniqi' }));
    await chooseBulkAction('Manage roles');
    const dialog = await screen.findByRole('dialog', { name: 'Manage roles' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Choose at least one group to add or to remove.')).toBeTruthy();
    for (const label of ['Groups to add', 'Groups to remove']) {
      fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${label}`) }));
      const menu = await screen.findByRole('menu');
      fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Council Members' }));
      fireEvent.keyDown(menu, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    }
    expect(within(dialog).queryByText('Choose at least one group to add or to remove.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('A group cannot be both added and removed.')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/users/bulk/preview/')).toBe(false);
  });

  it('sends a notification with its subject, message and kind', async () => {
    const { calls } = await openList('/users', {
      'POST /api/users/bulk/preview/': json(200, { count: 1, cap: 5000, over_cap: false }),
      'POST /api/users/bulk/': json(200, bulkAnswer({ action: 'send_notification', done: 1, skipped: 0, results: [{ user_id: 22, username: 'milica.jovanovic', full_name: 'Milica Jovanović', outcome: 'done', reason: null }] })),
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Milica Jovanović' }));
    await chooseBulkAction('Send a notification');
    const dialog = await screen.findByRole('dialog', { name: 'Send a notification' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(within(dialog).getAllByText('This field is required')).toHaveLength(2));
    expect(calls.some((call) => call.path === '/api/users/bulk/preview/')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Subject/ }), { target: { value: ' Office closed on Friday ' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'The office is closed on 6 March.' } });
    await chooseOption('Send as', 'Notification in the app', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('This will send the notification to 1 user.')).toBeTruthy();
    expect(within(dialog).getByText('Subject: Office closed on Friday')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await within(dialog).findByText('The notification was sent');
    expect(bodyOf(calls, '/api/users/bulk/')).toEqual({
      action: 'send_notification',
      selection: { ids: [22] },
      expected_count: 1,
      kind: 'system',
      subject: 'Office closed on Friday',
      message: 'The office is closed on 6 March.',
    });
  });

  it('says when the selection is over the cap and offers no run', async () => {
    const { calls } = await openList('/users', { 'GET /api/users/': json(200, page(USERS, 6200)), 'POST /api/users/bulk/preview/': json(200, { count: 6200, cap: 5000, over_cap: true }) });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 6,200 users matching this filter' }));
    await chooseBulkAction('Reset password');
    const dialog = await screen.findByRole('dialog', { name: 'Reset passwords' });
    expect(await within(dialog).findByText('The selection holds 6,200 users, more than the 5,000 one action may change. Narrow the filter and try again.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Reset the passwords' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/users/bulk/')).toBe(false);
  });

  it('says when the count changed since it was confirmed (409) and checks it again', async () => {
    const { calls } = await openList('/users', {
      'POST /api/users/bulk/preview/': [json(200, { count: 40, cap: 5000, over_cap: false }), json(200, { count: 39, cap: 5000, over_cap: false })],
      'POST /api/users/bulk/': [
        json(409, { detail: 'The number of users matching the selection changed since you confirmed it. Check the count and confirm again.' }),
        json(200, bulkAnswer({ action: 'activate', done: 39, skipped: 0, results: [] })),
      ],
    });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Select all 40 users matching this filter' }));
    await chooseBulkAction('Activate');
    const dialog = await screen.findByRole('dialog', { name: 'Activate users' });
    await within(dialog).findByText('This will activate 40 users.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await within(dialog).findByText('The number of users matching the selection changed since you confirmed it. Check the count and confirm again.', { selector: '.alert__text' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Activate' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check again' }));
    expect(await within(dialog).findByText('This will activate 39 users.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await within(dialog).findByText('Done for 39 users', { selector: 'li' });
    expect(bodyOf(calls, '/api/users/bulk/')).toMatchObject({ action: 'activate', expected_count: 39 });
  });

  it('exports the selection: the request names the ids and format, the file is saved under the server’s name', async () => {
    const createObjectURL = vi.fn(() => 'blob:naric/users');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const saved: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
    const csv = '\uFEFFid,username\r\n22,milica.jovanovic\r\n';
    const { calls, i18n } = await openList('/users', {
      'POST /api/users/export/': () =>
        new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="users.csv"; filename*=UTF-8''korisnici-%C5%A1%C4%91.csv` } }),
    });
    expect(screen.getByRole('button', { name: 'Export selected' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Milica Jovanović' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export selected' }));
    fireEvent.click(within(await screen.findByRole('menu', { name: 'Export selected' })).getByRole('menuitem', { name: 'CSV (UTF-8, opens in Excel)' }));
    expect(await screen.findByText('Exported: korisnici-šđ.csv')).toBeTruthy();
    expect(bodyOf(calls, '/api/users/export/')).toEqual({ selection: { ids: [22] }, format: 'csv' });
    expect(saved).toEqual([{ href: 'blob:naric/users', download: 'korisnici-šđ.csv' }]);
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    const exportRequest = vi
      .mocked(globalThis.fetch)
      .mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)))
      .find((request) => new URL(request.url).pathname === '/api/users/export/')!;
    expect(exportRequest.headers.get('Accept-Language')).toBe(i18n.language);
    click.mockRestore();
  });

  it('says why an export failed', async () => {
    await openList('/users', { 'POST /api/users/export/': json(500, { detail: 'Internal server error' }) });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Arben Krasniqi' }));
    fireEvent.click(screen.getByRole('button', { name: 'Export selected' }));
    fireEvent.click(within(await screen.findByRole('menu', { name: 'Export selected' })).getByRole('menuitem', { name: 'Excel workbook (XLSX)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The export failed');
  });

  it('is in Albanian for an Albanian reader', async () => {
    const { i18n } = await openList('/users');
    await act(() => i18n.changeLanguage('sq'));
    expect(await screen.findByRole('grid', { name: 'Përdoruesit' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Zgjidh Milica Jovanović' })).toBeTruthy();
    expect(screen.getByText('I çaktivizuar', { selector: '.user-state' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zgjidh këtë faqe' }));
    expect(screen.getByText('3 përdorues të zgjedhur')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Zgjidh të gjithë 40 përdoruesit që përputhen me këtë filtër' })).toBeTruthy();
  });

  it('is in Serbian (Latin script) for a Serbian reader, with the few-form of counts', async () => {
    const { i18n } = await openList('/users');
    await act(() => i18n.changeLanguage('sr'));
    expect(await screen.findByRole('grid', { name: 'Korisnici' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Kreiraj korisnika' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Izaberi ovu stranicu' }));
    expect(screen.getByText('Izabrana 3 korisnika')).toBeTruthy();
    expect(screen.getByText('40 korisnika')).toBeTruthy();
  });
});
