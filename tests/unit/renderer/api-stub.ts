import { vi } from 'vitest';

export interface StubbedCall {
  method: string;
  path: string;
  body: string;
  authorization: string | null;
}

type Answer = Response | (() => Response);

/** Replaces the global fetch the API client uses; answers by "METHOD /path", queued answers first. */
export function stubApi(answers: Record<string, Answer | Answer[]>) {
  const calls: StubbedCall[] = [];
  const queues = new Map(Object.entries(answers).map(([key, value]) => [key, Array.isArray(value) ? [...value] : [value]]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      calls.push({ method: request.method, path, body: await request.clone().text(), authorization: request.headers.get('Authorization') });
      const queue = queues.get(`${request.method} ${path}`);
      const next = queue && (queue.length > 1 ? queue.shift() : queue[0]);
      if (!next) return new Response(JSON.stringify({ detail: 'Not found.' }), { status: 404 });
      return typeof next === 'function' ? next() : next.clone();
    }),
  );
  return calls;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
