import { readFile as fsReadFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { API_BASE_PATH } from '../shared/constants';
import { ERROR_CODES, ERROR_MESSAGES } from '../shared/errors';
import { APP_HOST } from './app-origin';
import type { MainLog } from './log';

// What answers app://naric/…: the built renderer (out/renderer) with a strict CSP, index.html for
// client-side routes, and /api/… forwarded to the API server so the page is same-origin with it.
// Written over the standard Request/Response, so it runs (and is tested) in plain Node; window.ts
// hands it to Electron's protocol.handle with net.fetch.

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data: blob:",
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};

// Hop-by-hop and encoding headers: fetch has already decoded the body, so passing them on would
// make the page decode it twice or expect the wrong length.
const DROPPED_RESPONSE_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];
const DROPPED_REQUEST_HEADERS = ['host', 'origin', 'content-length', 'connection'];

export interface AppRequestHandlerOptions {
  /** Absolute path of the built renderer (out/renderer). */
  rendererRoot: string;
  /** The API server's origin; awaited, since the embedded server may still be starting. */
  apiServerUrl: () => Promise<string>;
  /** Electron's net.fetch in the app; Node's fetch in tests. */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  readFile?: (path: string) => Promise<Uint8Array>;
  log?: MainLog;
}

/** The file under `root` a URL path names, or null when it would leave `root`. */
export function resolveRendererPath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const base = resolve(root);
  const target = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (target !== base && !target.startsWith(base + sep)) return null;
  return target === base ? resolve(base, 'index.html') : target;
}

function securityHeaders(contentType: string): Headers {
  return new Headers({
    'Content-Type': contentType,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
  });
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: securityHeaders('text/plain; charset=utf-8') });
}

function apiUnavailable(): Response {
  const body = { detail: ERROR_MESSAGES[ERROR_CODES.networkError], code: ERROR_CODES.networkError };
  return new Response(JSON.stringify(body), { status: 502, headers: { 'Content-Type': 'application/json' } });
}

export function createAppRequestHandler(options: AppRequestHandlerOptions): (request: Request) => Promise<Response> {
  const readFile = options.readFile ?? ((path: string) => fsReadFile(path));

  async function serveFile(path: string, method: string): Promise<Response | null> {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path);
    } catch {
      return null;
    }
    const type = MIME_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    const headers = securityHeaders(type);
    if (path.endsWith('.html')) headers.set('Cache-Control', 'no-cache');
    return new Response(method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers });
  }

  async function serveStatic(request: Request, url: URL): Promise<Response> {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method Not Allowed');
    const path = resolveRendererPath(options.rendererRoot, url.pathname);
    if (!path) {
      options.log?.warn('app protocol: path outside the renderer refused', { path: url.pathname.slice(0, 200) });
      return plain(403, 'Forbidden');
    }
    const file = await serveFile(path, request.method);
    if (file) return file;
    // The built index.html links `./assets/…`: after a reload on a deep route the page asks for
    // /applications/assets/x.js, which is /assets/x.js.
    const assets = url.pathname.indexOf('/assets/');
    if (assets > 0) {
      const asset = resolveRendererPath(options.rendererRoot, url.pathname.slice(assets));
      const found = asset ? await serveFile(asset, request.method) : null;
      if (found) return found;
    }
    // A client-side route (no file extension) gets the single-page app; a missing asset is a 404.
    if (extname(url.pathname) === '') {
      const index = await serveFile(resolve(options.rendererRoot, 'index.html'), request.method);
      if (index) return index;
    }
    return plain(404, 'Not Found');
  }

  async function proxyApi(request: Request, url: URL): Promise<Response> {
    let server: string;
    try {
      server = await options.apiServerUrl();
    } catch (thrown) {
      options.log?.error('app protocol: no API server to forward to', thrown);
      return apiUnavailable();
    }
    const headers = new Headers(request.headers);
    for (const name of DROPPED_REQUEST_HEADERS) headers.delete(name);
    // Buffered: the page sends JSON here (documents go up from main, never through the page), and
    // a buffer avoids depending on streamed request bodies in net.fetch.
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    let upstream: Response;
    try {
      upstream = await options.fetch(`${server.replace(/\/+$/, '')}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        body,
        redirect: 'manual',
      });
    } catch (thrown) {
      options.log?.warn('app protocol: API server unreachable', { path: url.pathname, reason: thrown instanceof Error ? thrown.message : String(thrown) });
      return apiUnavailable();
    }
    const responseHeaders = new Headers(upstream.headers);
    for (const name of DROPPED_RESPONSE_HEADERS) responseHeaders.delete(name);
    const noBody = request.method === 'HEAD' || upstream.status === 204 || upstream.status === 304;
    return new Response(noBody ? null : upstream.body, { status: upstream.status, statusText: upstream.statusText, headers: responseHeaders });
  }

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return plain(400, 'Bad Request');
    }
    if (url.hostname !== APP_HOST) return plain(404, 'Not Found');
    if (url.pathname === API_BASE_PATH || url.pathname.startsWith(`${API_BASE_PATH}/`)) return proxyApi(request, url);
    return serveStatic(request, url);
  };
}
