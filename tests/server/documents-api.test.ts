import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_PATHS, type StoredDocument } from '../../src/shared/api/documents';
import { minimalPdf, PNG_BYTES, truncatedPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Uploads, the checks that refuse bad input with nothing stored, range downloads, access.

let server: ServerFixture;
let applicationId: number;
let councilOnlyId: number;

beforeAll(async () => {
  server = await createServerFixture();
  applicationId = (await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900004').executeTakeFirstOrThrow()).id;
  councilOnlyId = (await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900005').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

const uploadUrl = (id: number, query: Record<string, string>) => `/api${DOCUMENT_PATHS.upload(id)}?${new URLSearchParams(query)}`;

async function uploadRaw(id: number, body: Buffer, query: Record<string, string> = {}, username = 'officer') {
  return server.app.inject({
    method: 'POST',
    url: uploadUrl(id, { document_type: 'original_diploma', file_name: 'diploma.pdf', ...query }),
    headers: { ...(await server.authorization(username)), 'content-type': 'application/pdf' },
    payload: body,
  });
}

async function documentRows(id = applicationId) {
  return server.db.selectFrom('application_documents').select(['id', 'storage_key']).where('application_id', '=', id).where('storage_key', 'is not', null).execute();
}

async function storedFiles(): Promise<string[]> {
  const folders = ['objects', 'incoming'];
  const lists = await Promise.all(folders.map((folder) => readdir(join(server.config.storageDir, folder)).catch(() => [])));
  return lists.flat();
}

describe('document upload', () => {
  it('stores a PDF streamed as the raw body, with its hash, and writes the history', async () => {
    const pdf = minimalPdf('Diploma of Arta Krasniqi');
    const answer = await uploadRaw(applicationId, pdf, { file_name: 'Diplomë — Đorđe Šaćirović.pdf', kind: 'copy' });
    expect(answer.statusCode, answer.body).toBe(201);
    const document: StoredDocument = answer.json();
    expect(document).toMatchObject({ application_id: applicationId, file_name: 'Diplomë — Đorđe Šaćirović.pdf', kind: 'copy', size: pdf.length, status: 'pending', media_type: 'application/pdf' });
    expect(document.sha256).toMatch(/^[0-9a-f]{64}$/);
    const history = await server.db.selectFrom('application_history').select('action').where('application_id', '=', applicationId).where('action', '=', 'document_uploaded').execute();
    expect(history.length).toBeGreaterThan(0);
  });

  it('accepts multipart/form-data with one file part', async () => {
    const boundary = '----naric-test-boundary';
    const pdf = minimalPdf('Transcript');
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\noriginal_transcript\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="transcript.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api${DOCUMENT_PATHS.upload(applicationId)}`,
      headers: { ...(await server.authorization('officer')), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ file_name: 'transcript.pdf', document_type: 'original_transcript', size: pdf.length });
  });

  it('refuses every bad input with a clear answer and stores nothing', async () => {
    const before = await documentRows();
    const filesBefore = await storedFiles();
    const cases: [string, () => ReturnType<typeof uploadRaw>, number, RegExp][] = [
      ['renamed PNG', () => uploadRaw(applicationId, PNG_BYTES), 415, /Unsupported file type/],
      ['truncated PDF', () => uploadRaw(applicationId, truncatedPdf()), 400, /damaged or incomplete/],
      ['empty file', () => uploadRaw(applicationId, Buffer.alloc(0)), 400, /empty/],
      ['over the limit', () => uploadRaw(applicationId, minimalPdf('big', server.config.maxUploadBytes)), 413, /File too large \(limit 8 MB\)/],
      ['path separator in the name', () => uploadRaw(applicationId, minimalPdf(), { file_name: '../../etc/passwd.pdf' }), 400, /Invalid format/],
      ['control character in the name', () => uploadRaw(applicationId, minimalPdf(), { file_name: 'bad\u0007name.pdf' }), 400, /not allowed/],
      ['unknown document type', () => uploadRaw(applicationId, minimalPdf(), { document_type: 'selfie' }), 400, /.+/],
      ['an application the user cannot see', () => uploadRaw(councilOnlyId, minimalPdf(), {}, 'council'), 404, /Not found/],
      // Payment officers see every application but may not add to its file.
      ['a user without the permission', () => uploadRaw(applicationId, minimalPdf(), {}, 'payments'), 403, /.+/],
    ];
    for (const [name, send, status, message] of cases) {
      const answer = await send();
      expect(answer.statusCode, `${name}: ${answer.body}`).toBe(status);
      expect(answer.body, name).toMatch(message);
    }
    expect(await documentRows()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });

  it('leaves no row and no file when the connection drops halfway', async () => {
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = server.app.server.address() as AddressInfo;
    const before = await documentRows();
    const filesBefore = await storedFiles();
    const pdf = minimalPdf('dropped', 2 * 1024 * 1024);
    const { authorization } = await server.authorization('officer');
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: uploadUrl(applicationId, { document_type: 'original_diploma', file_name: 'dropped.pdf' }),
        headers: { authorization, 'content-type': 'application/pdf', 'content-length': String(pdf.length) },
      });
      request.on('error', () => resolve());
      request.write(pdf.subarray(0, 1024 * 1024), () => setTimeout(() => { request.destroy(); resolve(); }, 100));
    });
    // The server notices the reset and cleans up; wait for it without timing assertions.
    for (let attempt = 0; attempt < 50 && (await storedFiles()).length !== filesBefore.length; attempt++) await new Promise((r) => setTimeout(r, 50));
    expect(await documentRows()).toEqual(before);
    expect(await storedFiles()).toEqual(filesBefore);
  });
});

describe('document download', () => {
  let document: StoredDocument;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = minimalPdf('Range test', 5000);
    document = (await uploadRaw(applicationId, pdf, { file_name: 'Uverenje — ćirilica Ђорђе.pdf' })).json();
  });
  const content = async (headers: Record<string, string> = {}, username = 'officer', query = '') =>
    server.app.inject({ url: `/api${DOCUMENT_PATHS.content(document.id)}${query}`, headers: { ...(await server.authorization(username)), ...headers } });

  it('streams the whole file with type, length, ETag and a name that survives every alphabet', async () => {
    const answer = await content();
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(pdf)).toBe(true);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['content-length']).toBe(String(pdf.length));
    expect(answer.headers.etag).toBe(`"${document.sha256}"`);
    expect(answer.headers['accept-ranges']).toBe('bytes');
    const disposition = String(answer.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="Uverenje _ cirilica _____\.pdf"; /);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Uverenje — ćirilica Ђорђе.pdf')}`);
    expect((await content({}, 'officer', '?disposition=inline')).headers['content-disposition']).toMatch(/^inline;/);
  });

  it('answers ranges: first bytes, middle, suffix, open end, unsatisfiable, If-Range', async () => {
    const first = await content({ range: 'bytes=0-9' });
    expect(first.statusCode).toBe(206);
    expect(first.rawPayload.equals(pdf.subarray(0, 10))).toBe(true);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${pdf.length}`);
    const middle = await content({ range: 'bytes=100-199' });
    expect(middle.rawPayload.equals(pdf.subarray(100, 200))).toBe(true);
    const suffix = await content({ range: 'bytes=-20' });
    expect(suffix.rawPayload.equals(pdf.subarray(pdf.length - 20))).toBe(true);
    const open = await content({ range: `bytes=${pdf.length - 5}-` });
    expect(open.rawPayload.equals(pdf.subarray(pdf.length - 5))).toBe(true);
    const beyond = await content({ range: `bytes=${pdf.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${pdf.length}`);
    const stale = await content({ range: 'bytes=0-9', 'if-range': '"not-the-etag"' });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.length).toBe(pdf.length);
    const fresh = await content({ range: 'bytes=0-9', 'if-range': `"${document.sha256}"` });
    expect(fresh.statusCode).toBe(206);
  });

  it('only to users who may see the application', async () => {
    expect((await content({}, 'council')).statusCode).toBe(404);
    expect((await content({}, 'content')).statusCode).toBe(403);
    // Agency officers see only the applications waiting for their decision (docs/access.md).
    expect((await content({}, 'agency')).statusCode).toBe(404);
    expect((await content({}, 'verifier')).statusCode).toBe(200);
  });

  it('lists documents with filters, within the scope', async () => {
    const answer = await server.app.inject({ url: `/api${DOCUMENT_PATHS.list}?application=${applicationId}&search=Uverenje`, headers: await server.authorization('officer') });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results.map((d: StoredDocument) => d.id)).toEqual([document.id]);
    const council = await server.app.inject({ url: `/api${DOCUMENT_PATHS.list}?application=${applicationId}`, headers: await server.authorization('council') });
    expect(council.json().count).toBe(0);
  });
});

describe('inspectorate verification document', () => {
  it('takes exactly one PDF while the application waits for the inspectorate', async () => {
    const id = (await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900003').executeTakeFirstOrThrow()).id;
    const send = async (username: string) =>
      server.app.inject({
        method: 'POST',
        url: `/api${DOCUMENT_PATHS.inspectorateUpload(id)}?file_name=verification.pdf`,
        headers: { ...(await server.authorization(username)), 'content-type': 'application/pdf' },
        payload: minimalPdf('Verified by the inspectorate'),
      });
    expect((await send('officer')).statusCode).toBe(403);
    // A verification PDF from before the application was (last) sent to the inspectorate is not this request's.
    await server.db
      .insertInto('application_documents')
      .values({ application_id: id, file_name: 'old-verification.pdf', document_type: 'verification_request', uploaded_at: new Date('2020-01-01T00:00:00Z') })
      .execute();
    const currentPdf = async () => (await server.app.inject({ url: `/api/applications/${id}/`, headers: await server.authorization('officer') })).json().inspectorate_document_id;
    expect(await currentPdf()).toBeNull();
    const first = await send('inspector');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ document_type: 'verification_request', kind: 'original', uploaded_by: { full_name: 'Nenad Stojanović' } });
    // The detail names it as the current request's PDF, for every screen that shows it.
    expect(await currentPdf()).toBe(first.json().id);
    const second = await send('inspector');
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('The inspectorate verification document has already been uploaded.');
    const notPending = await server.app.inject({
      method: 'POST',
      url: `/api${DOCUMENT_PATHS.inspectorateUpload(applicationId)}?file_name=verification.pdf`,
      headers: { ...(await server.authorization('admin')), 'content-type': 'application/pdf' },
      payload: minimalPdf(),
    });
    expect(notPending.statusCode).toBe(409);
  });
});

describe('inspectorate approval', () => {
  it('needs the verification document first', async () => {
    const id = (await server.db.selectFrom('applications').select(['id', 'version']).where('reference', '=', 'NARIC-2026-900003').executeTakeFirstOrThrow()).id;
    const version = async () => (await server.db.selectFrom('applications').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
    await server.db.deleteFrom('application_documents').where('application_id', '=', id).where('document_type', '=', 'verification_request').execute();
    const approve = async () =>
      server.app.inject({ method: 'POST', url: `/api/applications/${id}/inspectorate-approve/`, headers: await server.authorization('inspector'), payload: { version: await version() } });
    const refused = await approve();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Upload the inspectorate verification document first.');
    const upload = await server.app.inject({
      method: 'POST',
      url: `/api${DOCUMENT_PATHS.inspectorateUpload(id)}?file_name=verification.pdf`,
      headers: { ...(await server.authorization('inspector')), 'content-type': 'application/pdf' },
      payload: minimalPdf('Verified'),
    });
    expect(upload.statusCode).toBe(201);
    const approved = await approve();
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'inspectorate_verified', inspectorate: { outcome: 'verified', verified_by: { full_name: 'Nenad Stojanović' } } });
  });
});
