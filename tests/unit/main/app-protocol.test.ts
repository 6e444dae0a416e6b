import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, createAppRequestHandler, resolveRendererPath } from '../../../src/main/app-protocol';
import { json, startFakeApiServer } from './fake-api-server';

const root = mkdtempSync(join(tmpdir(), 'naric-renderer-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<!doctype html><title>NARIC</title><div id="root"></div>');
writeFileSync(join(root, 'assets', 'app-1a2b.js'), 'console.info("app")');
writeFileSync(join(root, '..', 'naric-secret.txt'), 'outside the renderer');
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(join(root, '..', 'naric-secret.txt'), { force: true });
});

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

function handler(apiServerUrl: () => Promise<string> = () => Promise.reject(new Error('no server'))) {
  return createAppRequestHandler({ rendererRoot: root, apiServerUrl, fetch: (url, init) => fetch(url, init) });
}

describe('app:// renderer files', () => {
  it('serves index.html at the root with the strict CSP', async () => {
    const response = await handler()(new Request('app://naric/'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<div id="root">');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'; script-src 'self'; connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
  });

  it('serves assets with their type, and index.html for client-side routes', async () => {
    const asset = await handler()(new Request('app://naric/assets/app-1a2b.js'));
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await asset.text()).toBe('console.info("app")');
    const route = await handler()(new Request('app://naric/applications/42/verdict/7?tab=timeline'));
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>NARIC</title>');
  });

  it('finds ./assets/ files asked for relative to a deep route (a reload on /applications/42)', async () => {
    const asset = await handler()(new Request('app://naric/applications/assets/app-1a2b.js'));
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe('console.info("app")');
    // The fallback path is checked like any other: nothing outside the renderer comes back.
    for (const url of ['app://naric/applications/assets/..%2f..%2fnaric-secret.txt', 'app://naric/x/assets/%2e%2e%2f%2e%2e%2fnaric-secret.txt']) {
      const response = await handler()(new Request(url));
      expect(response.status, url).not.toBe(200);
      expect(await response.text()).not.toContain('outside the renderer');
    }
  });

  it('answers 404 for a missing asset rather than the page', async () => {
    expect((await handler()(new Request('app://naric/assets/missing.js'))).status).toBe(404);
    expect((await handler()(new Request('app://other-host/index.html'))).status).toBe(404);
  });

  it('refuses paths that leave the renderer folder', async () => {
    for (const url of ['app://naric/..%2fnaric-secret.txt', 'app://naric/assets/..%2f..%2fnaric-secret.txt', 'app://naric/%2e%2e%5cnaric-secret.txt', 'app://naric/x%00.js']) {
      const response = await handler()(new Request(url));
      expect(response.status, url).toBe(403);
      expect(await response.text()).not.toContain('outside the renderer');
    }
    expect(resolveRendererPath(root, '/../naric-secret.txt')).toBeNull();
    expect(resolveRendererPath(root, '/%E0%A4%A')).toBeNull();
    expect(resolveRendererPath(root, '/assets/app-1a2b.js')).toBe(join(root, 'assets', 'app-1a2b.js'));
  });

  it('serves files for GET and HEAD only', async () => {
    expect((await handler()(new Request('app://naric/', { method: 'POST', body: 'x' }))).status).toBe(405);
    const head = await handler()(new Request('app://naric/', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});

describe('app:// /api proxy', () => {
  it('forwards method, path, query, headers and body to the API server, and its answer back', async () => {
    const server = await startFakeApiServer({
      'POST /api/applications/?page=2': (call, response) => json(response, 201, { received: call.body }),
      'GET /api/health/': (_call, response) => {
        response.writeHead(503, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'X-Request-Id': 'r-1' });
        response.end(gzipSync(JSON.stringify({ status: 'unavailable' })));
      },
    });
    close = server.close;
    const proxy = handler(async () => server.url);
    const created = await proxy(
      new Request('app://naric/api/applications/?page=2', {
        method: 'POST',
        headers: { Authorization: 'Bearer a1', 'Content-Type': 'application/json', Origin: 'app://naric' },
        body: JSON.stringify({ service_type: 1 }),
      }),
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ received: { service_type: 1 } });
    expect(server.calls[0].headers).toMatchObject({ authorization: 'Bearer a1', 'content-type': 'application/json' });
    expect(server.calls[0].headers.origin).toBeUndefined();

    // fetch already decoded the gzip body: the page must not be told to decode it again.
    const health = await proxy(new Request('app://naric/api/health/'));
    expect(health.status).toBe(503);
    expect(health.headers.get('content-encoding')).toBeNull();
    expect(health.headers.get('x-request-id')).toBe('r-1');
    expect(await health.json()).toEqual({ status: 'unavailable' });
  });

  it('answers 502 network_error when the API server is unreachable or not started', async () => {
    const server = await startFakeApiServer({});
    const deadUrl = server.url;
    await server.close();
    for (const proxy of [handler(async () => deadUrl), handler()]) {
      const response = await proxy(new Request('app://naric/api/auth/me/'));
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ detail: 'Network error', code: 'network_error' });
    }
  });
});
