import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_PATHS, type StoredDocument } from '../../src/shared/api/documents';
import { minimalPdf, multipartBody, PNG_BYTES, truncatedPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Multipart uploads get the same checks as raw ones, and file names in the three languages'
// alphabets (Albanian, Serbian Latin, Serbian Cyrillic) survive the upload and the download.

let server: ServerFixture;
let applicationId: number;

beforeAll(async () => {
  server = await createServerFixture();
  applicationId = (await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900004').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

const BOUNDARY = 'naric-input-boundary';

async function sendMultipart(body: Buffer, query = '') {
  return server.app.inject({
    method: 'POST',
    url: `/api${DOCUMENT_PATHS.upload(applicationId)}${query}`,
    headers: { ...(await server.authorization('officer')), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: body,
  });
}

const multipart = (content: Buffer, fileName = 'diploma.pdf', fields: Record<string, string> = { document_type: 'original_diploma' }, field?: string) =>
  sendMultipart(multipartBody(BOUNDARY, fields, { fileName, content, ...(field ? { field } : {}) }).body);

async function rawUpload(content: Buffer, fileName: string) {
  return server.app.inject({
    method: 'POST',
    url: `/api${DOCUMENT_PATHS.upload(applicationId)}?${new URLSearchParams({ document_type: 'original_diploma', file_name: fileName })}`,
    headers: { ...(await server.authorization('officer')), 'content-type': 'application/pdf' },
    payload: content,
  });
}

async function stored() {
  const rows = await server.db.selectFrom('application_documents').select('id').where('application_id', '=', applicationId).where('storage_key', 'is not', null).execute();
  const files = (await Promise.all(['objects', 'incoming'].map((folder) => readdir(join(server.config.storageDir, folder))))).flat();
  return { rows: rows.length, files: files.length };
}

describe('multipart uploads: every bad input refused, nothing stored', () => {
  it.each<[string, () => ReturnType<typeof multipart>, number, RegExp]>([
    ['a renamed PNG', () => multipart(PNG_BYTES), 415, /Unsupported file type/],
    ['a truncated PDF', () => multipart(truncatedPdf()), 400, /damaged or incomplete/],
    ['an empty file', () => multipart(Buffer.alloc(0)), 400, /The file is empty/],
    ['a file over the limit', () => multipart(minimalPdf('big', 8 * 1024 * 1024 + 10)), 413, /File too large \(limit 8 MB\)/],
    ['a path in the file name', () => multipart(minimalPdf(), '../../etc/diploma.pdf'), 400, /Invalid format/],
    ['a Windows path in the file name', () => multipart(minimalPdf(), 'C:\\Users\\arta\\diploma.pdf'), 400, /Invalid format/],
    ['a control character in the file name', () => multipart(minimalPdf(), 'diploma\u0001.pdf'), 400, /not allowed/],
    ['a path in the file_name field', () => multipart(minimalPdf(), 'diploma.pdf', { document_type: 'original_diploma', file_name: 'a/b.pdf' }), 400, /Invalid format/],
    ['no document type', () => multipart(minimalPdf(), 'diploma.pdf', {}), 400, /document_type/],
    ['the file in a part of another name', () => multipart(minimalPdf(), 'diploma.pdf', { document_type: 'original_diploma' }, 'document'), 400, /one part named “file”/],
    ['no file part at all', () => sendMultipart(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\noriginal_diploma\r\n--${BOUNDARY}--\r\n`)), 400, /one part named “file”/],
  ])('%s', async (_name, send, status, message) => {
    const before = await stored();
    const answer = await send();
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.body).toMatch(message);
    expect(await stored()).toEqual(before);
  });

  it('a raw body that is not declared as a PDF is refused (415)', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: `/api${DOCUMENT_PATHS.upload(applicationId)}?document_type=original_diploma&file_name=a.pdf`,
      headers: { ...(await server.authorization('officer')), 'content-type': 'application/octet-stream' },
      payload: minimalPdf(),
    });
    expect(answer.statusCode).toBe(415);
  });
});

const NAMES = {
  albanian: 'Diplomë e çertifikuar — Përkthim Çlirim.pdf',
  serbianLatin: 'Uverenje — Šćepanović Žarko Đurđević Čačak.pdf',
  serbianCyrillic: 'Диплома — Ђорђевић Љиљана Шћекић.pdf',
};

function dispositionName(header: string): { ascii: string; utf8: string } {
  const ascii = /filename="([^"]*)"/.exec(header)?.[1];
  const encoded = /filename\*=UTF-8''([^;\s]+)/.exec(header)?.[1];
  if (ascii === undefined || encoded === undefined) throw new Error(`No file name in ${header}`);
  return { ascii, utf8: decodeURIComponent(encoded) };
}

describe('file names in Albanian, Serbian Latin and Serbian Cyrillic', () => {
  it.each(Object.entries(NAMES))('%s: kept on upload (raw and multipart) and sent back with an ASCII fallback and the UTF-8 name', async (_alphabet, name) => {
    const raw = await rawUpload(minimalPdf(name), name);
    expect(raw.statusCode, raw.body).toBe(201);
    const multi = await multipart(minimalPdf(name), name);
    expect(multi.statusCode, multi.body).toBe(201);
    for (const document of [raw.json() as StoredDocument, multi.json() as StoredDocument]) {
      expect(document.file_name).toBe(name);
      for (const disposition of ['attachment', 'inline'] as const) {
        const answer = await server.app.inject({ url: `/api${DOCUMENT_PATHS.content(document.id)}?disposition=${disposition}`, headers: await server.authorization('officer') });
        const header = String(answer.headers['content-disposition']);
        expect(header.startsWith(`${disposition}; `)).toBe(true);
        const { ascii, utf8 } = dispositionName(header);
        expect(utf8).toBe(name);
        // The fallback is printable ASCII, without quotes or backslashes, and keeps the extension.
        expect(ascii).toMatch(/^[\x20-\x7e]+$/);
        expect(ascii).not.toMatch(/["\\]/);
        expect(ascii.endsWith('.pdf')).toBe(true);
        // The header itself is ASCII: Node refuses anything else.
        expect(header).toMatch(/^[\x20-\x7e]+$/);
      }
    }
  });

  it('Latin letters keep their base letter in the ASCII fallback', async () => {
    const answer = await rawUpload(minimalPdf(), NAMES.serbianLatin);
    const content = await server.app.inject({ url: `/api${DOCUMENT_PATHS.content(answer.json().id)}`, headers: await server.authorization('officer') });
    expect(dispositionName(String(content.headers['content-disposition'])).ascii).toBe('Uverenje _ Scepanovic Zarko Djurdjevic Cacak.pdf');
    const albanian = await rawUpload(minimalPdf(), NAMES.albanian);
    const albanianContent = await server.app.inject({ url: `/api${DOCUMENT_PATHS.content(albanian.json().id)}`, headers: await server.authorization('officer') });
    expect(dispositionName(String(albanianContent.headers['content-disposition'])).ascii).toBe('Diplome e certifikuar _ Perkthim Clirim.pdf');
  });

  it('a decomposed (NFD) name is stored composed (NFC)', async () => {
    const decomposed = 'Diplomë Đorđe Čačak.pdf'.normalize('NFD');
    expect(decomposed).not.toBe('Diplomë Đorđe Čačak.pdf');
    const answer = await rawUpload(minimalPdf(), decomposed);
    expect(answer.statusCode).toBe(201);
    expect(answer.json().file_name).toBe('Diplomë Đorđe Čačak.pdf');
  });

  it('the documents list finds them by name and by application reference', async () => {
    const search = async (text: string) =>
      server.app.inject({ url: `/api${DOCUMENT_PATHS.list}?${new URLSearchParams({ search: text, page_size: '100' })}`, headers: await server.authorization('officer') });
    const cyrillic = await search('Ђорђевић');
    expect(cyrillic.statusCode).toBe(200);
    expect(cyrillic.json().results.length).toBeGreaterThan(0);
    expect(cyrillic.json().results.every((d: StoredDocument) => d.file_name.includes('Ђорђевић'))).toBe(true);
    const byReference = await search('900004');
    expect(byReference.json().results.every((d: StoredDocument) => d.application_reference === 'NARIC-2026-900004')).toBe(true);
    // `%` and `_` are letters, not wildcards.
    expect((await search('%')).json().count).toBe(0);
  });
});
