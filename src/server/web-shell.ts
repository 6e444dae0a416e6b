import { stat, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../shared/constants';

// The browser shell: the built renderer served by the API server itself, so the page and the
// API share one origin (no CORS, strict connect-src 'self'). A GET outside /api answers the
// file it names, or index.html so the renderer's router can show the page.

const INDEX = 'index.html';
const BASE_TAG = '<base href="/">';
const LONG_CACHE = 'public, max-age=31536000, immutable';

export function registerWebShell(app: FastifyInstance, webRoot: string): void {
  const root = resolve(webRoot);
  // A plugin, so it loads after @fastify/compress (app.ts) and its answers are compressed too.
  app.register(async (shell) => {
    // Only for reply.sendFile (ranges, ETag, content types); the route below decides what is served.
    await shell.register(fastifyStatic, { root, serve: false, cacheControl: false, dotfiles: 'ignore' });

    shell.get('/*', { schema: { hide: true } }, async (request, reply) => {
      if (!isShellRequest(request)) return reply.callNotFound();
      const file = await servableFile(root, (request.params as { '*': string })['*']);
      if (!file) return sendShellIndex(reply, root);
      // Vite names the files in assets/ after their content: such a name never changes its content.
      reply.header('cache-control', isHashedAsset(file) ? LONG_CACHE : 'no-cache');
      return reply.sendFile(file);
    });
  });
}

/** assets/<name>-<hash>.<ext>, the hash being Vite's (8 or more URL-safe characters). */
export function isHashedAsset(file: string): boolean {
  const parts = file.split(sep);
  return parts.length === 2 && parts[0] === 'assets' && /-[\w-]{8,}\.\w+$/.test(parts[1]);
}

/** The path of a regular, non-hidden file inside `root` named by the URL, relative to root. */
async function servableFile(root: string, urlPath: string): Promise<string | null> {
  if (!urlPath || urlPath.includes('\0')) return null;
  const target = resolve(root, `.${sep}${urlPath}`);
  const inside = relative(root, target);
  if (!inside || inside.startsWith('..') || inside.split(sep).some((part) => part.startsWith('.'))) return null;
  if (inside === INDEX) return null;
  try {
    return (await stat(target)).isFile() ? inside : null;
  } catch {
    return null;
  }
}

/** GET/HEAD of a page of the app, not of the API. */
export function isShellRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  return path !== API_BASE_PATH && !path.startsWith(`${API_BASE_PATH}/`);
}

/**
 * The renderer is built with relative asset URLs (`./assets/…`) so the desktop can load it from
 * disk; at /applications/42 a browser would look for /applications/assets/…. A base of "/"
 * makes them resolve from the root on every page.
 */
export function withRootBase(html: string): string {
  if (/<base\s/i.test(html)) return html;
  return html.replace(/<head(\s[^>]*)?>/i, (head) => `${head}${BASE_TAG}`);
}

async function sendShellIndex(reply: FastifyReply, root: string): Promise<FastifyReply> {
  // Read on every request: the renderer may be rebuilt while the server runs; the file is small.
  const html = await readFile(join(root, INDEX), 'utf8');
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(withRootBase(html));
}
