import { createServer, request as httpRequest, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// A hostile network between a client and a real server, for fault-injection tests:
// at random, from a seeded generator so a failing run can be replayed, each request is
//   - dropped before it is forwarded (the client's socket is destroyed; the server never sees it),
//   - forwarded, but its answer dropped (the server DID process it; the client cannot know),
//   - delayed, then passed through,
//   - reset mid-body (half of the request body reaches the server, then both sockets are destroyed),
//   - duplicated (forwarded twice, at once or one after the other; the client gets one of the answers),
//   - or passed through.
// Bodies are buffered (the tests send small PDFs and JSON), which is what lets a request be
// replayed or cut in half at an exact byte. Every decision is counted.

export type FaultKind = 'drop_request' | 'drop_response' | 'delay' | 'reset' | 'duplicate';
export type FaultAction = FaultKind | 'pass';

export interface FaultRates {
  dropRequest: number;
  dropResponse: number;
  delay: number;
  reset: number;
  duplicate: number;
}

export interface FaultProxyOptions {
  /** The real server, e.g. http://127.0.0.1:41234 */
  target: string;
  /** Chance of each fault per request (0..1, summing to at most 1); the rest pass through. */
  rates?: Partial<FaultRates>;
  /** Seed of the generator; the same seed and the same request order give the same faults. */
  seed?: number;
  /** Bounds of a delay, in milliseconds (a duplicate's second copy waits within them too). */
  delayMs?: readonly [number, number];
  /** Decides which requests may meet a fault (others always pass); every request by default. */
  applies?: (method: string, path: string) => boolean;
}

export interface FaultCounts {
  /** Requests the proxy received from the client. */
  requests: number;
  /** Requests forwarded to the server, duplicates' copies and half-sent bodies included. */
  forwarded: number;
  pass: number;
  drop_request: number;
  drop_response: number;
  delay: number;
  reset: number;
  duplicate: number;
  /** Forwarding that failed on the server's side (refused, reset): the client's socket was destroyed. */
  upstream_errors: number;
}

export interface FaultProxy {
  /** The proxy's origin, e.g. http://127.0.0.1:40001 */
  readonly url: string;
  readonly counts: Readonly<FaultCounts>;
  /** Changes the rates from now on (e.g. none, to check the server's state through the proxy). */
  setRates(rates: Partial<FaultRates>): void;
  close(): Promise<void>;
}

const NO_FAULTS: FaultRates = { dropRequest: 0, dropResponse: 0, delay: 0, reset: 0, duplicate: 0 };

/** mulberry32: small, fast, and good enough to spread faults; not for anything secret. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function checkedRates(rates: Partial<FaultRates>): FaultRates {
  const merged = { ...NO_FAULTS, ...rates };
  const values = Object.values(merged);
  if (values.some((rate) => !(rate >= 0 && rate <= 1))) throw new Error(`Fault rates must be between 0 and 1: ${JSON.stringify(merged)}`);
  if (values.reduce((sum, rate) => sum + rate, 0) > 1 + 1e-9) throw new Error(`Fault rates add up to more than 1: ${JSON.stringify(merged)}`);
  return merged;
}

/** Connection-level headers describe one hop; the proxy sets its own. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'host', 'content-length']);

function forwardableHeaders(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  }
  return kept;
}

interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function readBody(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => done(Buffer.concat(chunks)));
    stream.on('error', fail);
    stream.on('aborted', () => fail(new Error('aborted')));
  });
}

export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const target = new URL(options.target);
  const random = seededRandom(options.seed ?? 1);
  const [delayMin, delayMax] = options.delayMs ?? [5, 60];
  const applies = options.applies ?? (() => true);
  let rates = checkedRates(options.rates ?? {});
  const counts: FaultCounts = {
    requests: 0,
    forwarded: 0,
    pass: 0,
    drop_request: 0,
    drop_response: 0,
    delay: 0,
    reset: 0,
    duplicate: 0,
    upstream_errors: 0,
  };
  const sockets = new Set<Socket>();

  const pickAction = (): FaultAction => {
    const roll = random();
    let edge = 0;
    const table: [FaultKind, number][] = [
      ['drop_request', rates.dropRequest],
      ['drop_response', rates.dropResponse],
      ['delay', rates.delay],
      ['reset', rates.reset],
      ['duplicate', rates.duplicate],
    ];
    for (const [kind, rate] of table) {
      edge += rate;
      if (roll < edge) return kind;
    }
    return 'pass';
  };
  const delay = () => delayMin + Math.floor(random() * (delayMax - delayMin + 1));

  /** Sends the request to the server; with `cutAt`, only that many body bytes, then destroys the connection. */
  const forward = (incoming: IncomingMessage, body: Buffer, cutAt?: number): Promise<UpstreamAnswer> => {
    counts.forwarded += 1;
    return new Promise((done, fail) => {
      const outgoing = httpRequest(
        {
          protocol: target.protocol,
          hostname: target.hostname,
          port: target.port,
          method: incoming.method,
          path: incoming.url,
          // Declares the whole length even when cutting: the server must meet a body that stops short.
          headers: { ...forwardableHeaders(incoming.headers), 'content-length': String(body.length), connection: 'close' },
          agent: false,
        },
        (answer) => {
          readBody(answer).then((answerBody) => done({ status: answer.statusCode ?? 502, headers: answer.headers, body: answerBody }), fail);
        },
      );
      outgoing.on('error', fail);
      if (cutAt === undefined) {
        outgoing.end(body);
        return;
      }
      outgoing.write(body.subarray(0, cutAt), () => {
        // Let the bytes leave before the connection dies, so the server really reads a partial body.
        setTimeout(() => outgoing.destroy(new Error('reset by the fault proxy')), 5);
      });
    });
  };

  const answer = (response: ServerResponse, upstream: UpstreamAnswer) => {
    const headers = forwardableHeaders(upstream.headers);
    response.writeHead(upstream.status, { ...headers, 'content-length': String(upstream.body.length) });
    response.end(upstream.body);
  };

  const destroy = (incoming: IncomingMessage) => incoming.socket.destroy();

  const handle = async (incoming: IncomingMessage, response: ServerResponse) => {
    counts.requests += 1;
    const body = await readBody(incoming);
    const path = new URL(incoming.url ?? '/', 'http://proxy').pathname;
    const action = applies(incoming.method ?? 'GET', path) ? pickAction() : 'pass';
    counts[action] += 1;
    switch (action) {
      case 'drop_request':
        destroy(incoming);
        return;
      case 'drop_response':
        await forward(incoming, body);
        destroy(incoming);
        return;
      case 'reset': {
        // Half the body (at least one byte when there is one); a bodiless request dies after its headers.
        const cutAt = body.length > 1 ? Math.max(1, Math.floor(body.length / 2)) : 0;
        await forward(incoming, body, cutAt).catch(() => undefined);
        destroy(incoming);
        return;
      }
      case 'delay':
        await sleep(delay());
        answer(response, await forward(incoming, body));
        return;
      case 'duplicate': {
        const together = random() < 0.5;
        const first = forward(incoming, body);
        // Both copies must settle before the client hears anything: a test that reads the server's
        // state after its client finished must not race the second copy.
        const copies = together
          ? await Promise.allSettled([first, forward(incoming, body)])
          : await Promise.allSettled([first]).then(async (settled) => {
              await sleep(delay());
              return [...settled, ...(await Promise.allSettled([forward(incoming, body)]))];
            });
        const chosen = copies[random() < 0.5 ? 0 : 1]!;
        if (chosen.status === 'rejected') throw chosen.reason;
        answer(response, chosen.value);
        return;
      }
      case 'pass':
        answer(response, await forward(incoming, body));
        return;
    }
  };

  const server = createServer((incoming, response) => {
    handle(incoming, response).catch(() => {
      counts.upstream_errors += 1;
      destroy(incoming);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    setRates: (next) => {
      rates = checkedRates(next);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
