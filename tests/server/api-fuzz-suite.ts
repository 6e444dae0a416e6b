import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthAnswer, SYSTEM_PATHS } from '../../src/shared/api/system';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every operation of the OpenAPI document, fuzzed from its own schemas: valid-ish
// values, wrong types, missing and extra fields, 1 MB strings, NUL bytes and other control
// characters, lone surrogates, negative and huge ids, traversal in path parameters, invalid JSON,
// wrong content types, absurd paging and ordering, and the upload cases (unterminated multipart,
// a huge declared Content-Length) — signed out and as each demo group. No answer may be a 5xx, take
// 5 s or more, or show a stack trace or SQL. The operations are read from the app itself, so a new
// endpoint is covered without anyone writing a line.
//
// Deterministic inputs: the seed is fixed (NARIC_FUZZ_SEED to change it) and printed with every
// failure; NARIC_FUZZ_RUNS sets the random requests per operation and identity: 2 in `npm test`
// (with the systematic cases, about 14,000 requests over both parts), more for a deeper run by
// hand. NARIC_FUZZ_IN_FLIGHT operations (3) are fuzzed at once, so their order of arrival varies
// between runs; NARIC_FUZZ_IN_FLIGHT=1 sends everything in one fixed order.

const SEED = Number(process.env.NARIC_FUZZ_SEED ?? 20_261_111);
const RUNS = Number(process.env.NARIC_FUZZ_RUNS ?? 2);
const SLOW_MS = 5000;
/** Operations fuzzed at the same time (see the suite). */
const IN_FLIGHT = Number(process.env.NARIC_FUZZ_IN_FLIGHT ?? 3);
/** Signed out, then one demo user per group (naric.admin signs in with TOTP only; admin stands for administrators). */
const IDENTITIES = [null, 'admin', 'officer', 'agency', 'council', 'evaluator', 'payments', 'verifier', 'inspector', 'content'] as const;
const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\bat .*\.[cm]?[jt]s:\d+/],
  ['SQL', /\bselect\b[\s\S]{0,200}\bfrom\b/i],
  ['a SQL error', /syntax error|violates|relation "|column "/i],
];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  minLength?: number;
  default?: unknown;
};
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
}

interface FuzzRequest {
  label: string;
  path: Record<string, string>;
  query: Record<string, string>;
  /** A JSON value, or a raw payload with its own content type. */
  body?: { json: unknown } | { raw: string | Buffer; contentType: string };
  headers?: Record<string, string>;
}

// ——— Values ———

const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Any UTF-16 code unit, lone surrogates and control characters included. */
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const hostileText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy', '\u001b[31m', 'line\nbreak', '\u007f', '../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', '%00', "' or 1=1 --", '\\', ' ', ''),
  fc.constant(MEGABYTE),
  fc.constant('é'.repeat(9000)),
  fc.string({ unit: anyCodeUnit, maxLength: 40 }),
);
const hostileNumber = fc.constantFrom<unknown>(-1, 0, -2_147_483_649, 2_147_483_648, 2 ** 53 + 2, 1.5, '1e309', '-1e309', 'NaN', 'Infinity', '-0', '0x10', '9'.repeat(400), 1e308);
const hostileValue = fc.oneof(hostileText, hostileNumber, fc.constantFrom<unknown>(null, true, [], {}, [1, 2], { nested: { deeper: [null] } }));

const typeOf = (schema: JsonSchema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** A value the schema would (mostly) take. */
function validish(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.string({ maxLength: 8 });
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validish(choice, depth + 1)));
  if (schema.allOf?.length) return validish(schema.allOf[0], depth + 1);
  switch (typeOf(schema)) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0), -1000);
      return fc.integer({ min, max: Math.min(schema.maximum ?? min + 200, min + 200) });
    }
    case 'number':
      return fc.double({ min: 0, max: 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validish(schema.items, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validish(property, depth + 1)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((name) => name in properties) });
    }
    case 'null':
      return fc.constant(null);
    default:
      return fc.oneof(
        fc.string({ minLength: Math.min(schema.minLength ?? 0, 20), maxLength: Math.min(schema.maxLength ?? 20, 20) }),
        fc.constantFrom('2026-01-31', '1', 'sq', 'verdict.pdf', 'officer'),
      );
  }
}

const asParam = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

// ——— Requests ———

function requestsFor(operation: Operation, validOnly = false): fc.Arbitrary<FuzzRequest> {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const pathValue = (p: Parameter) => (typeOf(p.schema ?? {}) === 'integer' || p.name.toLowerCase().endsWith('id') ? fc.integer({ min: 1, max: 60 }).map(String) : validish(p.schema).map(asParam));
  const base = fc.record({
    path: fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p)]))) as fc.Arbitrary<Record<string, string>>,
    query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, validish(p.schema).map(asParam)])), {
      requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
    }) as fc.Arbitrary<Record<string, string>>,
    body: operation.body ? validish(operation.body).map((json) => ({ json })) : fc.constant(undefined),
  });
  const named = (label: string, arbitrary: fc.Arbitrary<Omit<FuzzRequest, 'label'>>) => arbitrary.map((request) => ({ label, ...request }));
  const writes = operation.method === 'POST' || operation.method === 'PUT' || operation.method === 'PATCH';
  const bodyFields = Object.keys(operation.body?.properties ?? {});

  const cases: fc.Arbitrary<FuzzRequest>[] = [named('valid-ish', base)];
  if (validOnly) return cases[0] as fc.Arbitrary<FuzzRequest>;
  if (pathParams.length) {
    cases.push(
      named(
        'hostile path parameter',
        fc.tuple(base, fc.constantFrom(...pathParams.map((p) => p.name)), fc.oneof(hostileText, hostileNumber.map(asParam))).map(([request, name, value]) => ({
          ...request,
          path: { ...request.path, [name]: asParam(value) },
        })),
      ),
      named('traversal in the path', base.map((request) => ({ ...request, path: Object.fromEntries(Object.keys(request.path).map((name) => [name, '../../../etc/passwd'])) }))),
    );
  }
  if (queryParams.length) {
    cases.push(
      named(
        'hostile query value',
        fc.tuple(base, fc.constantFrom(...queryParams.map((p) => p.name)), hostileValue).map(([request, name, value]) => ({ ...request, query: { ...request.query, [name]: asParam(value) } })),
      ),
      named(
        'absurd paging and ordering',
        fc.tuple(base, fc.constantFrom('-1', '0', '1e309', '99999999999999999999', '2147483648', 'NaN', '1.5'), fc.constantFrom('-', 'id; drop table users', '--reference', 'password', '\u0000')).map(
          ([request, number, ordering]) => ({ ...request, query: { ...request.query, page: number, page_size: number, ordering } }),
        ),
      ),
      named('an unknown query parameter', base.map((request) => ({ ...request, query: { ...request.query, zz_extra: '\u0000' } }))),
    );
  }
  if (writes) {
    if (bodyFields.length) {
      cases.push(
        named(
          'hostile body field',
          fc.tuple(base, fc.constantFrom(...bodyFields), hostileValue).map(([request, name, value]) => ({ ...request, body: { json: { ...(request.body && 'json' in request.body ? (request.body.json as object) : {}), [name]: value } } })),
        ),
        named(
          'a missing body field',
          fc.tuple(base, fc.constantFrom(...bodyFields)).map(([request, name]) => {
            const { [name]: _dropped, ...rest } = (request.body && 'json' in request.body ? request.body.json : {}) as Record<string, unknown>;
            return { ...request, body: { json: rest } };
          }),
        ),
        named('an extra body field', base.map((request) => ({ ...request, body: { json: { ...(request.body && 'json' in request.body ? (request.body.json as object) : {}), zz_extra: MEGABYTE.slice(0, 1000) } } }))),
      );
    }
    cases.push(
      named('a body of the wrong type', fc.tuple(base, hostileValue).map(([request, json]) => ({ ...request, body: { json } }))),
      named('invalid JSON', fc.tuple(base, fc.constantFrom('{"a":', '{', 'nul', '"\u0000"', '{"version": 1,}', '\ud800')).map(([request, raw]) => ({ ...request, body: { raw, contentType: 'application/json' } }))),
      named(
        'a wrong content type',
        fc.tuple(base, fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/octet-stream', 'application/json; charset=latin1')).map(([request, contentType]) => ({
          ...request,
          body: { raw: 'version=1&body=%00', contentType },
        })),
      ),
      // The upload cases, on every write: routes that stream files must refuse them cleanly, the others simply do not read them.
      named(
        'an upload that is not a PDF, empty or damaged',
        fc.tuple(base, fc.constantFrom(Buffer.from('\x89PNG\r\n\x1a\n'), Buffer.alloc(0), Buffer.from('%PDF-1.7\n1 0 obj'), Buffer.from('%PDF-1.7\n\u0000\u0000'))).map(([request, raw]) => ({
          ...request,
          query: { ...request.query, file_name: 'fuzz.pdf', document_type: 'original_diploma' },
          body: { raw, contentType: 'application/pdf' },
        })),
      ),
      named(
        'an unterminated multipart body',
        base.map((request) => ({
          ...request,
          query: { ...request.query, file_name: 'fuzz.pdf', document_type: 'original_diploma' },
          body: { raw: '--fuzz\r\nContent-Disposition: form-data; name="file"; filename="fuzz.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n', contentType: 'multipart/form-data; boundary=fuzz' },
        })),
      ),
      named(
        'a huge declared Content-Length',
        base.map((request) => ({
          ...request,
          query: { ...request.query, file_name: 'fuzz.pdf', document_type: 'original_diploma' },
          body: { raw: '%PDF-1.7\n', contentType: 'application/pdf' },
          headers: { 'content-length': String(300 * 1024 * 1024) },
        })),
      ),
    );
  }
  return fc.oneof(...cases);
}

/**
 * Percent-encodes like encodeURIComponent, but a lone surrogate goes out as the three bytes a
 * careless client would send (its WTF-8 form) instead of throwing or turning into U+FFFD.
 */
function encodeAny(value: string): string {
  // Whole runs at a time: the values include 1 MB strings, which a character-by-character loop
  // turned into most of the suite's time (and of its garbage collection).
  if (!ANY_SURROGATE.test(value)) return encodeURIComponent(value);
  return value.replace(WELL_FORMED_OR_LONE_SURROGATE, (run) =>
    run.length === 1 && run >= '\ud800' && run <= '\udfff' ? wtf8(run.charCodeAt(0)) : encodeURIComponent(run),
  );
}

const ANY_SURROGATE = /[\ud800-\udfff]/;
/** Runs of surrogate pairs, one lone surrogate, or runs of anything else. */
const WELL_FORMED_OR_LONE_SURROGATE = /(?:[\ud800-\udbff][\udc00-\udfff])+|[\ud800-\udfff]|[^\ud800-\udfff]+/g;

const wtf8 = (unit: number) => [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');

/** The values that broke endpoints before: each goes into every parameter and body field once, not left to chance. */
const CORE_HOSTILE: unknown[] = ['a\u0000b', 'x\ud800y', 'é'.repeat(9000), MEGABYTE, -1, '1e309', 2_147_483_648, '../../etc/passwd'];

function systematicRequests(operation: Operation, seed: number): FuzzRequest[] {
  const [base] = fc.sample(requestsFor(operation, true), { seed, numRuns: 1 });
  if (!base) return [];
  const requests: FuzzRequest[] = [];
  for (const value of CORE_HOSTILE) {
    for (const p of operation.parameters) {
      if (p.in === 'path') requests.push({ ...base, label: `${JSON.stringify(value).slice(0, 20)} in path ${p.name}`, path: { ...base.path, [p.name]: asParam(value) } });
      if (p.in === 'query') requests.push({ ...base, label: `${JSON.stringify(value).slice(0, 20)} in query ${p.name}`, query: { ...base.query, [p.name]: asParam(value) } });
    }
    if (base.body && 'json' in base.body && typeof base.body.json === 'object' && base.body.json !== null) {
      for (const name of Object.keys(operation.body?.properties ?? {})) {
        requests.push({ ...base, label: `${JSON.stringify(value).slice(0, 20)} in body ${name}`, body: { json: { ...(base.body.json as object), [name]: value } } });
      }
    }
  }
  return requests;
}

function urlOf(operation: Operation, request: FuzzRequest): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = request.path[name] ?? '1';
    // Traversal goes in as written; anything else encoded as a client would.
    return value.includes('../') ? value : encodeAny(value);
  });
  const query = Object.entries(request.query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeAny(name)}=${encodeAny(value)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** Every operation of the app's own OpenAPI document, except the docs pages themselves. */
function operationsOf(document: { paths?: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths ?? {})) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      operations.push({ method: method.toUpperCase(), path, parameters: operation.parameters ?? [], body: operation.requestBody?.content?.['application/json']?.schema });
    }
  }
  return operations;
}

/**
 * The health check's own 503: its contract is to answer "unavailable" when the database does not
 * answer within its 2 s, which a machine loaded by other work (and this suite) can cause. Any other
 * 503 from it, or a body that is not its answer, still fails.
 */
function healthSaysUnavailable(operation: Operation, status: number, body: string): boolean {
  if (operation.method !== 'GET' || operation.path !== `/api${SYSTEM_PATHS.health}` || status !== 503) return false;
  try {
    return healthAnswer.parse(JSON.parse(body)).status === 'unavailable';
  } catch {
    return false;
  }
}

// ——— The suite ———

/**
 * The suite over one part of the operations (every `parts`-th one from `part`): the operations
 * are split over two test files so the server step's two workers share the work. Each operation
 * keeps the seed of its place in the whole list, so a split never changes what is sent.
 */
export function fuzzSuite(part: number, parts: number) {
  let server: ServerFixture;
  let operations: Operation[];

  beforeAll(async () => {
    server = await createServerFixture();
    await server.app.ready();
    operations = operationsOf(server.app.swagger() as Parameters<typeof operationsOf>[0]);
    // The demo's issued documents are seeded as rows without bytes (the template has no storage):
    // their downloads answer 409 issued_file_unavailable at once, never a rendering.
  }, 120_000);
  afterAll(() => server?.close());

  describe(`API fuzz: every operation of the OpenAPI document, from its own schemas (part ${part + 1} of ${parts})`, () => {
    it('reads the operations from the app itself', () => {
      // A floor, not a list: new endpoints join without changing this file.
      expect(operations.length).toBeGreaterThan(30);
      expect(operations.some((operation) => operation.method === 'POST' && operation.path.includes('/auth/'))).toBe(true);
    });

    it(`answers no 5xx, nothing slower than ${SLOW_MS} ms, no stack trace or SQL (seed ${SEED})`, async () => {
      const failures: string[] = [];
      let sent = 0;
      // Time per operation, so the slowest ones are printed with the run (the suite's cost stays visible).
      const spent = new Map<string, number>();
      const send = async (operation: Operation, request: FuzzRequest, identity: string | null, url: string) => {
        // A fresh token per request: an operation that ends sessions cannot blind the ones after it.
        const authorization = identity ? await server.authorization(identity) : {};
        const body = request.body;
        const started = performance.now();
        if (process.env.NARIC_FUZZ_TRACE) console.info(`fuzz → ${operation.method} ${url.slice(0, 120)}`);
        const answer = await server.app.inject({
          method: operation.method as 'GET',
          url,
          headers: {
            ...authorization,
            ...(body ? { 'content-type': 'json' in body ? 'application/json' : body.contentType } : {}),
            ...request.headers,
          },
          ...(body ? { payload: 'json' in body ? JSON.stringify(body.json ?? null) : body.raw } : {}),
        });
        return { answer, ms: performance.now() - started };
      };
      /** Requests that took too long among the others, sent again alone before they count as slow. */
      const slow: { operation: Operation; request: FuzzRequest; identity: string | null; url: string; where: string }[] = [];
      const fuzzOperation = async (operation: Operation, index: number) => {
        // The systematic cases go in as the administrator, whom no permission check stops before the database.
        const systematic = systematicRequests(operation, SEED + index);
        const samples = [...systematic, ...fc.sample(requestsFor(operation), { seed: SEED + index, numRuns: RUNS * IDENTITIES.length })];
        for (const [run, request] of samples.entries()) {
          const identity = run < systematic.length ? 'admin' : (IDENTITIES[run % IDENTITIES.length] ?? null);
          const url = urlOf(operation, request);
          const { answer, ms } = await send(operation, request, identity, url);
          sent += 1;
          spent.set(`${operation.method} ${operation.path}`, (spent.get(`${operation.method} ${operation.path}`) ?? 0) + ms);
          const where = `${operation.method} ${url.slice(0, 160)} as ${identity ?? 'signed out'} (${request.label}, seed ${SEED + index}, run ${run})`;
          if (answer.statusCode >= 500 && !healthSaysUnavailable(operation, answer.statusCode, answer.body)) failures.push(`${where}: ${answer.statusCode} ${answer.body.slice(0, 300)}`);
          if (ms >= SLOW_MS) slow.push({ operation, request, identity, url, where });
          if (!String(answer.headers['content-type'] ?? '').includes('application/pdf')) {
            for (const [what, pattern] of LEAKS) if (pattern.test(answer.body)) failures.push(`${where}: the body shows ${what}: ${answer.body.slice(0, 300)}`);
          }
        }
      };
      // A few operations in flight at once, each one's requests in order. Sequentially, the suite
      // was a chain of ~70,000 database round trips, each waiting for the machine to schedule the
      // other side: on a busy machine (CI's, or this one with other work running) that wait, not
      // the work, was the time (a part took 47 s on a quiet machine and over 20 minutes on a loaded
      // one). Interleaved operations are also what the server meets in use: whatever they do to
      // each other must still be a 4xx, never a 5xx.
      const mine = operations.map((operation, index) => ({ operation, index })).filter(({ index }) => index % parts === part);
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < mine.length) {
            const { operation, index } = mine[next++]!;
            await fuzzOperation(operation, index);
          }
        }),
      );
      // With several operations in flight, a request also waits for the others' work on the same
      // event loop (a PDF rendered, a status list signed): one that took too long is timed again
      // alone, and counts as slow only if it still does.
      for (const { operation, request, identity, url, where } of slow) {
        const { ms } = await send(operation, request, identity, url);
        if (ms >= SLOW_MS) failures.push(`${where}: took ${Math.round(ms)} ms, alone`);
      }
      failures.sort();
      const slowest = [...spent].sort(([, a], [, b]) => b - a).slice(0, 5);
      console.info(`API fuzz (part ${part + 1} of ${parts}), slowest operations: ${slowest.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`).join(', ')}`);
      console.info(`API fuzz (part ${part + 1} of ${parts}): ${sent} requests over ${Math.ceil((operations.length - part) / parts)} of ${operations.length} operations × ${IDENTITIES.length} identities (seed ${SEED}, ${RUNS} runs each)`);
      expect(failures, `seed ${SEED}; rerun with NARIC_FUZZ_SEED=${SEED}`).toEqual([]);
      // The limit is for a hang, not for a slow machine.
    }, 1_200_000);
  });
}
