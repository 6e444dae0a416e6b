import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A real HTTP server on the loopback, answering by "METHOD /path" from a table, recording calls.

export interface ReceivedCall {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type FakeRoute = (call: ReceivedCall, response: ServerResponse) => void | Promise<void>;

export function json(response: ServerResponse, status: number, body?: unknown): void {
  response.writeHead(status, body === undefined ? {} : { 'Content-Type': 'application/json' });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

export async function startFakeApiServer(routes: Record<string, FakeRoute>) {
  const calls: ReceivedCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const call: ReceivedCall = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: text ? (JSON.parse(text) as unknown) : undefined,
      };
      calls.push(call);
      const route = routes[`${call.method} ${call.path}`];
      if (!route) return json(response, 404, { detail: 'Not found.' });
      Promise.resolve(route(call, response)).catch(() => json(response, 500, { detail: 'fake server route failed' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
