import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LAST_INPUT_STORAGE_KEY } from '../../../src/renderer/lib/idle-sign-out';
import { PUBLIC_SETTINGS_KEY } from '../../../src/renderer/lib/office-language';
import { appStore, sessionAtom, sessionEndReasonAtom } from '../../../src/renderer/lib/session';
import { json, stubApi } from './api-stub';
import { USER_KINDS } from './fixtures';
import { openSignedIn, signOutAfterTest } from './signed-in';

// An open window's background polling refreshes the session, so the server's idle timeout never
// ends it: the window signs itself out after the public settings' idle timeout without input.

const MINUTE = 60_000;

beforeEach(() => {
  localStorage.clear();
  // Only the clock and the minute timer are faked: react-query and waitFor keep their real timeouts.
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: new Date('2026-03-02T08:00:00Z') });
});

afterEach(() => {
  vi.useRealTimers();
  signOutAfterTest();
  localStorage.clear();
});

/** The app at /users, signed in, with the office's idle timeout at `minutes`, once the window has read it. */
async function openWithIdleTimeout(minutes: number) {
  stubApi({
    'GET /api/settings/public/': json(200, { default_language: 'en', session_idle_timeout_minutes: minutes }),
    'GET /api/demo/accounts/': json(200, { demo: false, accounts: [] }),
  });
  const logout = vi.fn(async () => {});
  const view = openSignedIn(USER_KINDS.naricAdmin, '/users', { auth: { logout } });
  await waitFor(() => expect(view.queryClient.getQueryData(PUBLIC_SETTINGS_KEY)).toBeDefined());
  // Lets React commit the answer (and the watch that starts with it).
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { ...view, logout };
}

async function passMinutes(minutes: number) {
  await vi.advanceTimersByTimeAsync(minutes * MINUTE);
}

async function expectTimedOut(view: Awaited<ReturnType<typeof openWithIdleTimeout>>) {
  await waitFor(() => expect(appStore.get(sessionAtom)).toBeNull());
  expect(appStore.get(sessionEndReasonAtom)).toBe('timed_out');
  expect(view.logout).toHaveBeenCalledTimes(1);
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/login'));
  expect(view.router.state.location.search).toBe(`?redirect=${encodeURIComponent('/users')}`);
  expect(await screen.findByText('Your session has ended')).toBeTruthy();
}

function expectSignedIn(view: Awaited<ReturnType<typeof openWithIdleTimeout>>) {
  expect(appStore.get(sessionAtom)).not.toBeNull();
  expect(view.logout).not.toHaveBeenCalled();
}

describe('idle sign-out', () => {
  it('signs out with the reason timed_out once nobody touched the window for the timeout, and leads back', async () => {
    const view = await openWithIdleTimeout(30);
    await passMinutes(29);
    expectSignedIn(view);
    await passMinutes(1);
    await expectTimedOut(view);
  });

  it('keeps the session while the person uses the window', async () => {
    const view = await openWithIdleTimeout(30);
    await passMinutes(20);
    fireEvent.keyDown(document.body, { key: 'a' });
    await passMinutes(20);
    fireEvent.pointerDown(document.body);
    await passMinutes(20);
    fireEvent.wheel(document.body);
    await passMinutes(29);
    // 89 minutes open, never 30 without input.
    expectSignedIn(view);
    await passMinutes(1);
    await expectTimedOut(view);
  });

  it('honours the timeout of the public settings, not a built-in one', async () => {
    const view = await openWithIdleTimeout(90);
    await passMinutes(60);
    expectSignedIn(view);
    await passMinutes(30);
    await expectTimedOut(view);
  });

  it('counts input in another tab of the same session', async () => {
    const view = await openWithIdleTimeout(30);
    await passMinutes(20);
    localStorage.setItem(LAST_INPUT_STORAGE_KEY, String(Date.now()));
    await passMinutes(20);
    expectSignedIn(view);
    await passMinutes(10);
    await expectTimedOut(view);
  });

  it('checks at once when the window gets the focus back (a machine woken from sleep)', async () => {
    const view = await openWithIdleTimeout(30);
    // Asleep: the clock moved on, no timer ran.
    vi.setSystemTime(Date.now() + 31 * MINUTE);
    fireEvent.focus(window);
    await expectTimedOut(view);
  });
});
