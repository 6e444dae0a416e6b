import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBenchPdf } from '../../bench/pdf-generator';
import { streamUpload } from '../../src/main/transfer/http-stream';
import { DOCUMENT_PATHS } from '../../src/shared/api/documents';
import { multipartBody, pdfOfSize } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The size limit on a real socket: a refusal (413 with the limit in MB) must reach the client as
// an answer, not as a reset, whether the size was declared (Content-Length) or only found out
// while the body streamed in (chunked, multipart); and nothing stays in storage.

const MiB = 1024 * 1024;
const LIMIT = 1 * MiB;

let server: ServerFixture;
let origin: string;
let applicationId: number;
let files: string;

beforeAll(async () => {
  server = await createServerFixture({ config: { maxUploadBytes: LIMIT } });
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
    expect(JSON.parse(answer.body)).toMatchObject({ detail: 'File too large (limit 1 MB).', code: 'payload_too_large', max_upload_bytes: LIMIT });
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
