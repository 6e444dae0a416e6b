import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { appRouteObjects } from '../../../src/renderer/app/router';
import { beginSession, sessionAtom } from '../../../src/renderer/lib/session';
import type { AppInfo } from '../../../src/shared/ipc/contract';
import { json, stubApi } from './api-stub';
import { DEMO_USERS } from './demo-users';
import { fakeBridge, makeSession, makeUser, USER_KINDS } from './fixtures';
import { renderRoutes } from './render';

const info = (shell: AppInfo['shell']): AppInfo => ({
  version: '0.1.0',
  shell,
  os: 'Linux',
  apiBaseUrl: '/api',
  embeddedServer: shell === 'desktop',
  sessionPersistence: 'memory',
});

const healthy = json(200, {
  status: 'ok',
  version: '0.1.0',
  database: { status: 'ok', driver: 'pglite' },
  storage: { status: 'ok', backend: 'local' },
  demo: true,
  time: '2026-01-01T00:00:00Z',
});

function signedIn(user = USER_KINDS.naricAdmin, persistence: 'keychain' | 'memory' = 'keychain') {
  const store = createStore();
  beginSession(store, { ...makeSession(user), persistence });
  return store;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  delete window.naric;
  vi.unstubAllGlobals();
});

describe('signed-in layout', () => {
  it('welcomes the user and shows API, database and storage status', async () => {
    stubApi({ 'GET /api/health/': healthy });
    window.naric = fakeBridge({ app: { info: async () => info('web') } });
    renderRoutes(appRouteObjects(), { path: '/', store: signedIn(makeUser({ first_name: 'Blerta', groups: ['NARIC Administrators'] })) });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Blerta' })).toBeTruthy();
    const status = await screen.findByRole('region', { name: 'System status' });
    await waitFor(() => expect(within(status).getAllByText('Working')).toHaveLength(3));
    expect(within(status).getByText(/embedded PostgreSQL \(PGlite\)/)).toBeTruthy();
  });

  it("says 'could not load data' and 'Network error' when the API cannot be reached", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    window.naric = fakeBridge({ app: { info: async () => info('web') } });
    renderRoutes(appRouteObjects(), { path: '/', store: signedIn() });
    const status = await screen.findByRole('region', { name: 'System status' });
    expect(await within(status).findByText('Could not load data.')).toBeTruthy();
    expect(within(status).getByText(/Network error/)).toBeTruthy();
  });

  it('warns in the desktop when the sign-in is only in memory, and not in the browser', async () => {
    stubApi({ 'GET /api/health/': healthy });
    window.naric = fakeBridge({ app: { info: async () => info('desktop') } });
    renderRoutes(appRouteObjects(), { path: '/', store: signedIn(undefined, 'memory') });
    expect(await screen.findByText(/will not survive a restart/)).toBeTruthy();
    cleanup();

    window.naric = fakeBridge({ app: { info: async () => info('web') } });
    renderRoutes(appRouteObjects(), { path: '/', store: signedIn(undefined, 'memory') });
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByText(/will not survive a restart/)).toBeNull();
  });

  it('builds breadcrumbs from the route table and links the parents', async () => {
    window.naric = fakeBridge({ app: { info: async () => info('web') } });
    renderRoutes(appRouteObjects(), { path: '/users/5/edit', store: signedIn() });
    const breadcrumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    const links = within(breadcrumbs).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Users', '/users'],
      ['User detail', '/users/5'],
      ['Edit user', null],
    ]);
    expect(links[2].getAttribute('aria-current')).toBe('page');
  });

  it('hides navigation the user may not use', async () => {
    window.naric = fakeBridge({ app: { info: async () => info('web') } });
    renderRoutes(appRouteObjects(), { path: '/applications', store: signedIn(USER_KINDS.officer) });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Applications' })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(nav).queryByText('Administration')).toBeNull();
  });

  it('turns a content manager away from the applications list without asking for it, and says why in words', async () => {
    const calls = stubApi({ 'GET /api/health/': healthy });
    window.naric = fakeBridge({ app: { info: async () => info('web') } });
    const { router } = renderRoutes(appRouteObjects(), { path: '/applications', store: signedIn(DEMO_USERS.content) });
    expect(await screen.findByText("You don't have permission to access that page. Your role does not include it.")).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByRole('link', { name: 'Applications' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Document templates' })).toBeTruthy();
    expect(calls.map((c) => c.path).filter((path) => path.startsWith('/api/applications') || path === '/api/dashboard/')).toEqual([]);
  });

  it("links the user's name to the profile and signs out to a plain sign-in screen", async () => {
    stubApi({ 'GET /api/health/': healthy, 'GET /api/demo/accounts/': json(200, { demo: false, accounts: [] }) });
    const logout = vi.fn(async () => {});
    window.naric = fakeBridge({ app: { info: async () => info('web') }, auth: { logout } });
    const store = signedIn(makeUser({ full_name: 'Blerta Gashi', groups: ['NARIC Administrators'] }));
    const { router } = renderRoutes(appRouteObjects(), { path: '/reports', store });

    const profileLink = await screen.findByRole('link', { name: 'Your profile: Blerta Gashi' });
    expect(profileLink.getAttribute('href')).toBe('/profile');

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(store.get(sessionAtom)).toBeNull();
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
  });

  it("shows 'Page not found' for any other path, signed in or not", async () => {
    window.naric = fakeBridge();
    renderRoutes(appRouteObjects(), { path: '/no/such/screen', store: createStore() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
  });
});
