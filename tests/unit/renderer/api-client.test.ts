import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createStore } from 'jotai';
import { createApiClient, type ApiClientDependencies } from '../../../src/renderer/lib/api-client';
import {
  beginSession,
  endSession,
  replaceAccessToken,
  sessionAtom,
  sessionEndReasonAtom,
  sessionStatusAtom,
} from '../../../src/renderer/lib/session';
import { transportErrorOf } from '../../../src/shared/transport-failure';
import { makeSession } from './fixtures';

const BASE = 'http://back-office.test/api';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: answers by the bearer token it receives and records every request. */
function fakeServer(answer: (request: Request) => Response | Promise<Response>) {
  const requests: { url: string; method: string; authorization: string | null; xsrf: string | null; body: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push({
      url: request.url,
      method: request.method,
      authorization: request.headers.get('Authorization'),
      xsrf: request.headers.get('X-XSRF-TOKEN'),
      body: await request.clone().text(),
    });
    return answer(request);
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

function clientWithSession(fetch: typeof globalThis.fetch, refreshAccess: ApiClientDependencies['refreshAccess']) {
  const store = createStore();
  beginSession(store, makeSession(undefined, 'stale-access'));
  const client = createApiClient({
    fetch,
    baseUrl: BASE,
    getAccessToken: () => store.get(sessionAtom)?.access ?? null,
    refreshAccess,
    onAccessRefreshed: (access) => replaceAccessToken(store, access),
    onSessionExpired: () => endSession(store, 'expired'),
  });
  return { store, client };
}

const item = z.object({ id: z.number(), name: z.string() });

describe('API client: the 401 rule of spec §8', () => {
  it('on a 401 refreshes once and retries the request once with the new token', async () => {
    const server = fakeServer((request) =>
      request.headers.get('Authorization') === 'Bearer fresh-access' ? json(200, { id: 1, name: 'Prishtina' }) : json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' }),
    );
    const refreshAccess = vi.fn(async () => ({ access: 'fresh-access' }));
    const { client, store } = clientWithSession(server.fetch, refreshAccess);

    await expect(client.post('/reference/cities/', { name: 'Prishtina' }, item)).resolves.toEqual({ id: 1, name: 'Prishtina' });

    expect(refreshAccess).toHaveBeenCalledTimes(1);
    expect(server.requests.map((r) => [r.method, r.url, r.authorization])).toEqual([
      ['POST', `${BASE}/reference/cities/`, 'Bearer stale-access'],
      ['POST', `${BASE}/reference/cities/`, 'Bearer fresh-access'],
    ]);
    // The retried request carries the same payload.
    expect(server.requests[1].body).toBe(JSON.stringify({ name: 'Prishtina' }));
    expect(store.get(sessionAtom)?.access).toBe('fresh-access');
    expect(store.get(sessionStatusAtom)).toBe('signed_in');
  });

  it('retries only once: a second 401 is the answer', async () => {
    const server = fakeServer(() => json(401, { detail: 'Authentication credentials were not provided.' }));
    const refreshAccess = vi.fn(async () => ({ access: 'fresh-access' }));
    const { client } = clientWithSession(server.fetch, refreshAccess);

    const failure = await client.get('/auth/me/', item).catch((error: unknown) => error);
    expect(transportErrorOf(failure)).toMatchObject({ status: 401, code: 'not_authenticated' });
    expect(refreshAccess).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(2);
  });

  it('when the refresh fails: the session is cleared and the error is Session expired', async () => {
    const server = fakeServer(() => json(401, { detail: 'Token is invalid or expired' }));
    const refreshAccess = vi.fn(async () => {
      throw new Error('refresh token refused');
    });
    const { client, store } = clientWithSession(server.fetch, refreshAccess);

    const failure = await client.get('/applications/', item).catch((error: unknown) => error);

    expect(transportErrorOf(failure)).toMatchObject({ code: 'session_expired', message: 'Session expired', status: 401 });
    expect(refreshAccess).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(1);
    expect(store.get(sessionAtom)).toBeNull();
    expect(store.get(sessionStatusAtom)).toBe('signed_out');
    expect(store.get(sessionEndReasonAtom)).toBe('expired');
  });

  it('shares one refresh between requests that fail together', async () => {
    const server = fakeServer((request) =>
      request.headers.get('Authorization') === 'Bearer fresh-access' ? json(200, { id: 2, name: 'Prizren' }) : json(401, {}),
    );
    let release: (value: { access: string }) => void = () => {};
    const refreshAccess = vi.fn(() => new Promise<{ access: string }>((resolve) => (release = resolve)));
    const { client } = clientWithSession(server.fetch, refreshAccess);

    const calls = [client.get('/a/', item), client.get('/b/', item), client.get('/c/', item)];
    await vi.waitFor(() => expect(server.requests).toHaveLength(3));
    release({ access: 'fresh-access' });
    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    expect(refreshAccess).toHaveBeenCalledTimes(1);
  });

  it('does not try to refresh without a session (e.g. on the sign-in screen)', async () => {
    const server = fakeServer(() => json(401, { detail: 'no' }));
    const refreshAccess = vi.fn(async () => ({ access: 'x' }));
    const client = createApiClient({
      fetch: server.fetch,
      baseUrl: BASE,
      getAccessToken: () => null,
      refreshAccess,
      onAccessRefreshed: () => {},
      onSessionExpired: () => {},
    });
    await expect(client.get('/demo/accounts/', item)).rejects.toMatchObject({ error: { status: 401 } });
    expect(refreshAccess).not.toHaveBeenCalled();
    expect(server.requests[0].authorization).toBeNull();
  });
});

describe('API client: requests and answers', () => {
  it('sends the XSRF-TOKEN cookie back as X-XSRF-TOKEN', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123';
    try {
      const server = fakeServer(() => json(200, { id: 1, name: 'x' }));
      const { client } = clientWithSession(server.fetch, async () => ({ access: 'unused' }));
      await client.get('/x/', item);
      expect(server.requests[0].xsrf).toBe('abc=123');
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('reads a DRF list page with its query', async () => {
    const server = fakeServer(() => json(200, { count: 1, next: null, previous: null, results: [{ id: 5, name: 'Gjakova' }] }));
    const { client } = clientWithSession(server.fetch, async () => ({ access: 'unused' }));
    const page = await client.list('/cities/', item, { page: 2, page_size: 50, ordering: '-name', search: '', country: undefined });
    expect(page.results).toEqual([{ id: 5, name: 'Gjakova' }]);
    expect(new URL(server.requests[0].url).search).toBe('?page=2&page_size=50&ordering=-name');
  });

  it.each([
    [400, { name: ['This field is required'] }, 'validation_error'],
    [403, { detail: 'You do not have permission to perform this action.' }, 'permission_denied'],
    [404, { detail: 'Not found.' }, 'not_found'],
    [409, { detail: 'Not allowed from submitted' }, 'conflict'],
    [500, undefined, 'server_error'],
  ])('turns HTTP %i (body %o) into the code %s, keeping the body', async (status, body, code) => {
    const server = fakeServer(() => (body === undefined ? new Response('oops', { status }) : json(status, body)));
    const { client } = clientWithSession(server.fetch, async () => ({ access: 'unused' }));
    const failure = await client.get('/x/', item).catch((error: unknown) => error);
    expect(transportErrorOf(failure)).toMatchObject({ code, status, ...(body === undefined ? {} : { body }) });
  });

  it('turns no answer at all into a network error', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof globalThis.fetch;
    const { client } = clientWithSession(fetch, async () => ({ access: 'unused' }));
    const failure = await client.get('/x/', item).catch((error: unknown) => error);
    expect(transportErrorOf(failure)).toMatchObject({ code: 'network_error', message: 'Network error' });
  });

  it('refuses an answer that breaks the contract', async () => {
    const server = fakeServer(() => json(200, { id: 'not a number' }));
    const { client } = clientWithSession(server.fetch, async () => ({ access: 'unused' }));
    const failure = await client.get('/x/', item).catch((error: unknown) => error);
    expect(transportErrorOf(failure)).toMatchObject({ code: 'server_error', status: 200 });
  });
});
