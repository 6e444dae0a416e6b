import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { RequireAuth } from '../../../src/renderer/app/require-auth';
import { beginSession, sessionStatusAtom } from '../../../src/renderer/lib/session';
import { DEMO_USERS } from './demo-users';
import { makeSession, USER_KINDS } from './fixtures';
import { renderRoutes } from './render';

function routes() {
  return [
    {
      path: '/users',
      element: (
        <RequireAuth access="admin">
          <p>User list</p>
        </RequireAuth>
      ),
    },
    {
      path: '/applications',
      element: (
        <RequireAuth access="signed_in" permission="applications.view_application">
          <p>Application list</p>
        </RequireAuth>
      ),
    },
    { path: '/login', element: <p>Sign-in screen</p> },
    { path: '/', element: <p>Dashboard</p> },
  ];
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('RequireAuth waits for a session that may still be restoring', () => {
  it('shows the page once the user arrives within the limit', async () => {
    const store = createStore();
    store.set(sessionStatusAtom, 'loading');
    const { router } = renderRoutes(routes(), { path: '/users', store });

    expect(screen.getByRole('progressbar', { name: 'Restoring your sign-in…' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(router.state.location.pathname).toBe('/users');

    act(() => beginSession(store, makeSession(USER_KINDS.naricAdmin)));
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('User list')).toBeTruthy();
  });

  it('decides as for a guest after 5 s without a user', async () => {
    const store = createStore();
    store.set(sessionStatusAtom, 'loading');
    const { router } = renderRoutes(routes(), { path: '/users', store });

    await act(() => vi.advanceTimersByTimeAsync(4_900));
    expect(router.state.location.pathname).toBe('/users');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fusers');
  });

  it('applies the guard to a restored non-admin user', async () => {
    const store = createStore();
    store.set(sessionStatusAtom, 'loading');
    const { router } = renderRoutes(routes(), { path: '/users', store });
    act(() => beginSession(store, makeSession(USER_KINDS.officer)));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?error=access_denied');
  });

  it('refuses a route whose permission the user lacks, before the screen renders', async () => {
    const store = createStore();
    store.set(sessionStatusAtom, 'loading');
    const { router } = renderRoutes(routes(), { path: '/applications', store });
    act(() => beginSession(store, makeSession(DEMO_USERS.content)));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('?error=access_denied&reason=permission');
    expect(screen.queryByText('Application list')).toBeNull();
  });

  it('lets a user holding the permission in', async () => {
    const store = createStore();
    store.set(sessionStatusAtom, 'loading');
    const { router } = renderRoutes(routes(), { path: '/applications', store });
    act(() => beginSession(store, makeSession(DEMO_USERS.inspector)));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(router.state.location.pathname).toBe('/applications');
    expect(screen.getByText('Application list')).toBeTruthy();
  });
});
