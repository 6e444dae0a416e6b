import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isHashedAsset, withRootBase } from '../../src/server/web-shell';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// What wraps every answer: security headers, the OpenAPI document, and the browser shell.

const STRICT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "frame-ancestors 'none'",
];
// Relative asset URLs, as electron-vite builds the renderer for the desktop.
const INDEX_HTML = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><script type="module" src="./assets/app-1a2b3c4d.js"></script></head><body><div id="root"></div></body></html>';
/** Above @fastify/compress's 1 KB threshold, and very compressible. */
const BIG_SCRIPT = 'console.log("naric, the first screen");\n'.repeat(200);
const SAMPLE_PDF = `%PDF-1.4\n${'0 0 0 RG\n'.repeat(300)}%%EOF\n`;
const SERVED_HTML = INDEX_HTML.replace('<head>', '<head><base href="/">');

describe('the app around the routes', () => {
  let server: ServerFixture;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'naric-web-root-'));
    await mkdir(join(webRoot, 'assets'));
    await writeFile(join(webRoot, 'index.html'), INDEX_HTML);
    await writeFile(join(webRoot, 'assets', 'app-1a2b3c4d.js'), 'console.log("naric")');
    await writeFile(join(webRoot, '.env'), 'SECRET=1');
    await writeFile(join(webRoot, 'assets', 'vendor-Zx9_yW-q.js'), BIG_SCRIPT);
    await writeFile(join(webRoot, 'assets', 'logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<g/>'.repeat(400)}</svg>`);
    await writeFile(join(webRoot, 'assets', 'sample-3f2a9c1b.pdf'), SAMPLE_PDF);
    server = await createServerFixture({ config: { webRoot } });
  });
  afterAll(async () => {
    await server.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  describe('security headers', () => {
    it.each(['/api/health/', '/', '/applications/12', '/api/nothing/'])('are sent on %s', async (url) => {
      const answer = await server.app.inject({ url });
      const csp = String(answer.headers['content-security-policy']);
      for (const directive of STRICT_CSP) expect(csp).toContain(directive);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      expect(answer.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(answer.headers['x-powered-by']).toBeUndefined();
    });

    it('forbids caching API answers', async () => {
      expect((await server.app.inject({ url: '/api/health/' })).headers['cache-control']).toBe('no-store');
    });
  });

  describe('OpenAPI', () => {
    it('publishes the routes with their schemas at /api/docs/json', async () => {
      const answer = await server.app.inject({ url: '/api/docs/json' });
      expect(answer.statusCode).toBe(200);
      const document = answer.json();
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/health/', '/api/demo/accounts/', '/api/countries/', '/api/services/']),
      );
      expect(Object.keys(document.paths).some((path: string) => path.startsWith('/api/docs'))).toBe(false);

      const health = document.paths['/api/health/'].get;
      expect(Object.keys(health.responses)).toEqual(['200', '503']);
      expect(health.responses['200'].content['application/json'].schema.properties.database).toBeDefined();
      expect(health.security).toBeUndefined();

      const countries = document.paths['/api/countries/'].get;
      expect(countries.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['page', 'page_size', 'search']);

      const services = document.paths['/api/services/'].get;
      expect(services.security).toEqual([{ bearerAuth: [] }]);
      expect(Object.keys(services.responses)).toEqual(expect.arrayContaining(['200', '401']));
      expect(document.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    });

    it('serves the Swagger UI page at /api/docs/', async () => {
      const answer = await server.app.inject({ url: '/api/docs/' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.body).toContain('swagger-ui');
      const script = await server.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
      expect(script.statusCode).toBe(200);
    });
  });

  describe('browser shell (NARIC_WEB_ROOT)', () => {
    it('serves index.html, with a root base for its relative URLs, at / and for any app path that is not a file', async () => {
      for (const url of ['/', '/applications/42', '/councils/dashboard?error=access_denied', '/login', '/assets/missing.js', '/assets/', '/assets']) {
        const answer = await server.app.inject({ url });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.headers['content-type'], url).toContain('text/html');
        expect(answer.body, url).toBe(SERVED_HTML);
        expect(answer.headers['cache-control'], url).toBe('no-cache');
      }
    });

    it('serves built files, hashed assets with a long cache', async () => {
      const answer = await server.app.inject({ url: '/assets/app-1a2b3c4d.js' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toContain('javascript');
      expect(answer.body).toBe('console.log("naric")');
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('keeps a base the build already has', () => {
      const html = '<html><head lang="x"><base href="/app/"></head></html>';
      expect(withRootBase(html)).toBe(html);
      expect(withRootBase('<HTML><HEAD data-x="1"><title>t</title></HEAD></HTML>')).toBe('<HTML><HEAD data-x="1"><base href="/"><title>t</title></HEAD></HTML>');
    });

    it('never serves dotfiles or anything outside the web root', async () => {
      for (const url of ['/.env', '/assets/../.env', '/%2e%2e/%2e%2e/etc/passwd', '/..%2f..%2fetc%2fpasswd', '/assets/%00']) {
        const answer = await server.app.inject({ url });
        expect(answer.body, url).not.toContain('SECRET');
        expect(answer.body, url).not.toContain('root:');
      }
    });

    it('keeps /api paths and other methods out of the fallback', async () => {
      for (const [method, url] of [
        ['GET', '/api/unknown/'],
        ['GET', '/api'],
        ['POST', '/applications/42'],
      ] as const) {
        const answer = await server.app.inject({ method, url });
        expect(answer.statusCode, `${method} ${url}`).toBe(404);
        expect(answer.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      }
    });
  });
  describe('compression and caching', () => {
    it('sends brotli when the client takes it, gzip otherwise, plain text when it names neither', async () => {
      const brotli = await server.app.inject({ url: '/assets/vendor-Zx9_yW-q.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(BIG_SCRIPT);
      expect(brotli.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 10);

      const gzip = await server.app.inject({ url: '/assets/vendor-Zx9_yW-q.js', headers: { 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(BIG_SCRIPT);

      for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
        const plain = await server.app.inject({ url: '/assets/vendor-Zx9_yW-q.js', headers });
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(plain.body).toBe(BIG_SCRIPT);
      }
    });

    it('compresses API answers and keeps them out of every cache', async () => {
      const answer = await server.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe('gzip');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(JSON.parse(gunzipSync(answer.rawPayload).toString()).openapi).toBe('3.1.0');
    });

    it('never compresses a range or a PDF', async () => {
      const range = await server.app.inject({ url: '/assets/vendor-Zx9_yW-q.js', headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-10' } });
      expect(range.statusCode).toBe(206);
      expect(range.headers['content-encoding']).toBeUndefined();
      expect(range.body).toBe(BIG_SCRIPT.slice(0, 11));

      const pdf = await server.app.inject({ url: '/assets/sample-3f2a9c1b.pdf', headers: { 'accept-encoding': 'br, gzip' } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.headers['content-encoding']).toBeUndefined();
      expect(pdf.body).toBe(SAMPLE_PDF);
    });

    it('caches hashed assets for a year, everything else only after asking again', async () => {
      const hashed = await server.app.inject({ url: '/assets/vendor-Zx9_yW-q.js' });
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const unhashed = await server.app.inject({ url: '/assets/logo.svg', headers: { 'accept-encoding': 'gzip' } });
      expect(unhashed.statusCode).toBe(200);
      expect(unhashed.headers['cache-control']).toBe('no-cache');
      expect(unhashed.headers['content-encoding']).toBe('gzip');
      const page = await server.app.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
      expect(page.headers['cache-control']).toBe('no-cache');

      expect(isHashedAsset(join('assets', 'login-screen-BJTocHJD.js'))).toBe(true);
      expect(isHashedAsset(join('assets', 'pdf.worker.min-FHbmGBN0.mjs'))).toBe(true);
      expect(isHashedAsset(join('assets', 'logo.svg'))).toBe(false);
      expect(isHashedAsset('index-BGAQgehJ.js')).toBe(false);
      expect(isHashedAsset(join('assets', 'nested', 'x-BGAQgehJ.js'))).toBe(false);
    });
  });
});
