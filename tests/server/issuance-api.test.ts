import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDocument, PDFName, type PDFNumber, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUANCE_PATHS, type IssuedDocument } from '../../src/shared/api/issuance';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Issuing through the real workflow actions, the register, the rendered PDF with its QR code,
// the public check, revocation, verdicts and templates.

let server: ServerFixture;
beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server.close());

const api = (path: string) => `/api${path}`;
async function call(method: 'GET' | 'POST' | 'PUT', path: string, username: string | null, payload?: unknown) {
  return server.app.inject({ method, url: api(path), headers: username ? await server.authorization(username) : {}, payload: payload as never });
}
async function applicationId(reference: string) {
  return (await server.db.selectFrom('applications').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;
}
async function version(id: number) {
  return (await server.db.selectFrom('applications').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
}

/** The QR code's text: an image XObject (gray or RGB, Flate) decoded with jsQR; another image's alpha mask is skipped. */
async function qrText(pdfBytes: Buffer): Promise<string | null> {
  const pdf = await PDFDocument.load(pdfBytes);
  const objects = pdf.context.enumerateIndirectObjects();
  const masks = new Set(objects.map(([, object]) => (object instanceof PDFRawStream ? object.dict.get(PDFName.of('SMask'))?.toString() : undefined)).filter(Boolean));
  for (const [ref, object] of objects) {
    if (!(object instanceof PDFRawStream) || object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    if (masks.has(ref.toString())) continue;
    const width = (object.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (object.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const pixels = inflateSync(object.contents);
    const channels = pixels.length / (width * height);
    if (!Number.isInteger(channels)) continue;
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      const value = (c: number) => pixels[i * channels + (channels >= 3 ? c : 0)]!;
      rgba.set([value(0), value(1), value(2), 255], i * 4);
    }
    const decoded = jsQR(rgba, width, height);
    if (decoded) return decoded.data;
  }
  return null;
}

describe('issued documents', () => {
  let issued: IssuedDocument;

  it('a verification document is issued with the decision and listed in the register with its code', async () => {
    const id = await applicationId('NARIC-2026-900004');
    const answer = await call('POST', `/applications/${id}/issue-verification-document/`, 'officer', { version: await version(id) });
    expect(answer.statusCode, answer.body).toBe(200);
    const register = await call('GET', `${ISSUANCE_PATHS.register}?search=NARIC-2026-900004`, 'officer');
    expect(register.statusCode).toBe(200);
    [issued] = register.json().results;
    expect(issued).toMatchObject({ reference: 'NARIC-2026-900004', holder_name: 'Elira Hoti', kind: 'verification_document', status: 'valid', issued_by: { full_name: 'Blerta Gashi' } });
    const byCode = await call('GET', `${ISSUANCE_PATHS.register}?search=${issued.verification_code}`, 'officer');
    expect(byCode.json().count).toBe(1);
  });

  it('renders the PDF once, in three languages, with a QR code of the verification address', async () => {
    const first = await call('GET', ISSUANCE_PATHS.issuedContent(issued.id), 'officer');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const pdf = await PDFDocument.load(first.rawPayload);
    expect(pdf.getPageCount()).toBe(3);
    expect(pdf.getTitle()).toContain('NARIC-2026-900004');
    expect(await qrText(first.rawPayload)).toBe(`https://verify.naric.example/verify/${issued.verification_code}/`);
    const again = await call('GET', ISSUANCE_PATHS.issuedContent(issued.id), 'officer');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('the public check says valid, then revoked after invalidation; unknown codes are unknown', async () => {
    const valid = await call('GET', ISSUANCE_PATHS.verify(issued.verification_code), null);
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toMatchObject({ status: 'valid', reference: 'NARIC-2026-900004', holder_name: 'Elira Hoti', kind: 'verification_document' });
    const id = await applicationId('NARIC-2026-900004');
    const invalidated = await call('POST', `/applications/${id}/invalidate/`, 'admin', { version: await version(id), notes: 'Forged seal.' });
    expect(invalidated.statusCode, invalidated.body).toBe(200);
    expect((await call('GET', ISSUANCE_PATHS.verify(issued.verification_code), null)).json()).toMatchObject({ status: 'revoked' });
    const register = await call('GET', ISSUANCE_PATHS.issued(issued.id), 'officer');
    expect(register.json()).toMatchObject({ status: 'revoked', revoked_reason: 'Forged seal.' });
    expect((await call('GET', ISSUANCE_PATHS.verify('ZZZZ-ZZZZ-ZZZZ'), null)).json()).toMatchObject({ status: 'unknown', reference: null });
  });

  it('keeps the register within the row-level scope and away from those without access', async () => {
    // A council member sees the statements of their council's decided applications, and nothing else.
    const councilRows = (await call('GET', `${ISSUANCE_PATHS.register}?page_size=100`, 'council')).json().results as IssuedDocument[];
    expect(councilRows.map((row) => row.id)).not.toContain(issued.id);
    for (const row of councilRows) {
      expect(row.kind).toBe('recognition_statement');
      expect((await call('GET', `/applications/${row.application_id}/`, 'council')).statusCode).toBe(200);
    }
    expect((await call('GET', ISSUANCE_PATHS.register, 'content')).statusCode).toBe(403);
    expect((await call('GET', ISSUANCE_PATHS.register, null)).statusCode).toBe(401);
    expect((await call('GET', ISSUANCE_PATHS.issuedContent(issued.id), 'council')).statusCode).toBe(404);
  });
});

describe('verdicts', () => {
  it('written, rendered, submitted, then the application is approved with its verification document', async () => {
    const id = await applicationId('NARIC-2026-900003');
    await server.db.updateTable('applications').set({ status: 'verified' }).where('id', '=', id).execute();
    const refused = await call('POST', `/applications/${id}/submit-verdict/`, 'officer', { version: await version(id) });
    expect(refused.statusCode).toBe(409);

    const created = await call('POST', ISSUANCE_PATHS.verdicts(id), 'officer');
    expect(created.statusCode).toBe(201);
    let current = created.json();
    // Starting again (a second click, another officer) returns the open draft instead of a new one.
    const again = await call('POST', ISSUANCE_PATHS.verdicts(id), 'officer');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: current.id, status: 'draft' });
    expect((await call('GET', ISSUANCE_PATHS.verdicts(id), 'officer')).json()).toHaveLength(1);
    expect((await call('POST', ISSUANCE_PATHS.verdicts(id), 'agency')).statusCode).toBe(403);

    const saved = await call('PUT', ISSUANCE_PATHS.verdict(id, current.id), 'officer', { version: current.version, body: 'Diploma është autentike. Diploma je autentična — Đorđe, Šćepan, Žaklina.' });
    expect(saved.statusCode).toBe(200);
    const stale = await call('PUT', ISSUANCE_PATHS.verdict(id, current.id), 'officer', { version: current.version, body: 'x' });
    expect(stale.statusCode).toBe(412);
    current = saved.json();
    expect((await call('POST', ISSUANCE_PATHS.verdictSubmit(id, current.id), 'officer', { version: current.version })).statusCode).toBe(409);

    const rendered = await call('POST', ISSUANCE_PATHS.verdictRender(id, current.id), 'officer', { version: current.version, language: 'sr' });
    expect(rendered.statusCode, rendered.body).toBe(200);
    current = rendered.json();
    expect(current.sha256).toMatch(/^[0-9a-f]{64}$/);
    const file = await call('GET', ISSUANCE_PATHS.verdictFile(id, current.id), 'officer');
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1);

    const submitted = await call('POST', ISSUANCE_PATHS.verdictSubmit(id, current.id), 'officer', { version: current.version });
    expect(submitted.json()).toMatchObject({ status: 'submitted' });
    const approved = await call('POST', `/applications/${id}/submit-verdict/`, 'officer', { version: await version(id) });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await call('GET', `${ISSUANCE_PATHS.register}?application=${id}`, 'officer')).json().count).toBe(1);
  });

  it('takes an uploaded verdict PDF with the same checks as documents', async () => {
    const id = await applicationId('NARIC-2026-900002');
    const created = (await call('POST', ISSUANCE_PATHS.verdicts(id), 'officer')).json();
    const upload = (payload: Buffer) =>
      server.authorization('officer').then((headers) =>
        server.app.inject({ method: 'POST', url: api(`${ISSUANCE_PATHS.verdictFile(id, created.id)}?version=${created.version}&file_name=vendimi.pdf`), headers: { ...headers, 'content-type': 'application/pdf' }, payload }),
      );
    const storedFiles = async () => (await Promise.all(['objects', 'incoming'].map((folder) => readdir(join(server.config.storageDir, folder)).catch(() => [])))).flat().length;
    const before = await storedFiles();
    expect((await upload(Buffer.from('not a pdf at all'))).statusCode).toBe(415);
    const { minimalPdf } = await import('../support/pdf-fixtures');
    // A name with a path or a control character, and a stale version: refused, nothing kept.
    for (const name of ['..%2Fetc%2Fvendimi.pdf', 'vendimi%0A.pdf']) {
      const headers = await server.authorization('officer');
      const refused = await server.app.inject({ method: 'POST', url: api(`${ISSUANCE_PATHS.verdictFile(id, created.id)}?version=${created.version}&file_name=${name}`), headers: { ...headers, 'content-type': 'application/pdf' }, payload: minimalPdf('Verdict') });
      expect(refused.statusCode, name).toBe(400);
    }
    const stale = await server.authorization('officer').then((headers) =>
      server.app.inject({ method: 'POST', url: api(`${ISSUANCE_PATHS.verdictFile(id, created.id)}?version=${created.version + 1}&file_name=vendimi.pdf`), headers: { ...headers, 'content-type': 'application/pdf' }, payload: minimalPdf('Verdict') }),
    );
    expect(stale.statusCode).toBe(412);
    expect(await storedFiles()).toBe(before);
    const good = await upload(minimalPdf('Verdict'));
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json()).toMatchObject({ file_name: 'vendimi.pdf' });
    expect(await storedFiles()).toBe(before + 1);
  });
});

describe('document templates', () => {
  it('content managers list, add a version and preview; others may not', async () => {
    expect((await call('GET', ISSUANCE_PATHS.templates, 'officer')).statusCode).toBe(403);
    const list = await call('GET', ISSUANCE_PATHS.templates, 'content');
    expect(list.statusCode).toBe(200);
    // Three kinds of issued document and the verdict, each in three languages.
    expect(list.json()).toHaveLength(12);
    const bad = await call('POST', ISSUANCE_PATHS.templates, 'content', { kind: 'verification_document', language: 'sq', title: 'Dokument', body: 'Pa kod.' });
    expect(bad.statusCode).toBe(400);
    const added = await call('POST', ISSUANCE_PATHS.templates, 'content', { kind: 'verification_document', language: 'sq', title: 'Dokument verifikimi', body: 'Diploma e {{holder_name}} është verifikuar. Kodi: {{code}}' });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ version: 2, active: true });
    const templates = (await call('GET', ISSUANCE_PATHS.templates, 'content')).json() as { kind: string; language: string; active: boolean }[];
    expect(templates.filter((t) => t.kind === 'verification_document' && t.language === 'sq' && t.active)).toHaveLength(1);
    const preview = await call('GET', ISSUANCE_PATHS.templatePreview(added.json().id), 'content');
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(preview.rawPayload)).getPageCount()).toBe(1);
  });
});
