import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../api-stub';
import { DEMO_USERS } from '../demo-users';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import type { InboxItem } from '../../../../src/shared/api/notifications';
import { INBOX_POLL_MS } from '../../../../src/renderer/features/inbox/api';

afterEach(signOutAfterTest);

const FIRST_RENDER = { timeout: 10_000 };
const INBOX = 'GET /api/notifications/inbox/';

function makeMessage(overrides: Partial<InboxItem> = {}): InboxItem {
  return {
    id: 51,
    subject: 'Deadline reminder: NARIC-2026-900002',
    message: 'The council review of NARIC-2026-900002 is due in 3 days.',
    application: { id: 902, reference: 'NARIC-2026-900002' },
    sender: null,
    created_at: '2026-11-24T08:30:00Z',
    read_at: null,
    ...overrides,
  };
}

const inbox = (results: InboxItem[], unread: number) => ({ count: results.length, next: null, previous: null, results, unread });
const messages = [makeMessage(), makeMessage({ id: 52, subject: 'Council papers', message: 'Please check the papers.', application: null, sender: { id: 3, full_name: 'Blerta Gashi' } }), makeMessage({ id: 50, subject: 'Old news', read_at: '2026-11-20T10:00:00Z' })];

describe('the bell', { timeout: 60_000 }, () => {
  it('shows the unread count in its name and badge, lists the latest messages and marks one read when opened', async () => {
    const calls = stubApi({
      [INBOX]: [json(200, inbox(messages, 2)), json(200, inbox([{ ...messages[0]!, read_at: '2026-11-24T09:00:00Z' }, messages[1]!, messages[2]!], 1))],
      'POST /api/notifications/inbox/51/read/': json(200, { ...messages[0], read_at: '2026-11-24T09:00:00Z' }),
      'GET /api/countries/': json(200, []),
    });
    openSignedIn(DEMO_USERS.officer!, '/profile');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_RENDER);
    expect(bell.textContent).toContain('2');
    // The bell is an SVG drawing hidden from screen readers (the button's name says it), never a font glyph.
    const drawing = bell.querySelector('svg');
    expect(drawing?.getAttribute('aria-hidden')).toBe('true');
    expect(bell.textContent).toBe('2');
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('2 unread messages')).toBeTruthy();
    const entries = within(panel).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]!.textContent).toContain('Unread:');
    expect(entries[0]!.textContent).toContain('The system');
    expect(entries[1]!.textContent).toContain('Blerta Gashi');
    expect(entries[2]!.textContent).not.toContain('Unread:');
    expect(within(entries[0]!).getByRole('link', { name: 'Open application NARIC-2026-900002' }).getAttribute('href')).toBe('/applications/902');
    fireEvent.click(within(entries[0]!).getByRole('button', { name: /Deadline reminder/ }));
    expect(await within(panel).findByText('The council review of NARIC-2026-900002 is due in 3 days.')).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === 'POST' && call.path === '/api/notifications/inbox/51/read/')).toBe(true));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy());
    // Opening it again marks nothing twice.
    fireEvent.click(within(panel).getAllByRole('button', { name: /Deadline reminder/ })[0]!);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('marks everything read, and names the count in the reader’s language', async () => {
    const calls = stubApi({
      [INBOX]: [json(200, inbox(messages, 2)), json(200, inbox(messages.map((m) => ({ ...m, read_at: m.read_at ?? '2026-11-24T09:00:00Z' })), 0))],
      'POST /api/notifications/inbox/read-all/': json(200, { marked: 2 }),
      'GET /api/countries/': json(200, []),
    });
    const { i18n } = openSignedIn(DEMO_USERS.content!, '/profile');
    await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_RENDER);
    await act(() => i18n.changeLanguage('sr'));
    await screen.findByRole('button', { name: 'Obaveštenja, 2 nepročitana' });
    await act(() => i18n.changeLanguage('en'));
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    fireEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Mark all read' }));
    expect(await within(panel).findByText('Everything has been read.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/notifications/inbox/read-all/']);
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Mark all read' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks again every minute while the window is shown, not while it is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    try {
      const calls = stubApi({ [INBOX]: [json(200, inbox(messages, 2)), json(200, inbox(messages, 3))], 'GET /api/countries/': json(200, []) });
      openSignedIn(DEMO_USERS.officer!, '/profile');
      await screen.findByRole('button', { name: 'Notifications, 2 unread' }, FIRST_RENDER);
      const asked = () => calls.filter((call) => call.path === '/api/notifications/inbox/').length;
      expect(asked()).toBe(1);
      act(() => vi.advanceTimersByTime(INBOX_POLL_MS));
      await screen.findByRole('button', { name: 'Notifications, 3 unread' });
      expect(asked()).toBe(2);
      act(() => focusManager.setFocused(false));
      act(() => vi.advanceTimersByTime(3 * INBOX_POLL_MS));
      // A request the interval started would be recorded by now (the stub records after reading the body).
      await act(() => new Promise((settle) => setTimeout(settle, 100)));
      expect(asked()).toBe(2);
    } finally {
      focusManager.setFocused(undefined);
      vi.useRealTimers();
    }
  });
});
