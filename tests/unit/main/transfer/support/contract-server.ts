import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { documentUploadQuery, type StoredDocument } from '../../../../../src/shared/api/documents';
import type { TransferTestServer } from './transfer-scenarios';

// THROW-AWAY: a stand-in for the documents endpoints of the API server, following the committed
// contract (src/shared/api/documents.ts), used only until src/server/modules/documents exists.
// tests/server/transfer-service.test.ts runs the same scenarios against the real server.

export async function startContractServer(limit = 16 * 1024 * 1024): Promise<TransferTestServer & { close(): Promise<void> }> {
  const storage = await mkdtemp(join(tmpdir(), 'naric-contract-server-'));
  const documents = new Map<number, StoredDocument & { path: string }>();
  const aborted: string[] = [];
  const requests: string[] = [];
  const tokens = new Map([
    ['officer-token', 'officer'],
    ['outsider-token', 'outsider'],
  ]);
  const applicationId = 7;
  let nextId = 1;

  const send = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };

  async function upload(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
    const query = documentUploadQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!query.success) return send(response, 400, { detail: 'Validation error' });
    const length = Number(request.headers['content-length']);
    if (length > limit) return send(response, 413, { detail: `File too large (limit ${limit / 1024 / 1024} MB).`, code: 'payload_too_large' });
    const temporary = join(storage, `upload-${randomUUID()}.tmp`);
    const out = createWriteStream(temporary);
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      hash.update(chunk);
      if (head.length < 5) head = Buffer.concat([head, chunk.subarray(0, 5)]);
    });
    request.on('aborted', () => aborted.push(`POST ${url.pathname}`));
    request.pipe(out);
    out.on('error', () => {});
    await new Promise<void>((resolve) => {
      out.on('close', resolve);
      request.on('aborted', () => out.destroy());
    });
    if (request.readableAborted || !request.complete) {
      await rm(temporary, { force: true });
      return undefined;
    }
    if (head.subarray(0, 5).toString('latin1') !== '%PDF-') {
      await rm(temporary, { force: true });
      return send(response, 415, { detail: 'Unsupported file type', code: 'unsupported_file_type' });
    }
    const id = nextId++;
    const path = join(storage, `document-${id}`);
    await rename(temporary, path);
    const document = {
      id,
      file_name: query.data.file_name,
      document_type: query.data.document_type,
      kind: query.data.kind,
      size,
      uploaded_at: new Date().toISOString(),
      status: 'pending' as const,
      review_notes: null,
      reviewed_by: null,
      reviewed_at: null,
      application_id: applicationId,
      application_reference: 'NARIC-2026-00007',
      sha256: hash.digest('hex'),
      media_type: 'application/pdf',
      uploaded_by: { id: 3, full_name: 'Demo Officer' },
    };
    documents.set(id, { ...document, path });
    return send(response, 201, document);
  }

  async function content(request: http.IncomingMessage, response: http.ServerResponse, id: number) {
    const document = documents.get(id);
    if (!document) return send(response, 404, { detail: 'Not found.' });
    const { size } = await stat(document.path);
    const etag = `"${document.sha256}"`;
    const range = /^bytes=(\d+)-$/.exec(String(request.headers.range ?? ''));
    const headers = { 'Content-Type': 'application/pdf', ETag: etag, 'Accept-Ranges': 'bytes' };
    if (range && (!request.headers['if-range'] || request.headers['if-range'] === etag)) {
      const start = Number(range[1]);
      response.writeHead(206, { ...headers, 'Content-Range': `bytes ${start}-${size - 1}/${size}`, 'Content-Length': String(size - start) });
      createReadStream(document.path, { start }).pipe(response);
      return undefined;
    }
    response.writeHead(200, { ...headers, 'Content-Length': String(size) });
    createReadStream(document.path).pipe(response);
    return undefined;
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${request.method} ${url.pathname}`);
    const user = tokens.get(String(request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!user) {
      request.resume();
      return send(response, 401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
    }
    const contentMatch = /^\/api\/documents\/(\d+)\/content\/$/.exec(url.pathname);
    if (request.method === 'GET' && url.pathname === '/api/documents/limits/') return send(response, 200, { max_upload_bytes: limit, accepted_media_types: ['application/pdf'] });
    if (request.method === 'GET' && url.pathname === '/api/documents/') return send(response, 200, { count: documents.size, next: null, previous: null, results: [] });
    if (request.method === 'POST' && url.pathname === `/api/applications/${applicationId}/documents/`) return void upload(request, response, url);
    if (request.method === 'GET' && contentMatch) {
      if (user !== 'officer') return send(response, 404, { detail: 'Not found.' });
      return void content(request, response, Number(contentMatch[1]));
    }
    return send(response, 404, { detail: 'Not found.' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    applicationId,
    limit,
    tokenFor: async (user) => (user === 'officer' ? 'officer-token' : 'outsider-token'),
    documentCount: async () => documents.size,
    storedFiles: async () => (await readdir(storage)).map((name) => join(storage, name)),
    abortedRequests: () => aborted,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(storage, { recursive: true, force: true });
    },
  };
}
