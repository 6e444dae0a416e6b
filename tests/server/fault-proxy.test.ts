import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, startFaultProxy, type FaultProxy, type FaultProxyOptions } from '../support/fault-proxy';

// The fault-injection test's proxy (tests/support/fault-proxy.ts) against a small server that
// records what reached it: each fault must do to the client and to the server what it says.

interface Received {
  method: string;
  url: string;
  idempotencyKey: string | undefined;
  declared: number;
  bytes: number;
  complete: boolean;
}

let upstream: Server;
let origin: string;
let received: Received[] = [];
let proxy: FaultProxy | undefined;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const entry: Received = {
      method: request.method ?? '',
      url: request.url ?? '',
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      declared: Number(request.headers['content-length'] ?? 0),
      bytes: 0,
      complete: false,
    };
    received.push(entry);
    request.on('data', (chunk: Buffer) => {
      entry.bytes += chunk.length;
    });
    request.on('end', () => {
      entry.complete = true;
      response.writeHead(201, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      response.end(JSON.stringify({ bytes: entry.bytes, url: entry.url }));
    });
  });
  await new Promise<void>((done) => upstream.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((done) => upstream.close(() => done()));
});
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
  received = [];
});

const start = async (options: Omit<FaultProxyOptions, 'target'>) => {
  proxy = await startFaultProxy({ target: origin, ...options });
  return proxy;
};

const BODY = Buffer.alloc(4000, 7);

const send = (through: FaultProxy, path = '/api/things/?x=1') =>
  fetch(`${through.url}${path}`, { method: 'PUT', body: BODY, headers: { 'idempotency-key': 'k-1', 'content-type': 'application/pdf' } });

/** Lets the upstream finish reading what the proxy sent before a test looks. */
const settle = () => new Promise((done) => setTimeout(done, 50));

describe('fault proxy', () => {
  it('passes a request through unchanged: method, path and query, headers and body; the answer likewise', async () => {
    const through = await start({});
    const answer = await send(through);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('x-upstream')).toBe('yes');
    expect(await answer.json()).toEqual({ bytes: BODY.length, url: '/api/things/?x=1' });
    expect(received).toEqual([{ method: 'PUT', url: '/api/things/?x=1', idempotencyKey: 'k-1', declared: BODY.length, bytes: BODY.length, complete: true }]);
    expect(through.counts).toMatchObject({ requests: 1, forwarded: 1, pass: 1 });
  });

  it('drops a request before forwarding it: the client fails, the server never sees it', async () => {
    const through = await start({ rates: { dropRequest: 1 } });
    await expect(send(through)).rejects.toThrow();
    await settle();
    expect(received).toEqual([]);
    expect(through.counts).toMatchObject({ requests: 1, forwarded: 0, drop_request: 1 });
  });

  it('drops the answer of a request the server processed: the client fails, the server saw it whole', async () => {
    const through = await start({ rates: { dropResponse: 1 } });
    await expect(send(through)).rejects.toThrow();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ bytes: BODY.length, complete: true });
    expect(through.counts).toMatchObject({ drop_response: 1, forwarded: 1 });
  });

  it('resets mid-body: the server reads part of the declared body, then the connection dies; the client fails', async () => {
    const through = await start({ rates: { reset: 1 } });
    await expect(send(through)).rejects.toThrow();
    await settle();
    expect(received).toHaveLength(1);
    expect(received[0]!.declared).toBe(BODY.length);
    expect(received[0]!.complete).toBe(false);
    expect(received[0]!.bytes).toBeGreaterThan(0);
    expect(received[0]!.bytes).toBeLessThan(BODY.length);
    expect(through.counts).toMatchObject({ reset: 1 });
  });

  it('duplicates a request: the server receives it twice, whole, with the same key; the client gets one answer', async () => {
    const through = await start({ rates: { duplicate: 1 }, delayMs: [0, 5] });
    for (let round = 0; round < 4; round += 1) {
      const answer = await send(through);
      expect(answer.status).toBe(201);
      expect((await answer.json()) as { bytes: number }).toMatchObject({ bytes: BODY.length });
    }
    expect(received).toHaveLength(8);
    expect(received.every((entry) => entry.complete && entry.bytes === BODY.length && entry.idempotencyKey === 'k-1')).toBe(true);
    expect(through.counts).toMatchObject({ requests: 4, duplicate: 4, forwarded: 8 });
  });

  it('delays a request, then passes it through', async () => {
    const through = await start({ rates: { delay: 1 }, delayMs: [20, 20] });
    const answer = await send(through);
    expect(answer.status).toBe(201);
    expect(received).toHaveLength(1);
    expect(through.counts).toMatchObject({ delay: 1, forwarded: 1 });
  });

  it('leaves alone the requests it is told not to touch, and takes new rates', async () => {
    const through = await start({ rates: { dropRequest: 1 }, applies: (_method, path) => path.startsWith('/api/hostile/') });
    expect((await send(through, '/api/calm/')).status).toBe(201);
    await expect(send(through, '/api/hostile/')).rejects.toThrow();
    through.setRates({});
    expect((await send(through, '/api/hostile/')).status).toBe(201);
    expect(through.counts).toMatchObject({ requests: 3, pass: 2, drop_request: 1 });
  });

  it('refuses rates outside 0..1 or adding up to more than 1', async () => {
    await expect(startFaultProxy({ target: origin, rates: { dropRequest: -0.1 } })).rejects.toThrow(/between 0 and 1/);
    await expect(startFaultProxy({ target: origin, rates: { dropRequest: 0.6, duplicate: 0.6 } })).rejects.toThrow(/more than 1/);
  });

  it('faults the same requests again with the same seed, and spreads them as the rates say', async () => {
    const actionsOf = async (seed: number) => {
      const through = await start({ seed, rates: { dropRequest: 0.25, duplicate: 0.25 }, delayMs: [0, 0] });
      const outcomes: string[] = [];
      for (let index = 0; index < 24; index += 1) {
        outcomes.push(await send(through).then((answer) => String(answer.status), () => 'failed'));
      }
      const counts = { ...through.counts };
      await through.close();
      proxy = undefined;
      return { outcomes, counts };
    };
    const first = await actionsOf(42);
    const again = await actionsOf(42);
    expect(again).toEqual(first);
    expect(first.outcomes).toContain('failed');
    expect(first.outcomes).toContain('201');

    // The generator itself, over many draws: each quarter gets about a quarter.
    const random = seededRandom(7);
    const buckets = [0, 0, 0, 0];
    for (let index = 0; index < 20_000; index += 1) buckets[Math.floor(random() * 4)]! += 1;
    for (const bucket of buckets) expect(bucket).toBeGreaterThan(4500);
    for (const bucket of buckets) expect(bucket).toBeLessThan(5500);
  });
});
