import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDetail } from '../../src/shared/api/applications';
import { DOCUMENT_PATHS, documentListAnswer, storedDocument } from '../../src/shared/api/documents';
import { IDEMPOTENCY_KEY_HEADER, INTAKE_PATHS, intakeAnswer, type IntakeRequest } from '../../src/shared/api/intake';
import { ACTIVE_CONTENT_MARKERS, hexEscapedName, minimalPdf, pdfNaming, pdfNamingInObjectStream } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Uploads are scanned for active content (scripts, open actions, launches, attached files, rich
// media) and keep what was found: the document's `active_content`, in its list, its detail and
// the application's detail; a counter upload hands it to the document it becomes.

let server: ServerFixture;
let applicationId: number;
const api = (path: string) => `/api${path}`;

beforeAll(async () => {
  server = await createServerFixture();
  applicationId = (await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900004').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

async function upload(bytes: Buffer, fileName: string) {
  const answer = await server.app.inject({
    method: 'POST',
    url: api(`${DOCUMENT_PATHS.upload(applicationId)}?${new URLSearchParams({ document_type: 'original_diploma', file_name: fileName })}`),
    headers: { ...(await server.authorization('officer')), 'content-type': 'application/pdf' },
    payload: bytes,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return storedDocument.parse(answer.json());
}

describe('active content in uploaded documents', () => {
  for (const { name, kind } of ACTIVE_CONTENT_MARKERS) {
    it(`flags /${name} as ${kind}, as written, hex-escaped and in a compressed object stream`, async () => {
      const forms: [string, Buffer][] = [
        ['plain', pdfNaming(name)],
        ['escaped', pdfNaming(hexEscapedName(name))],
        ['object-stream', await pdfNamingInObjectStream(name)],
      ];
      for (const [form, bytes] of forms) {
        const document = await upload(bytes, `${name}-${form}.pdf`);
        expect(document.active_content, form).toEqual([kind]);
        const row = await server.db.selectFrom('application_documents').select('active_content').where('id', '=', document.id).executeTakeFirstOrThrow();
        expect(row.active_content, form).toEqual([kind]);
      }
    });
  }

  it('a clean PDF is not flagged; the list, the detail and the application show what was found', async () => {
    const clean = await upload(minimalPdf('Clean diploma'), 'clean.pdf');
    expect(clean.active_content).toEqual([]);
    const flagged = await upload(minimalPdf('x', 0, '/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'), 'scripted.pdf');
    expect(flagged.active_content).toEqual(['javascript', 'open_action']);

    const headers = await server.authorization('officer');
    const list = documentListAnswer.parse((await server.app.inject({ url: api(`${DOCUMENT_PATHS.list}?application=${applicationId}&page_size=100`), headers })).json());
    const listed = new Map(list.results.map((document) => [document.id, document.active_content]));
    expect(listed.get(clean.id)).toEqual([]);
    expect(listed.get(flagged.id)).toEqual(['javascript', 'open_action']);

    const detail = storedDocument.parse((await server.app.inject({ url: api(DOCUMENT_PATHS.detail(flagged.id)), headers })).json());
    expect(detail.active_content).toEqual(['javascript', 'open_action']);

    const application = applicationDetail.parse((await server.app.inject({ url: api(`/applications/${applicationId}/`), headers })).json());
    expect(application.documents.find((document) => document.id === flagged.id)?.active_content).toEqual(['javascript', 'open_action']);
    expect(application.documents.find((document) => document.id === clean.id)?.active_content).toEqual([]);
  });

  it('a counter upload keeps its flag into the document the submission makes', async () => {
    const key = randomUUID();
    const staged = await server.app.inject({
      method: 'PUT',
      url: api(`${INTAKE_PATHS.upload(key)}?file_name=launch.pdf`),
      headers: { ...(await server.authorization('admin')), 'content-type': 'application/pdf' },
      payload: await pdfNamingInObjectStream('Launch'),
    });
    expect(staged.statusCode, staged.body).toBe(201);
    expect((await server.db.selectFrom('intake_uploads').select('active_content').where('upload_key', '=', key).executeTakeFirstOrThrow()).active_content).toEqual(['launch']);

    const body: IntakeRequest = {
      service_type: 1,
      applicant: { first_name: 'Arta', last_name: 'Zeqiri', personal_id: randomUUID().slice(0, 10), email: 'arta.zeqiri@example.com', country: 'XK', gender: 'female' },
      education: { institution_name: 'University of Vienna', institution_country: 'AT', degree_level: 'bachelor' },
      documents: [{ upload_key: key, document_type: 'original_diploma' }],
      quoted_total: '30.00',
      taken_at: new Date(Date.now() - 3_600_000).toISOString(),
    };
    const submitted = await server.app.inject({
      method: 'POST',
      url: api(INTAKE_PATHS.submit),
      headers: { ...(await server.authorization('admin')), [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      payload: body,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const created = intakeAnswer.parse(submitted.json());
    const document = storedDocument.parse((await server.app.inject({ url: api(DOCUMENT_PATHS.detail(created.documents[0]!.id)), headers: await server.authorization('admin') })).json());
    expect(document.active_content).toEqual(['launch']);
  });
});
