import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '../api-stub';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { createI18n } from '../../../../src/renderer/lib/i18n';
import { ALL_PERMISSIONS, GROUPS, PERMISSION_CATALOGUE } from '../../../../src/shared/auth/permissions';
import { admin, groups, makeGroup } from './user-detail-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
// Each test walks a whole form or several dialogs on the whole app's page: on a loaded machine that outlasts vitest's default time-out.

describe('groups', { timeout: 60_000 }, () => {
  it('lists the groups with their description, builtin marker, members and permissions', async () => {
    stubApi({ 'GET /api/users/groups/': json(200, groups) });
    openSignedIn(admin, '/users/groups');
    const table = await screen.findByRole('grid', { name: 'Groups' }, FIRST_RENDER);
    const officers = within(table).getByRole('button', { name: 'Edit the group NARIC Officers' }).closest('[role="row"]') as HTMLElement;
    expect(officers.textContent).toContain('Officers who process applications.');
    expect(officers.textContent).toContain('Built in');
    expect(officers.textContent).toContain('120');
    const archive = within(table).getByRole('button', { name: 'Edit the group Archive readers' }).closest('[role="row"]') as HTMLElement;
    expect(archive.textContent).toContain('Created here');
  });

  it('edits a group’s permissions by app with the version read; a builtin group keeps its name; a stale version offers a reload', async () => {
    const calls = stubApi({
      'GET /api/users/groups/': [json(200, groups), json(200, groups.map((group) => (group.id === 3 ? makeGroup({ version: 3, description: 'Changed meanwhile.' }) : group)))],
      'PATCH /api/users/groups/3/': json(412, { detail: 'The group was changed by someone else. Reload and apply your changes again.', code: 'user_stale_group' }),
    });
    openSignedIn(admin, '/users/groups');
    const table = await screen.findByRole('grid', { name: 'Groups' }, FIRST_RENDER);
    fireEvent.click(within(table).getByRole('button', { name: 'Edit the group NARIC Officers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Group NARIC Officers' });
    expect(within(dialog).getByRole('textbox', { name: /^Name/ }).hasAttribute('readonly')).toBe(true);
    const payments = within(dialog).getByRole('group', { name: 'Payments' });
    fireEvent.click(within(payments).getByRole('checkbox', { name: 'Mark as paid' }));
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Applications' })).getByRole('checkbox', { name: 'Change applications' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The group was changed by someone else. Reload and apply your changes again.')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'PATCH')!.body)).toEqual({
      name: 'NARIC Officers',
      description: 'Officers who process applications.',
      permissions: ['applications.view_application', 'payments.mark_paid'],
      version: 2,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload the latest version' }));
    // The dialog is drawn again from the group as stored now.
    await waitFor(() => {
      const reloaded = screen.getByRole('dialog', { name: 'Group NARIC Officers' });
      expect((within(reloaded).getByRole('textbox', { name: /^Description/ }) as HTMLTextAreaElement).value).toBe('Changed meanwhile.');
    });
    const reloaded = screen.getByRole('dialog', { name: 'Group NARIC Officers' });
    expect((within(within(reloaded).getByRole('group', { name: 'Payments' })).getByRole('checkbox', { name: 'Mark as paid' }) as HTMLInputElement).checked).toBe(false);
  });

  it('creates a group with a name, description and permissions, and shows a refused name', async () => {
    const calls = stubApi({
      'GET /api/users/groups/': json(200, groups),
      'POST /api/users/groups/': [json(400, { name: ['A group with this name already exists.'], field_codes: { name: [{ code: 'user_group_name_taken', params: {} }] } }), json(201, makeGroup({ id: 20, name: 'Statistics', builtin: false }))],
    });
    openSignedIn(admin, '/users/groups');
    await screen.findByRole('grid', { name: 'Groups' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Archive readers' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Description/ }), { target: { value: 'Reads reports.' } });
    fireEvent.click(within(within(dialog).getByRole('group', { name: 'Reports' })).getByRole('checkbox', { name: 'View reports' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('A group with this name already exists.')).toBeTruthy();
    expect(JSON.parse(calls.find((call) => call.method === 'POST')!.body)).toEqual({ name: 'Archive readers', description: 'Reads reports.', permissions: ['reports.view_reports'] });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Statistics' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New group' })).toBeNull());
  });
});

describe('group and permission names', () => {
  it('has a text for every permission of the catalogue, every app and every group the access rules name, in en, sq and sr', () => {
    const i18n = createI18n('en');
    const keys = [
      ...ALL_PERMISSIONS.map((permission) => `users:permissions.${permission}`),
      ...Object.keys(PERMISSION_CATALOGUE).map((app) => `users:apps.${app}`),
      ...Object.keys(GROUPS).map((key) => `users:groupNames.${key}`),
    ];
    for (const lng of ['en', 'sq', 'sr']) expect(keys.filter((key) => !i18n.exists(key, { lng, fallbackLng: false } as never)), lng).toEqual([]);
  });
});
