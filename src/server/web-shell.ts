import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '../shared/constants';

// The browser shell: the built renderer served by the API server itself, so the page and the
// API share one origin (no CORS, strict connect-src 'self').

const INDEX = 'index.html';

export function registerWebShell(app: FastifyInstance, webRoot: string): void {
  app.register(fastifyStatic, {
    root: webRoot,
    prefix: '/',
    wildcard: true,
    dotfiles: 'ignore',
    cacheControl: false,
    setHeaders(reply, path) {
      // Vite puts content-hashed files in assets/: they never change under the same name.
      const hashed = path.includes(`${sep}assets${sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}

/** GET/HEAD of a page of the app (not the API, not a file): the router in index.html takes it. */
export function isShellRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  return path !== API_BASE_PATH && !path.startsWith(`${API_BASE_PATH}/`);
}

export function sendShellIndex(reply: FastifyReply) {
  return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(INDEX);
}
