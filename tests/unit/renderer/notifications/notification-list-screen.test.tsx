import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { DEMO_USERS } from '../demo-users';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { emptyInbox, makeDetail, makeItem, page } from './notification-fixtures';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const LIST = 'GET /api/notifications/';

/** The query strings the list was fetched with, in order. */
function listQueries(): URLSearchParams[] {
  return vi
    .mocked(fetch)
    .mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)))
    .filter((url) => url.pathname === '/api/notifications/')
    .map((url) => url.searchParams);
}

const bodyOf = (calls: StubbedCall[], method: string, path: string) => JSON.parse(calls.find((call) => call.method === method && call.path === path)!.body);

describe('notifications list', { timeout: 60_000 }, () => {
  it('shows each message with its status in words, the event by name and the application link; filters travel in the address', async () => {
    stubApi({
      [LIST]: json(200, page([makeItem(), makeItem({ id: 8, status: 'sent', kind: 'system', event: null, recipient: 'Besnik Gashi', subject: 'Please call me', application: null, sent_at: '2026-11-21T10:00:00Z', attempts: 1 })])),
      'GET /api/notifications/inbox/': json(200, emptyInbox),
    });
    openSignedIn(DEMO_USERS.officer!, '/notifications?status=failed&kind=email&search=arta&date_from=2026-11-01');
    const table = await screen.findByRole('grid', { name: 'Notifications' }, FIRST_RENDER);
    const first = within(table).getByRole('button', { name: /Open the message “Payment requested for NARIC-2026-900001”/ }).closest('[role="row"]') as HTMLElement;
    expect(first.textContent).toContain('Failed');
    expect(first.textContent).toContain('Payment requested');
    expect(within(first).getByRole('link', { name: 'NARIC-2026-900001' }).getAttribute('href')).toBe('/applications/901');
    const second = within(table).getByRole('button', { name: /Please call me/ }).closest('[role="row"]') as HTMLElement;
    expect(second.textContent).toContain('Sent');
    expect(second.textContent).toContain('In-app');
    expect(second.textContent).toContain('Written by hand');
    expect(screen.getByText('2 notifications')).toBeTruthy();
    const query = listQueries()[0]!;
    expect(Object.fromEntries(query)).toEqual({ status: 'failed', kind: 'email', search: 'arta', date_from: '2026-11-01', page: '1', page_size: '25' });

    await chooseOption('Status', 'Pending');
    await waitFor(() => expect(listQueries().at(-1)!.get('status')).toBe('pending'));
    await chooseOption('Event', 'Documents missing');
    await waitFor(() => expect(listQueries().at(-1)!.get('event')).toBe('documents_missing'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(Object.fromEntries(listQueries().at(-1)!)).toEqual({ page: '1', page_size: '25' }));
  });

  it('opens a failed message with its text, error and sender, and resends it; a refusal is shown in words', async () => {
    const calls = stubApi({
      [LIST]: json(200, page([makeItem()])),
      'GET /api/notifications/7/': json(200, makeDetail()),
      'POST /api/notifications/7/resend/': [json(409, { detail: 'Only a failed message can be resent.', code: 'notification_not_resendable' }), json(201, { ...makeDetail({ id: 9, status: 'pending', resent_from_id: 7 }) })],
      'GET /api/notifications/inbox/': json(200, emptyInbox),
    });
    openSignedIn(DEMO_USERS.officer!, '/notifications');
    const table = await screen.findByRole('grid', { name: 'Notifications' }, FIRST_RENDER);
    fireEvent.click(within(table).getByRole('button', { name: /Open the message/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Payment requested for NARIC-2026-900001' });
    const text = await within(dialog).findByText(/please pay €40.00/);
    expect(text.tagName).toBe('PRE');
    expect(text.textContent).toBe('Dear Arta Krasniqi,\n\nplease pay €40.00.\nReference: NARIC-2026-900001');
    expect(within(dialog).getByText('SMTP 550: mailbox unavailable')).toBeTruthy();
    expect(within(dialog).getByText('Blerta Gashi')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByText('Only a failed message can be resent.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await within(dialog).findByText('A new copy has been queued for sending.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/api/notifications/7/resend/')).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('never shows a confidential message’s text nor offers to resend it; nor resend to someone who may not send', async () => {
    stubApi({
      [LIST]: json(200, page([makeItem({ confidential: true, event: 'password_reset', subject: null })])),
      'GET /api/notifications/7/': json(200, makeDetail({ confidential: true, event: 'password_reset', subject: null, message: null })),
      'GET /api/notifications/inbox/': json(200, emptyInbox),
    });
    openSignedIn(DEMO_USERS.officer!, '/notifications');
    const grid = await screen.findByRole('grid', { name: 'Notifications' }, FIRST_RENDER);
    expect(within(grid).getByText('Subject withheld: the message carries a secret')).toBeTruthy();
    fireEvent.click(within(grid).getByRole('button', { name: /Open the message/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Subject withheld: the message carries a secret' });
    expect(await within(dialog).findByText(/so its text is not shown/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Resend' })).toBeNull();
    signOutAfterTest();

    // A viewer without notifications.send_notification: no resend, no send button.
    const viewer = { ...DEMO_USERS.officer!, permissions: ['notifications.view_notification'], groups: ['Viewers'] };
    stubApi({ [LIST]: json(200, page([makeItem()])), 'GET /api/notifications/7/': json(200, makeDetail()), 'GET /api/notifications/inbox/': json(200, emptyInbox) });
    openSignedIn(viewer, '/notifications');
    fireEvent.click(within(await screen.findByRole('grid', { name: 'Notifications' }, FIRST_RENDER)).getByRole('button', { name: /Open the message/ }));
    const failed = await screen.findByRole('dialog', { name: 'Payment requested for NARIC-2026-900001' });
    await within(failed).findByText(/please pay/);
    expect(within(failed).queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send notification' })).toBeNull();
  });

  it('says an in-app message between other people is theirs, without its subject or text', async () => {
    stubApi({
      [LIST]: json(200, page([makeItem({ kind: 'system', private: true, subject: null, recipient: 'Fatmir Shala', recipient_user: { id: 5, full_name: 'Fatmir Shala' } })])),
      'GET /api/notifications/7/': json(200, makeDetail({ kind: 'system', private: true, subject: null, message: null, recipient: 'Fatmir Shala', recipient_user: { id: 5, full_name: 'Fatmir Shala' } })),
      'GET /api/notifications/inbox/': json(200, emptyInbox),
    });
    openSignedIn(DEMO_USERS.admin!, '/notifications');
    const grid = await screen.findByRole('grid', { name: 'Notifications' }, FIRST_RENDER);
    fireEvent.click(within(grid).getByRole('button', { name: 'Open the message “Subject withheld: an in-app message between other people” to Fatmir Shala' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subject withheld: an in-app message between other people' });
    expect(await within(dialog).findByText(/only its recipient and its sender read/)).toBeTruthy();
  });

  it('sends from a manual template to an application’s applicant, found by reference; e-mail only', async () => {
    const calls = stubApi({
      [LIST]: json(200, page([])),
      'GET /api/applications/': json(200, page([{ ...applicationRow }])),
      'POST /api/notifications/': json(201, makeDetail({ id: 30, status: 'pending' })),
      'GET /api/notifications/inbox/': json(200, emptyInbox),
    });
    openSignedIn(DEMO_USERS.officer!, '/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Send notification' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Send a notification' });
    // Nothing chosen yet: the form names what is missing and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findAllByText('This field is required')).toHaveLength(2);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    const application = within(dialog).getByRole('combobox', { name: 'Application' });
    act(() => application.focus());
    fireEvent.change(application, { target: { value: 'NARIC-2026-9000' } });
    const option = await screen.findByRole('option', { name: 'NARIC-2026-900001 — Valbona Qerimi' });
    expect(new URL(vi.mocked(fetch).mock.calls.map(([input]) => (input instanceof Request ? input.url : String(input))).find((url) => url.includes('/api/applications/'))!).searchParams.get('search')).toBe('NARIC-2026-9000');
    fireEvent.click(option);
    // An applicant is written to by e-mail only.
    fireEvent.click(within(dialog).getByRole('button', { name: /Send as$/ }));
    const kinds = await screen.findByRole('listbox', { name: /Send as/ });
    expect(within(kinds).getAllByRole('option').map((item) => item.textContent)).toEqual(['E-mail']);
    fireEvent.keyDown(kinds, { key: 'Escape' });
    // Only the manual templates written for applicants.
    fireEvent.click(within(dialog).getByRole('button', { name: /Template$/ }));
    const templates = await screen.findByRole('listbox', { name: /Template/ });
    expect(within(templates).getAllByRole('option').map((item) => item.textContent)).toEqual(['Payment requested', 'Documents missing', 'Application status changed']);
    fireEvent.click(within(templates).getByRole('option', { name: 'Documents missing' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Notes/ }), { target: { value: 'The translation of the diploma is missing.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send a notification' })).toBeNull());
    expect(bodyOf(calls, 'POST', '/api/notifications/')).toEqual({
      kind: 'email',
      recipient: { type: 'applicant', application_id: 901 },
      event: 'documents_missing',
      notes: 'The translation of the diploma is missing.',
    });
    expect(screen.getByText('The notification has been queued for sending.')).toBeTruthy();
  });

  it('writes to a member of staff in the app with a subject and message; the server’s field errors are shown', async () => {
    const calls = stubApi({
      [LIST]: json(200, page([])),
      'GET /api/notifications/staff-recipients/': json(200, [{ id: 12, full_name: 'Teuta Morina', email: 'teuta@example.org', username: 'verifier' }]),
      'POST /api/notifications/': [json(400, { subject: ['This field is required'], recipient: ['There is no such user.'], field_codes: { subject: [{ code: 'required', params: {} }], recipient: [{ code: 'notification_unknown_user', params: {} }] } }), json(201, makeDetail({ id: 31 }))],
      'GET /api/notifications/inbox/': json(200, emptyInbox),
    });
    openSignedIn(DEMO_USERS.officer!, '/notifications');
    fireEvent.click(await screen.findByRole('button', { name: 'Send notification' }, FIRST_RENDER));
    const dialog = await screen.findByRole('dialog', { name: 'Send a notification' });
    await chooseOption('Recipient', 'A member of staff', dialog);
    const person = within(dialog).getByRole('combobox', { name: 'Member of staff' });
    act(() => person.focus());
    fireEvent.change(person, { target: { value: 'teu' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Teuta Morina (verifier)' }));
    await chooseOption('Send as', 'In-app', dialog);
    await chooseOption('Content', 'Written here', dialog);
    // The staff's only manual template is not offered while writing here.
    expect(within(dialog).queryByRole('button', { name: /Template$/ })).toBeNull();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Subject/ }), { target: { value: 'Council papers' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Message/ }), { target: { value: 'Please check the papers\nbefore Friday.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('There is no such user.')).toBeTruthy();
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    expect(bodyOf(calls, 'POST', '/api/notifications/')).toEqual({
      kind: 'system',
      recipient: { type: 'staff', user_id: 12 },
      subject: 'Council papers',
      message: 'Please check the papers\nbefore Friday.',
    });
    expect(calls.find((call) => call.path === '/api/notifications/staff-recipients/')).toBeTruthy();
  });
});

const applicationRow = {
  id: 901,
  reference: 'NARIC-2026-900001',
  service_type: 1,
  status: 'processing',
  priority: 'normal',
  applicant: { id: 5, full_name: 'Valbona Qerimi' },
  institution_name: 'University of Vienna',
  institution_country: 'AT',
  submitted_at: '2026-11-01T08:00:00Z',
  assigned_officer: null,
  council: null,
  deadline: null,
  overdue: false,
  days_in_system: 23,
  archived: false,
  invalidated: false,
  incomplete: false,
  version: 1,
  watch_flag: null,
};
