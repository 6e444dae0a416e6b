import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../src/server/logger';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

describe('structured logs', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  let server: ServerFixture;

  beforeAll(async () => {
    server = await createServerFixture({ logger: createLogger('info', sink) });
    await server.app.register(
      async (scope) => {
        scope.post('/sign-in-probe/', { schema: { body: z.object({ username: z.string(), password: z.string() }) } }, async (request) => {
          // What a careless handler might do: the logger must still keep the secrets out.
          request.log.info({ body: request.body, token: 'eyJ.secret.token' }, 'sign-in attempt');
          return { ok: true };
        });
      },
      { prefix: '/api' },
    );
  });
  afterAll(() => server.close());

  it('writes JSON lines with the request id and never a password or token', async () => {
    lines.length = 0;
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/sign-in-probe/',
      headers: { authorization: 'Bearer eyJ.header.value', 'x-request-id': 'trace-7' },
      payload: { username: 'officer', password: 'Very-Secret-Password-1' },
    });
    expect(answer.statusCode).toBe(200);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.every((entry) => entry.reqId === 'trace-7')).toBe(true);
    const attempt = entries.find((entry) => entry.msg === 'sign-in attempt');
    expect(attempt.body).toEqual({ username: 'officer', password: '[redacted]' });
    expect(attempt.token).toBe('[redacted]');
    const all = lines.join('\n');
    expect(all).not.toContain('Very-Secret-Password-1');
    expect(all).not.toContain('eyJ');
  });
});
