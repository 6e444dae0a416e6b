import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { fieldErrors as fieldErrorsSchema, detailError } from '../../src/shared/api/drf';
import { conflict, fieldError } from '../../src/server/errors';
import { createLogger } from '../../src/server/logger';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The error answers every module relies on, through routes made for the test.

const logLines: string[] = [];
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

describe('error answers', () => {
  let server: ServerFixture;

  beforeAll(async () => {
    server = await createServerFixture({ logger: createLogger('info', logSink) });
    await server.app.register(
      async (plugin) => {
        const scope = plugin.withTypeProvider<ZodTypeProvider>();
        scope.post(
          '/probe/',
          {
            schema: {
              body: z.object({
                name: z.string().min(2),
                email: z.email(),
                age: z.number().int(),
                nested: z.object({ flag: z.boolean() }).optional(),
              }),
            },
          },
          async (request) => ({ received: request.body.name }),
        );
        scope.get(
          '/probe/:id/',
          { schema: { params: z.object({ id: z.coerce.number().int().positive() }) } },
          async (request) => ({ id: request.params.id }),
        );
        scope.get('/explode/', async () => {
          throw new Error('secret internals at /srv/naric/db.ts:42');
        });
        // What a request stream raises when its client resets the connection mid-body, and the
        // same code from a database connection that broke while the client still waits.
        scope.get('/client-reset/', async (request) => {
          request.raw.destroy();
          throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
        });
        scope.get('/database-reset/', async () => {
          throw Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
        });
        scope.get('/field-error/', async () => {
          throw fieldError('start_date', 'invalid_format');
        });
        scope.get('/conflict/', async () => {
          throw conflict();
        });
        // Raw SQL that hands PostgreSQL what the schemas normally refuse: the safety net's probe.
        scope.get('/data-exception/:kind/', async (request) => {
          const { kind } = request.params as { kind: string };
          if (kind === 'nul') await sql`select ${'a\u0000b'}::text`.execute(server.db);
          if (kind === 'number') await sql`select ${'abc'}::integer`.execute(server.db);
          if (kind === 'range') await sql`select ${'99999999999'}::integer`.execute(server.db);
          if (kind === 'date') await sql`select ${'2026-02-30'}::date`.execute(server.db);
          if (kind === 'substring') await sql`select substring(${'abc'} from 1 for ${-1}::integer)`.execute(server.db);
          return { ok: true };
        });
        scope.post('/duplicate/', async () => {
          await server.db.insertInto('groups').values({ name: 'Administrators' }).execute();
          return { ok: true };
        });
      },
      { prefix: '/api' },
    );
  });
  afterAll(() => server.close());

  it('answers an unknown API route with the DRF 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here/'],
      ['POST', '/api/health/'],
      ['GET', '/api/health'],
      ['DELETE', '/api/countries/'],
    ] as const) {
      const answer = await server.app.inject({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
      expect(answer.headers['content-type']).toContain('application/json');
    }
  });

  it('answers a body that fails its schema with {"field": ["message"]}', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/probe/',
      payload: { name: 'x', email: 'not-an-email', nested: { flag: 'yes' } },
    });
    expect(answer.statusCode).toBe(400);
    const body = fieldErrorsSchema.parse(answer.json());
    expect(body).toEqual({
      name: [expect.stringMatching(/2/)],
      email: ['Invalid email address'],
      age: ['This field is required'],
      'nested.flag': ['Invalid format'],
      field_codes: {
        name: [{ code: 'too_short', params: { min: 2 } }],
        email: [{ code: 'invalid_email', params: {} }],
        age: [{ code: 'required', params: {} }],
        'nested.flag': [{ code: 'invalid_format', params: {} }],
      },
    });
  });

  it('reports a body that is not an object, malformed or empty JSON under non_field_errors', async () => {
    const array = await server.app.inject({ method: 'POST', url: '/api/probe/', payload: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toMatchObject({ non_field_errors: ['Invalid format'], field_codes: { non_field_errors: [{ code: 'invalid_format', params: {} }] } });

    const malformed = await server.app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    const malformedBody = { non_field_errors: ['Malformed JSON body'], field_codes: { non_field_errors: [{ code: 'malformed_body', params: {} }] } };
    expect(malformed.json()).toEqual(malformedBody);

    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(malformedBody);
  });

  it('answers a query that fails its schema with field errors', async () => {
    const answer = await server.app.inject({ url: '/api/countries/?page=abc&page_size=100000' });
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json()).sort()).toEqual(['field_codes', 'page', 'page_size']);
    expect(answer.json().page).toEqual(['Invalid format']);
  });

  it('answers a malformed id in the path with 404, like a missing record', async () => {
    expect((await server.app.inject({ url: '/api/probe/7/' })).json()).toEqual({ id: 7 });
    const answer = await server.app.inject({ url: '/api/probe/abc/' });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ detail: 'Not found.', code: 'not_found' });
  });

  it('answers 413 for a body over the limit', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/probe/',
      payload: { name: 'x'.repeat(1024 * 1024 + 10), email: 'a@b.cd', age: 1 },
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ detail: 'File too large', code: 'payload_too_large' });
  });

  it('answers 415 for a body in a type the API does not read', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/api/probe/',
      headers: { 'content-type': 'application/xml' },
      payload: '<name/>',
    });
    expect(answer.statusCode).toBe(415);
    expect(detailError.parse(answer.json()).code).toBe('unsupported_file_type');
  });

  it('answers an unexpected error with a bare 500 and keeps the stack in the log only', async () => {
    logLines.length = 0;
    const answer = await server.app.inject({ url: '/api/explode/' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ detail: 'Internal server error', code: 'server_error' });
    expect(answer.body).not.toContain('secret internals');
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.err);
    expect(logged.err.message).toContain('secret internals');
    expect(logged.err.stack).toContain('errors.test.ts');
    expect(logged.reqId).toBe(answer.headers['x-request-id']);
  });

  it('tells a client that hung up mid-body from a database that went away', async () => {
    logLines.length = 0;
    const reset = await server.app.inject({ url: '/api/client-reset/' });
    expect(reset.statusCode).toBe(400);
    const entries = logLines.map((line) => JSON.parse(line));
    expect(entries.some((entry) => entry.msg === 'database unreachable')).toBe(false);
    expect(entries.find((entry) => entry.err)?.level).toBe(30);

    logLines.length = 0;
    const database = await server.app.inject({ url: '/api/database-reset/' });
    expect(database.statusCode).toBe(503);
    expect(logLines.map((line) => JSON.parse(line)).some((entry) => entry.msg === 'database unreachable')).toBe(true);
  });

  it('turns ApiError helpers and a unique violation into their DRF answers', async () => {
    const field = await server.app.inject({ url: '/api/field-error/' });
    expect(field.statusCode).toBe(400);
    expect(field.json()).toMatchObject({ start_date: ['Invalid format'], field_codes: { start_date: [{ code: 'invalid_format', params: {} }] } });

    const state = await server.app.inject({ url: '/api/conflict/' });
    expect(state.statusCode).toBe(409);
    expect(state.json()).toEqual({ detail: 'This action is not allowed in the current state.', code: 'conflict' });

    const duplicate = await server.app.inject({ method: 'POST', url: '/api/duplicate/' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ detail: 'A record with these values already exists.', code: 'duplicate_record' });
  });

  it('answers 400, not 500, when PostgreSQL refuses a value as data (class 22), and logs the cause', async () => {
    for (const kind of ['nul', 'number', 'range', 'date', 'substring']) {
      logLines.length = 0;
      const answer = await server.app.inject({ url: `/api/data-exception/${kind}/` });
      expect(answer.statusCode, kind).toBe(400);
      expect(answer.json(), kind).toEqual({
        non_field_errors: [expect.stringContaining('cannot store')],
        field_codes: { non_field_errors: [{ code: 'invalid_input', params: {} }] },
      });
      const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.err);
      expect(logged?.err.code, kind).toMatch(/^22/);
    }
  });

  it('keeps a safe request id from the caller and replaces an unsafe one', async () => {
    const kept = await server.app.inject({ url: '/api/health/', headers: { 'x-request-id': 'desktop-42' } });
    expect(kept.headers['x-request-id']).toBe('desktop-42');
    const replaced = await server.app.inject({ url: '/api/health/', headers: { 'x-request-id': 'bad id\nforged log line' } });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
