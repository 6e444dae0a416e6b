import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiUrl, createApiClient } from '../../../src/main/api-client';
import { transportErrorOf } from '../../../src/shared/transport-failure';
import { json, startFakeApiServer } from './fake-api-server';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (thrown) {
    return transportErrorOf(thrown);
  }
  throw new Error('expected a rejection');
}

describe('api client', () => {
  it('joins the server URL and the API base path', () => {
    expect(apiUrl('http://127.0.0.1:8000', '/auth/me/')).toBe('http://127.0.0.1:8000/api/auth/me/');
    expect(apiUrl('https://naric.example/', 'health/')).toBe('https://naric.example/api/health/');
  });

  it('sends JSON with the bearer token and reads any answer as {status, data}', async () => {
    const server = await startFakeApiServer({
      'POST /api/auth/logout/': (_call, response) => json(response, 205),
      'GET /api/auth/me/': (_call, response) => json(response, 401, { detail: 'Authentication credentials were not provided.' }),
    });
    close = server.close;
    const api = createApiClient({ serverUrl: () => server.url });
    expect(await api.request('POST', '/auth/logout/', { refresh_token: 'r1' }, { accessToken: 'a1' })).toEqual({ status: 205, data: undefined });
    expect(server.calls[0].headers).toMatchObject({ authorization: 'Bearer a1', 'content-type': 'application/json', accept: 'application/json' });
    expect(server.calls[0].body).toEqual({ refresh_token: 'r1' });
    expect(await api.request('GET', '/auth/me/', undefined)).toEqual({ status: 401, data: { detail: 'Authentication credentials were not provided.' } });
    expect(server.calls[1].headers.authorization).toBeUndefined();
  });

  it('get() parses 2xx with the schema and keeps the JSON body of an error status', async () => {
    const server = await startFakeApiServer({
      'GET /api/ok/': (_call, response) => json(response, 200, { answer: 42 }),
      'GET /api/gone/': (_call, response) => json(response, 404, { detail: 'No such application.' }),
      'GET /api/html/': (_call, response) => {
        response.writeHead(502, { 'Content-Type': 'text/html' });
        response.end('<html>Bad gateway</html>');
      },
    });
    close = server.close;
    const api = createApiClient({ serverUrl: () => server.url });
    expect(await api.get('/ok/', z.object({ answer: z.number() }))).toEqual({ answer: 42 });
    expect(await rejection(api.get('/gone/', z.unknown()))).toEqual({
      code: 'not_found',
      message: 'No such application.',
      status: 404,
      body: { detail: 'No such application.' },
    });
    expect(await rejection(api.get('/html/', z.unknown()))).toEqual({ code: 'server_error', message: 'Internal server error', status: 502 });
    expect(await rejection(api.get('/ok/', z.object({ answer: z.string() })))).toMatchObject({ code: 'server_error', status: 200 });
  });

  it('times out with code timeout', async () => {
    const server = await startFakeApiServer({
      'GET /api/slow/': (_call, response) => {
        setTimeout(() => json(response, 200, {}), 2_000);
      },
    });
    close = server.close;
    const api = createApiClient({ serverUrl: () => server.url });
    const started = Date.now();
    expect(await rejection(api.request('GET', '/slow/', undefined, { timeoutMs: 100 }))).toEqual({ code: 'timeout', message: 'The server did not answer in time.' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('reports an unreachable server, or none at all, as network_error', async () => {
    const server = await startFakeApiServer({});
    const deadUrl = server.url;
    await server.close();
    const api = createApiClient({ serverUrl: () => deadUrl });
    expect(await rejection(api.request('GET', '/health/', undefined))).toEqual({ code: 'network_error', message: 'Network error' });
    const noServer = createApiClient({
      serverUrl: () => Promise.reject(new Error('The embedded API server did not start within 120 s.')),
    });
    expect(await rejection(noServer.request('GET', '/health/', undefined))).toEqual({
      code: 'network_error',
      message: 'The embedded API server did not start within 120 s.',
    });
  });
});
