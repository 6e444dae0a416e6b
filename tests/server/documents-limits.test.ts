import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBenchPdf } from '../../bench/pdf-generator';
import { streamUpload } from '../../src/main/transfer/http-stream';
import { DEFAULT_TIMEOUTS } from '../../src/server/config';
import { AUTH_PATHS } from '../../src/shared/api/auth';
import { DOCUMENT_PATHS } from '../../src/shared/api/documents';
import { ISSUANCE_PATHS } from '../../src/shared/api/issuance';
import { minimalPdf, multipartBody, pdfOfSize, PNG_BYTES, truncatedPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The size limit on a real socket: a refusal (413 with the limit in MB) must reach the client as
// an answer, not as a reset, whether the size was declared (Content-Length) or only found out
// while the body streamed in (chunked, multipart); and nothing stays in storage.

const MiB = 1024 * 1024;
const LIMIT = 1 * MiB;
/** Short, so a stalled body is cut off within the test. */
const BODY_IDLE_MS = 1500;
/** A socket silent both ways for this long is closed; above the slow upload's pauses (BODY_IDLE_MS / 2). */
const CONNECTION_IDLE_MS = 2500;

let server: ServerFixture;
let origin: string;
let applicationId: number;
let files: string;

beforeAll(async () => {
  server = await createServerFixture({ config: { maxUploadBytes: LIMIT, timeouts: { ...DEFAULT_TIMEOUTS, bodyIdleMs: BODY_IDLE_MS, connectionIdleMs: CONNECTION_IDLE_MS } } });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  applicationId = (await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900004').executeTakeFirstOrThrow()).id;
  files = await mkdtemp(join(tmpdir(), 'naric-limits-test-'));
});
afterAll(async () => {
  await server?.close();
  await rm(files, { recursive: true, force: true });
});

const uploadPath = (query: Record<string, string> = {}) =>
  `/api${DOCUMENT_PATHS.upload(applicationId)}?${new URLSearchParams({ document_type: 'original_diploma', file_name: 'big.pdf', ...query })}`;

async function storedFiles(): Promise<string[]> {
  const lists = await Promise.all(['objects', 'incoming'].map((folder) => readdir(join(server.config.storageDir, folder)).catch(() => [])));
  return lists.flat();
}

const documentCount = async () =>
  Number((await server.db.selectFrom('application_documents').select((eb) => eb.fn.countAll().as('n')).where('application_id', '=', applicationId).executeTakeFirstOrThrow()).n);

interface SocketAnswer {
  status: number;
  body: string;
  /** Bytes the client managed to hand to the socket before the answer came. */
  sent: number;
}

/**
 * Sends `total` bytes (a PDF header, then filler) in 64 KiB chunks, as fast as the socket takes
 * them, and stops writing once the answer arrives. Rejects when the connection is reset before an
 * answer could be read: the failure these tests exist to catch.
 */
function sendBody(options: { path: string; headers: Record<string, string>; total: number; prefix?: Buffer; suffix?: Buffer }): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest(`${origin}${options.path}`, { method: 'POST', headers: options.headers });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), sent });
      });
      response.on('error', reject);
    });
    const filler = Buffer.alloc(64 * 1024, 0x20);
    const pieces: Buffer[] = [];
    if (options.prefix) pieces.push(options.prefix);
    pieces.push(Buffer.from('%PDF-1.7\n'));
    const write = () => {
      while (!answered && !request.destroyed) {
        const piece = pieces.shift() ?? filler.subarray(0, Math.min(filler.length, options.total - sent));
        if (piece.length === 0) {
          if (options.suffix) request.write(options.suffix);
          request.end();
          return;
        }
        sent += piece.length;
        if (!request.write(piece)) {
          request.once('drain', write);
          return;
        }
      }
    };
    write();
  });
}

describe('the upload limit on a real socket', () => {
  it('publishes the limit', async () => {
    const answer = await server.app.inject({ url: `/api${DOCUMENT_PATHS.limits}`, headers: await server.authorization('officer') });
    expect(answer.json()).toEqual({ max_upload_bytes: LIMIT, accepted_media_types: ['application/pdf'] });
  });

  it('a chunked raw body that grows past the limit: 413 as an answer, reading stopped, nothing stored', async () => {
    const { authorization } = await server.authorization('officer');
    const before = await documentCount();
    const answer = await sendBody({ path: uploadPath(), headers: { authorization, 'content-type': 'application/pdf', 'transfer-encoding': 'chunked' }, total: 64 * MiB });
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ detail: 'File too large (limit 1 MB).', code: 'upload_too_large', params: { limit: 1 }, max_upload_bytes: LIMIT });
    // The server stopped reading at the limit: the client was nowhere near its 64 MiB.
    expect(answer.sent).toBeLessThan(32 * MiB);
    expect(await documentCount()).toBe(before);
    expect(await storedFiles()).toEqual([]);
  });

  it('a declared Content-Length over the limit: 413 before the body is read', async () => {
    const { authorization } = await server.authorization('officer');
    const total = 48 * MiB;
    const answer = await sendBody({ path: uploadPath(), headers: { authorization, 'content-type': 'application/pdf', 'content-length': String(total) }, total });
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body).detail).toBe('File too large (limit 1 MB).');
    expect(await storedFiles()).toEqual([]);
  });

  it('a multipart file part that grows past the limit: 413 as an answer, nothing stored', async () => {
    const { authorization } = await server.authorization('officer');
    const boundary = 'naric-limit-boundary';
    const { head, tail } = multipartBody(boundary, { document_type: 'original_diploma' }, { fileName: 'big.pdf' });
    const before = await documentCount();
    const answer = await sendBody({
      path: `/api${DOCUMENT_PATHS.upload(applicationId)}`,
      headers: { authorization, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
      total: 24 * MiB,
      prefix: head,
      suffix: tail,
    });
    expect(answer.status, answer.body).toBe(413);
    expect(JSON.parse(answer.body).detail).toBe('File too large (limit 1 MB).');
    expect(await documentCount()).toBe(before);
    expect(await storedFiles()).toEqual([]);
  });

  it('the desktop transfer service sending a file over the limit reads the 413 answer, not a reset', async () => {
    const path = join(files, 'over-the-limit.pdf');
    const size = await writeBenchPdf(path, 40 * MiB);
    const { authorization } = await server.authorization('officer');
    const answer = await streamUpload({
      url: `${origin}${uploadPath({ file_name: 'over-the-limit.pdf' })}`,
      headers: { authorization, accept: 'application/json' },
      file: { path, size },
      signal: new AbortController().signal,
      onSent: () => {},
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ detail: 'File too large (limit 1 MB).', max_upload_bytes: LIMIT });
    expect(await storedFiles()).toEqual([]);
  });

  it('after a refusal the server still takes a PDF within the limit', async () => {
    const { authorization } = await server.authorization('officer');
    const pdf = pdfOfSize(LIMIT - 4096);
    const answer = await server.app.inject({ method: 'POST', url: uploadPath({ file_name: 'fits.pdf' }), headers: { authorization, 'content-type': 'application/pdf' }, payload: pdf });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().size).toBe(pdf.length);
  });
});

/** One complete request on a real socket (the body is sent whole, then the answer read). */
function sendWhole(path: string, headers: Record<string, string>, body: Buffer, options: { end?: boolean } = {}): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}${path}`, { method: 'POST', headers: { ...headers, ...(options.end === false ? {} : { 'content-length': String(body.length) }) } });
    request.on('error', reject);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started });
      });
    });
    request.write(body);
    if (options.end !== false) request.end();
  });
}

describe('upload answers say what happened, on a real socket, on every upload route', () => {
  const BOUNDARY = 'naric-answer-boundary';
  let verdictApplication: number;
  let inspectorateApplication: number;

  beforeAll(async () => {
    const idOf = async (reference: string) => (await server.db.selectFrom('applications').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;
    verdictApplication = await idOf('NARIC-2026-900002');
    inspectorateApplication = await idOf('NARIC-2026-900003');
  });

  /** The three routes, each with the user allowed to use it; the verdict route needs a draft first. */
  async function routes() {
    const officer = await server.authorization('officer');
    const draft = await server.app.inject({ method: 'POST', url: `/api${ISSUANCE_PATHS.verdicts(verdictApplication)}`, headers: officer });
    const verdict = draft.json() as { id: number; version: number };
    return [
      { name: 'documents', path: (query: string) => `/api${DOCUMENT_PATHS.upload(applicationId)}?document_type=original_diploma&${query}`, headers: officer },
      { name: 'inspectorate document', path: (query: string) => `/api${DOCUMENT_PATHS.inspectorateUpload(inspectorateApplication)}?${query}`, headers: await server.authorization('inspector') },
      { name: 'verdict file', path: (query: string) => `/api${ISSUANCE_PATHS.verdictFile(verdictApplication, verdict.id)}?version=${verdict.version}&${query}`, headers: officer },
    ];
  }

  const cases: [string, Buffer, number, RegExp][] = [
    ['not a PDF', PNG_BYTES, 415, /Unsupported file type/],
    ['an empty file', Buffer.alloc(0), 400, /The file is empty/],
    ['a damaged PDF', truncatedPdf(), 400, /damaged or incomplete/],
  ];

  it.each(cases)('%s, raw and multipart', async (_name, content, status, message) => {
    const before = await storedFiles();
    for (const route of await routes()) {
      const raw = await sendWhole(route.path('file_name=answer.pdf'), { ...route.headers, 'content-type': 'application/pdf' }, content);
      expect(raw.status, `${route.name} raw: ${raw.body}`).toBe(status);
      expect(raw.body, route.name).toMatch(message);
      const { body } = multipartBody(BOUNDARY, {}, { fileName: 'answer.pdf', content });
      const form = await sendWhole(route.path(''), { ...route.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, body);
      expect(form.status, `${route.name} multipart: ${form.body}`).toBe(status);
      expect(form.body, route.name).toMatch(message);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('an unterminated multipart body: 400 "The upload was interrupted", nothing stored', async () => {
    const before = await storedFiles();
    for (const route of await routes()) {
      const { head } = multipartBody(BOUNDARY, {}, { fileName: 'cut.pdf', content: Buffer.alloc(0) });
      const cut = Buffer.concat([head, minimalPdf('cut off')]);
      const answer = await sendWhole(route.path(''), { ...route.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, cut);
      expect(answer.status, `${route.name}: ${answer.body}`).toBe(400);
      expect(answer.body, route.name).toMatch(/The upload was interrupted/);
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('a declared 300 MB body: 413 before the body is read, on every route', async () => {
    for (const route of await routes()) {
      const total = 300 * MiB;
      const answer = await sendBody({ path: route.path('file_name=huge.pdf'), headers: { ...route.headers, 'content-type': 'application/pdf', 'content-length': String(total) }, total });
      expect(answer.status, `${route.name}: ${answer.body}`).toBe(413);
      // Answered at once: the client had sent a sliver of its 300 MB.
      expect(answer.sent, route.name).toBeLessThan(40 * MiB);
    }
  });

  it('a body that stops arriving is cut off after the idle time-out (408), a slow but moving one is not', async () => {
    const [documents] = await routes();
    const stalled = await sendWhole(documents!.path('file_name=stalled.pdf'), { ...documents!.headers, 'content-type': 'application/pdf', 'content-length': String(10_000) }, Buffer.from('%PDF-1.7\n'), { end: false });
    expect(stalled.status, stalled.body).toBe(408);
    expect(stalled.body).toMatch(/stopped arriving/);
    expect(stalled.ms).toBeLessThan(BODY_IDLE_MS + 3000);

    // Longer in total than the idle time-out, but never silent for that long.
    const pdf = minimalPdf('slow but moving', 2000);
    const slow = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${origin}${documents!.path('file_name=slow.pdf')}`, { method: 'POST', headers: { ...documents!.headers, 'content-type': 'application/pdf', 'content-length': String(pdf.length) } });
      request.on('error', reject);
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      });
      const pieces = 5;
      const size = Math.ceil(pdf.length / pieces);
      let sent = 0;
      const next = () => {
        request.write(pdf.subarray(sent * size, (sent + 1) * size));
        sent += 1;
        if (sent < pieces) setTimeout(next, BODY_IDLE_MS / 2);
        else request.end();
      };
      next();
    });
    expect(slow.status, slow.body).toBe(201);
  }, 20_000);
});

describe('a JSON body that stops arriving', () => {
  it('is not waited for longer than the connection time-out: 408 or the connection closed', async () => {
    // Headers and the start of a sign-in body, then silence: a client that holds the connection.
    const body = JSON.stringify({ username: 'officer', password: 'Demo-2026!naric' });
    const sentPart = body.slice(0, 12);
    const { port } = server.app.server.address() as AddressInfo;
    const started = Date.now();
    const outcome = await new Promise<{ answer: string; ms: number }>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      let answer = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (answer += chunk));
      // Closed by the server; a reset counts as closed too (Node destroys a timed-out socket).
      socket.on('error', () => {});
      socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
      socket.write(
        `POST /api${AUTH_PATHS.adminLogin} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${sentPart}`,
      );
      // Never left hanging: the test fails on its own time-out otherwise.
      setTimeout(() => reject(new Error(`still open after ${CONNECTION_IDLE_MS + 5000} ms`)), CONNECTION_IDLE_MS + 5000).unref();
    });
    // Cut off by the configured time-out, not by anything sooner (the body was valid so far).
    expect(outcome.ms).toBeGreaterThanOrEqual(CONNECTION_IDLE_MS - 250);
    expect(outcome.ms).toBeLessThan(CONNECTION_IDLE_MS + 3000);
    // Either nothing (the socket closed) or a 408: never a sign-in attempt with half a body.
    if (outcome.answer) expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 15_000);
});

