import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi, type StubbedCall } from '../api-stub';
import { chooseOption } from '../choose-option';
import { DEMO_USERS } from '../demo-users';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { createI18n } from '../../../../src/renderer/lib/i18n';
import type { NotificationTemplate, TemplateEventSummary } from '../../../../src/shared/api/notifications';
import { NOTIFICATION_EVENT_DEFINITIONS, NOTIFICATION_EVENTS, isConfidentialEvent } from '../../../../src/shared/domain/notification-events';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const HISTORY = '/api/notifications/templates/payment_requested/en/';
const emptyInbox = { count: 0, next: null, previous: null, results: [], unread: 0 };

function makeTemplate(overrides: Partial<NotificationTemplate> = {}): NotificationTemplate {
  return {
    id: 40,
    event: 'payment_requested',
    language: 'en',
    version: 2,
    subject: 'Payment for {{reference}}',
    body: 'Dear {{applicant_name}},\nplease pay {{amount}}.',
    active: true,
    created_by: { id: 10, full_name: 'Liridona Kelmendi' },
    created_at: '2026-11-18T12:00:00Z',
    ...overrides,
  };
}

const summaries: TemplateEventSummary[] = NOTIFICATION_EVENTS.map((event) => ({
  event,
  audience: NOTIFICATION_EVENT_DEFINITIONS[event].audience,
  variables: [...NOTIFICATION_EVENT_DEFINITIONS[event].variables],
  manual: Boolean(NOTIFICATION_EVENT_DEFINITIONS[event].manual),
  confidential: isConfidentialEvent(event),
  templates: event === 'payment_requested' ? [makeTemplate()] : [],
}));

const history = {
  event: 'payment_requested',
  language: 'en',
  variables: [...NOTIFICATION_EVENT_DEFINITIONS.payment_requested.variables],
  versions: [makeTemplate(), makeTemplate({ id: 39, version: 1, active: false, subject: 'Your fee', body: 'Please pay the fee of {{amount}}.', created_by: null, created_at: '2026-11-01T08:00:00Z' })],
};

const bodyOf = (calls: StubbedCall[]) => JSON.parse(calls.find((call) => call.method === 'PUT')!.body);
const field = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLTextAreaElement;
const preview = () => screen.getByTestId('template-preview');

async function openEditor(extra: Parameters<typeof stubApi>[0] = {}) {
  const calls = stubApi({
    'GET /api/notifications/templates/': json(200, summaries),
    [`GET ${HISTORY}`]: json(200, history),
    'GET /api/notifications/inbox/': json(200, emptyInbox),
    ...extra,
  });
  openSignedIn(DEMO_USERS.content!, '/notifications/templates');
  const table = await screen.findByRole('grid', { name: 'Notification templates' }, FIRST_RENDER);
  const row = within(table).getByText('Payment requested').closest('[role="row"]') as HTMLElement;
  expect(row.textContent).toContain('Sent to the applicant when the fee is requested');
  expect(row.textContent).toContain('Applicant');
  const confidential = within(table).getByText('Password reset').closest('[role="row"]') as HTMLElement;
  expect(confidential.textContent).toContain('Confidential');
  expect(confidential.textContent).toContain('Built-in text');
  fireEvent.click(within(row).getByRole('link', { name: 'Edit “Payment requested” in English' }));
  await screen.findByRole('heading', { name: 'Payment requested — English' });
  return calls;
}

describe('notification templates', { timeout: 60_000 }, () => {
  it('lists every event with its three languages, and opens one in the editor with a live preview', async () => {
    await openEditor();
    expect(field(/^Subject/).value).toBe('Payment for {{reference}}');
    expect(preview().textContent).toContain('Payment for NARIC-2026-000123');
    expect(preview().textContent).toContain('Dear Arta Krasniqi,\nplease pay €40.00.');
    fireEvent.change(field(/^Message/), { target: { value: 'Dear {{applicant_name}}, the service is {{service}}.' } });
    expect(preview().textContent).toContain('the service is Recognition of university diplomas.');
    // A content manager previews the same text with the Serbian sample values.
    await chooseOption('Preview with sample values in', 'Serbian');
    expect(preview().textContent).toContain('the service is Priznavanje univerzitetskih diploma.');
    expect(preview().getAttribute('lang')).toBe('sr');
  });

  it('flags an unknown variable under its field as it is typed and keeps Save disabled', async () => {
    await openEditor();
    const save = () => screen.getByRole('button', { name: 'Save as a new version' });
    fireEvent.change(field(/^Message/), { target: { value: 'Dear {{applicant_name}}, pay {{amount}} by {{due_date}} to {{iban}}.' } });
    expect(screen.getByText('These variables are unknown to the event: due_date, iban.')).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
    // The unknown variable stays as written in the preview.
    expect(preview().textContent).toContain('by {{due_date}}');
    fireEvent.change(field(/^Message/), { target: { value: 'Dear {{applicant_name}}, pay {{amount}}.' } });
    expect(screen.queryByText(/unknown to the event/)).toBeNull();
    expect(save().hasAttribute('disabled')).toBe(false);
  });

  it('flags a secret in the subject, or in an event that does not carry it, and never previews it', async () => {
    await openEditor();
    const save = () => screen.getByRole('button', { name: 'Save as a new version' });
    fireEvent.change(field(/^Subject/), { target: { value: 'Your password {{temporary_password}}' } });
    expect(screen.getByText('A secret may be written only into the message of its own event, never into a subject: temporary_password.')).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
    expect(preview().textContent).toContain('Your password {{temporary_password}}');
    expect(preview().textContent).not.toContain('x7-Qm4-Lp9');
    fireEvent.change(field(/^Subject/), { target: { value: 'Payment for {{reference}}' } });
    // payment_requested carries no secret: its message may not hold one either.
    fireEvent.change(field(/^Message/), { target: { value: 'Pay {{amount}}; {{temporary_password}}' } });
    expect(screen.getByText('A secret may be written only into the message of its own event, never into a subject: temporary_password.')).toBeTruthy();
    expect(save().hasAttribute('disabled')).toBe(true);
    expect(preview().textContent).not.toContain('x7-Qm4-Lp9');
  });

  it('shows the server’s misplaced-secret refusal in the reader’s words', async () => {
    await openEditor({ [`PUT ${HISTORY}`]: json(400, { subject: ['A secret may be written only into the message of its own event, never into a subject: temporary_password.'], field_codes: { subject: [{ code: 'notification_misplaced_secret', params: { names: 'temporary_password' } }] } }) });
    fireEvent.change(field(/^Message/), { target: { value: 'Please pay {{amount}} now.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText('A secret may be written only into the message of its own event, never into a subject: temporary_password.')).toBeTruthy();
    // What was typed stays.
    expect(field(/^Message/).value).toBe('Please pay {{amount}} now.');
  });

  it('inserts a variable chip at the cursor', async () => {
    await openEditor();
    const body = field(/^Message/);
    fireEvent.change(body, { target: { value: 'Pay  now.' } });
    act(() => body.focus());
    body.setSelectionRange(4, 4);
    fireEvent.click(screen.getByRole('button', { name: 'Insert the variable amount' }));
    await waitFor(() => expect(field(/^Message/).value).toBe('Pay {{amount}} now.'));
    expect(field(/^Message/).selectionStart).toBe('Pay {{amount}}'.length);
    // The subject gets the chip once it was the field last in use.
    const subject = field(/^Subject/);
    act(() => subject.focus());
    subject.setSelectionRange(0, 0);
    fireEvent.click(screen.getByRole('button', { name: 'Insert the variable reference' }));
    await waitFor(() => expect(field(/^Subject/).value).toBe('{{reference}}Payment for {{reference}}'));
  });

  it('saves a new version on top of the one it started from; a 412 says someone else changed it and reloads', async () => {
    const changed = { ...history, versions: [makeTemplate({ id: 41, version: 3, subject: 'Fee for {{reference}}', created_by: { id: 11, full_name: 'Arben Krasniqi' } }), ...history.versions.map((v) => ({ ...v, active: false }))] };
    const calls = await openEditor({
      [`GET ${HISTORY}`]: [json(200, history), json(200, changed)],
      [`PUT ${HISTORY}`]: [
        json(412, { detail: 'The template was changed by someone else. Reload and apply your changes again.', code: 'notification_stale_template' }),
        json(200, { ...changed, versions: [makeTemplate({ id: 42, version: 4, subject: 'Fee for {{reference}}', body: 'Please pay {{amount}}.' }), ...changed.versions.map((v) => ({ ...v, active: false }))] }),
      ],
    });
    fireEvent.change(field(/^Message/), { target: { value: 'Please pay {{amount}}.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText('The template was changed by someone else. Reload and apply your changes again.')).toBeTruthy();
    expect(bodyOf(calls)).toEqual({ version: 2, subject: 'Payment for {{reference}}', body: 'Please pay {{amount}}.' });
    fireEvent.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect(field(/^Subject/).value).toBe('Fee for {{reference}}'));
    expect(screen.getByText('Editing from version 3; saving creates a new version.')).toBeTruthy();
    fireEvent.change(field(/^Message/), { target: { value: 'Please pay {{amount}}.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText('Saved as version 4.')).toBeTruthy();
    // The answer is the history: the new version heads the list as the active one, and the editor starts from it.
    expect(within(screen.getByRole('grid', { name: 'Versions of this template' })).getAllByRole('row')[1]!.textContent).toMatch(/^4.*Active/);
    expect(screen.getByText('Editing from version 4; saving creates a new version.')).toBeTruthy();
    const puts = calls.filter((call) => call.method === 'PUT');
    expect(JSON.parse(puts[1]!.body)).toEqual({ version: 3, subject: 'Fee for {{reference}}', body: 'Please pay {{amount}}.' });
  });

  it('lists the versions with their author, and restores an older one into the editor', async () => {
    const calls = await openEditor({ [`PUT ${HISTORY}`]: json(200, { ...history, versions: [makeTemplate({ id: 43, version: 3, subject: 'Your fee', body: 'Please pay the fee of {{amount}}.' }), ...history.versions.map((v) => ({ ...v, active: false }))] }) });
    const versions = screen.getByRole('grid', { name: 'Versions of this template' });
    const active = within(versions).getAllByRole('row')[1]!;
    expect(active.textContent).toContain('Liridona Kelmendi');
    expect(active.textContent).toContain('Active');
    fireEvent.click(within(versions).getByRole('button', { name: 'View version 1' }));
    expect(await screen.findByRole('heading', { name: 'Version 1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Restore into the editor' }));
    expect(field(/^Subject/).value).toBe('Your fee');
    expect(field(/^Message/).value).toBe('Please pay the fee of {{amount}}.');
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    // Saved on top of the active version 2, not of the restored one.
    expect(bodyOf(calls)).toEqual({ version: 2, subject: 'Your fee', body: 'Please pay the fee of {{amount}}.' });
    expect(await screen.findByText('Saved as version 3.')).toBeTruthy();
  });

  it('shows the server’s unknown-variable refusal in the reader’s words', async () => {
    await openEditor({ [`PUT ${HISTORY}`]: json(400, { body: ['This template uses a variable its event does not know: iban.'], field_codes: { body: [{ code: 'notification_unknown_variable', params: { names: 'iban' } }] } }) });
    fireEvent.change(field(/^Message/), { target: { value: 'Please pay {{amount}} now.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText('This template uses a variable its event does not know: iban.')).toBeTruthy();
  });
});

describe('event names', () => {
  it('has a name and a description of every event in en, sq and sr', () => {
    const i18n = createI18n('en');
    const keys = NOTIFICATION_EVENTS.flatMap((event) => [`notifications:events.${event}`, `notifications:eventDescriptions.${event}`]);
    for (const lng of ['en', 'sq', 'sr']) expect(keys.filter((key) => !i18n.exists(key, { lng, fallbackLng: false } as never)), lng).toEqual([]);
  });
});
