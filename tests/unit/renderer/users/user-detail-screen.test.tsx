import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { admin, auditEntries, groups, makeUserDetail, page, sessions, signIns } from './user-detail-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
// Each test walks a whole form or several dialogs on the whole app's page: on a loaded machine that outlasts vitest's default time-out.
const USER = '/api/users/42/';
const bodyOf = (calls: StubbedCall[], method: string, path: string) => JSON.parse(calls.find((call) => call.method === method && call.path === path)!.body);
const countries = page([{ code: 'XK', alpha3: 'XKX', name_en: 'Kosovo', name_sq: 'Kosova', name_sr: 'Kosovo' }]);

/** The details of user 42, its activity, and `extra` answers. */
function stubUser(extra: Parameters<typeof stubApi>[0] = {}, user = makeUserDetail()) {
  return stubApi({
    [`GET ${USER}`]: json(200, user),
    'GET /api/users/groups/': json(200, groups),
    'GET /api/users/42/sessions/': json(200, sessions),
    'GET /api/users/42/sign-ins/': json(200, signIns),
    'GET /api/users/42/audit/': json(200, auditEntries),
    'GET /api/countries/': json(200, countries),
    ...extra,
  });
}

async function openUser(extra: Parameters<typeof stubApi>[0] = {}, user = makeUserDetail()) {
  const calls = stubUser(extra, user);
  const view = openSignedIn(admin, '/users/42');
  await screen.findByRole('heading', { level: 1, name: user.full_name }, FIRST_RENDER);
  // The tabs draw their panel once their collection is built.
  await screen.findByRole('tabpanel');
  return { calls, ...view };
}

describe('user details', { timeout: 60_000 }, () => {
  it('shows every personal field, the account state and the temporary password pending', async () => {
    await openUser();
    const tabs = screen.getByRole('tablist', { name: 'User details' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Personal info', 'Roles and permissions', 'Activity and sessions']);
    const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(row('First name')).toBe('Drita');
    expect(row('Personal ID number')).toBe('1234567890');
    expect(row('Date of birth')).toBe('12/04/1988');
    expect(row('Gender')).toBe('Female');
    await waitFor(() => expect(row('Country')).toBe('Kosovo'));
    expect(row('Two-factor authentication')).toBe('On (authenticator app)');
    expect(row('Backup codes left')).toBe('7');
    expect(row('Account source')).toBe('Local account');
    expect(row('Temporary password pending')).toContain('the password must be changed at the next sign-in');
    expect(row('Last sign-in')).toMatch(/20\/11\/2026/);
  });

  it('lists the groups and every effective permission by app with where it comes from', async () => {
    await openUser();
    fireEvent.click(screen.getByRole('tab', { name: 'Roles and permissions' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Roles and permissions' });
    const payments = await within(panel).findByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('Mark as paid').parentElement?.textContent).toBe('Mark as paid (group Payment Officers; implicit for NARIC Officers)');
    expect(within(panel).getByRole('region', { name: 'Documents' }).textContent).toContain('Verify documents (implicit for NARIC Officers)');
    expect(within(panel).getByRole('region', { name: 'Reports' }).textContent).toContain('Export reports (granted directly)');
    expect(within(panel).getByRole('region', { name: 'Applications' }).textContent).toContain('View applications (group NARIC Officers)');
    expect(within(panel).getByText('Payment Officers', { selector: 'li' })).toBeTruthy();
  });

  it('shows the sessions with the current one marked, the sign-ins with failed attempts, and the audit entries paged', async () => {
    const { calls } = await openUser({ 'GET /api/users/42/audit/': [json(200, auditEntries), json(200, page([{ ...auditEntries.results[0]!, id: 78, action: 'council.declare_conflict' }], 45))] });
    fireEvent.click(screen.getByRole('tab', { name: 'Activity and sessions' }));
    const open = await screen.findByRole('grid', { name: 'Open sessions' });
    expect(within(open).getByText('this is your current session')).toBeTruthy();
    expect(within(open).getAllByRole('button', { name: /End the session started/ })).toHaveLength(2);
    const events = await screen.findByRole('grid', { name: 'Sign-ins' });
    expect(within(events).getByText('Failed sign-in attempt').className).toContain('badge--danger');
    expect(within(events).getByText('Password and authenticator code')).toBeTruthy();
    const audit = await screen.findByRole('grid', { name: 'What this user did' });
    expect(within(audit).getByText('application.change_status')).toBeTruthy();
    expect(within(audit).getByText('status')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await within(audit).findByText('council.declare_conflict');
    const asked = calls.filter((call) => call.path === '/api/users/42/audit/');
    expect(asked.length).toBeGreaterThanOrEqual(2);
  });

  it('ends one session and then all of them, each after a confirmation', async () => {
    const { calls } = await openUser({
      'DELETE /api/users/42/sessions/6f0f6a57-3b8e-4a57-9d2b-0b7c1e4d2a11/': new Response(null, { status: 204 }),
      'POST /api/users/42/sessions/revoke-all/': json(200, { revoked: 2 }),
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Activity and sessions' }));
    const open = await screen.findByRole('grid', { name: 'Open sessions' });
    fireEvent.click(within(open).getAllByRole('button', { name: /End the session started/ })[0]!);
    const confirm = await screen.findByRole('alertdialog', { name: 'End this session?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'End all sessions' }));
    const all = await screen.findByRole('alertdialog', { name: 'End all sessions?' });
    expect(all.textContent).toContain('Drita Berisha has 2 open sessions');
    fireEvent.click(within(all).getByRole('button', { name: 'End all sessions' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/users/42/sessions/revoke-all/')).toBe(true));
  });
});

describe('user actions', { timeout: 60_000 }, () => {
  it('manage roles puts the chosen groups with the version, and shows the last-administrator refusal in words', async () => {
    const { calls } = await openUser({
      'PUT /api/users/42/roles/': [
        json(409, { detail: 'This is the last active administrator: make someone else an administrator first.', code: 'user_last_administrator' }),
        json(200, makeUserDetail({ groups: ['NARIC Officers'] })),
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Manage roles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roles of Drita Berisha' });
    const payments = await within(dialog).findByRole('checkbox', { name: 'Payment Officers' });
    expect((payments as HTMLInputElement).checked).toBe(true);
    fireEvent.click(payments);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Archive readers' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    expect(await within(dialog).findByText('This is the last active administrator: make someone else an administrator first.')).toBeTruthy();
    expect(bodyOf(calls, 'PUT', '/api/users/42/roles/')).toEqual({ groups: ['NARIC Officers', 'Archive readers'], version: 5 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Roles of Drita Berisha' })).toBeNull());
  });

  it('reset password "show it to me now" shows the temporary password once, with its expiry', async () => {
    const { calls } = await openUser({
      'POST /api/users/42/reset-password/': json(200, { temporary_password: 'Kx7-pQ2m-Vb9t', expires_at: '2026-11-27T09:30:00Z', delivery: 'show' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the password of Drita Berisha' });
    await chooseOption('Temporary password', 'Show it to me now (once)', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset password' }));
    expect(await within(dialog).findByText('Kx7-pQ2m-Vb9t')).toBeTruthy();
    expect(within(dialog).getByText(/It stops working on 27\/11\/2026/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/users/42/reset-password/')).toEqual({ delivery: 'show' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Kx7-pQ2m-Vb9t')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    const again = await screen.findByRole('dialog', { name: 'Reset the password of Drita Berisha' });
    expect(within(again).queryByText('Kx7-pQ2m-Vb9t')).toBeNull();
  });

  it('offers no password reset for a directory user and says why', async () => {
    await openUser({}, makeUserDetail({ auth_source: 'ldap', directory_dn: 'uid=drita,ou=staff,dc=naric,dc=example', directory_synced_at: '2026-11-23T06:00:00Z', must_change_password: false, temporary_password_expires_at: null }));
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
    expect(screen.getByText('Directory users sign in with their directory password: it cannot be reset here.')).toBeTruthy();
    expect(screen.getByText('Directory entry: uid=drita,ou=staff,dc=naric,dc=example')).toBeTruthy();
  });

  it('sends a notification and shows the server’s field refusal', async () => {
    const { calls } = await openUser({
      'POST /api/users/42/notify/': [json(400, { subject: ['Ensure this field has no more than 200 characters.'], field_codes: { subject: [{ code: 'too_long', params: { max: 200 } }] } }), json(200, { queued: 1 })],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send notification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notify Drita Berisha' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(calls.some((call) => call.path === '/api/users/42/notify/')).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Training on Monday' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Message' }), { target: { value: 'Room 4, at nine.' } });
    await chooseOption('Send as', 'Notification in the app', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(/Shorten this text/)).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/users/42/notify/')).toEqual({ kind: 'system', subject: 'Training on Monday', message: 'Room 4, at nine.' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notify Drita Berisha' })).toBeNull());
  });

  it('turns off two-factor only with a reason and the identity check, and shows a refusal', async () => {
    const { calls } = await openUser({
      'POST /api/users/42/two-factor/disable/': [json(409, { detail: 'This user has no two-factor authentication to turn off.', code: 'user_two_factor_not_enabled' }), json(200, makeUserDetail({ two_factor_enabled: false }))],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor authentication of Drita Berisha' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(dialog).findByText('This field is required')).toBeTruthy();
    expect(within(dialog).getByText('Confirm that you checked the person’s identity.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Lost phone; identity checked at the counter.' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'I checked this person’s identity' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Turn off two-factor' }));
    expect(await within(dialog).findByText('This user has no two-factor authentication to turn off.')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/users/42/two-factor/disable/')).toEqual({ reason: 'Lost phone; identity checked at the counter.', identity_checked: true });
  });

  it('offers no two-factor action when two-factor is off', async () => {
    await openUser({}, makeUserDetail({ two_factor_enabled: false, two_factor_method: null }));
    expect(screen.queryByRole('button', { name: 'Turn off two-factor' })).toBeNull();
  });

  it('deactivates with the whole record and the version read, and shows the self-deactivation refusal', async () => {
    const { calls } = await openUser({
      'PATCH /api/users/42/': json(409, { detail: 'You cannot deactivate your own account.', code: 'user_self_deactivate' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate Drita Berisha?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await within(confirm).findByText('You cannot deactivate your own account.')).toBeTruthy();
    expect(bodyOf(calls, 'PATCH', USER)).toMatchObject({ is_active: false, version: 5, username: 'drita.berisha', groups: ['NARIC Officers', 'Payment Officers'], country: 'XK' });
  });

  it('is in Albanian for an Albanian reader, refusals included', async () => {
    const { i18n } = await openUser({
      'PUT /api/users/42/roles/': json(409, { detail: 'You cannot take away your own administrator rights.', code: 'user_self_demote' }),
    });
    await i18n.changeLanguage('sq');
    expect(await screen.findByRole('tab', { name: 'Rolet dhe lejet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menaxho rolet' })).toBeTruthy();
    expect(screen.getByText('Gjinia', { selector: 'dt' }).nextElementSibling?.textContent).toBe('Femër');
    fireEvent.click(screen.getByRole('tab', { name: 'Rolet dhe lejet' }));
    const panel = await screen.findByRole('tabpanel', { name: 'Rolet dhe lejet' });
    expect((await within(panel).findByRole('region', { name: 'Pagesat' })).textContent).toContain('Shëno si të paguar (grupi Zyrtarët e pagesave; e nënkuptuar për Zyrtarët e NARIC)');
    fireEvent.click(screen.getByRole('button', { name: 'Menaxho rolet' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rolet e Drita Berisha' });
    await within(dialog).findByRole('checkbox', { name: 'Administratorët' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ruaj rolet' }));
    expect(await within(dialog).findByText('Nuk mund t’i hiqni vetes të drejtat e administratorit.')).toBeTruthy();
  });

  it('says when the user does not exist', async () => {
    stubApi({});
    openSignedIn(admin, '/users/999');
    expect(await screen.findByText('User not found', undefined, FIRST_RENDER)).toBeTruthy();
  });
});
