import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition } from '../../src/server/downloads';
import { minimalPdf, multipartBody } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every upload route takes a file name by the documents' rule (no path separators, no control
// characters), whether it comes in the query or as a multipart part's name: a name like
// `..\..\Startup\x.pdf` is refused (400 on file_name), nothing is stored, and the answer never
// repeats it. Whatever name is stored, a download's Content-Disposition carries only its last
// segment.

let server: ServerFixture;
const BOUNDARY = 'upload-file-name-boundary';
const HOSTILE = ['..\\..\\Startup\\x.pdf', '../x.pdf', 'sub/x.pdf'];

interface Route {
  name: string;
  username: string;
  method: 'PUT' | 'POST';
  /** The path with its query (without file_name), ready for `&file_name=`. */
  path: () => Promise<string>;
  /** The file names stored for this route, to see nothing hostile got in. */
  stored: () => Promise<(string | null)[]>;
}

let reviewId: number;
let meetingId: number;
let applicationId: number;

const reviewVersion = async () => (await server.db.selectFrom('expert_reviews').select('version').where('id', '=', reviewId).executeTakeFirstOrThrow()).version;
const meetingVersion = async () => (await server.db.selectFrom('council_meetings').select('version').where('id', '=', meetingId).executeTakeFirstOrThrow()).version;

const ROUTES: Route[] = [
  {
    name: 'expert report',
    username: 'evaluator',
    method: 'PUT',
    path: async () => `/api/expert-reviews/${reviewId}/report/?version=${await reviewVersion()}`,
    stored: async () => (await server.db.selectFrom('expert_reviews').select('report_file_name').where('id', '=', reviewId).execute()).map((row) => row.report_file_name),
  },
  {
    name: 'council minutes',
    username: 'admin',
    method: 'PUT',
    path: async () => `/api/councils/meetings/${meetingId}/minutes/?version=${await meetingVersion()}`,
    stored: async () => (await server.db.selectFrom('council_meetings').select('minutes_file_name').where('id', '=', meetingId).execute()).map((row) => row.minutes_file_name),
  },
  {
    name: 'application document',
    username: 'admin',
    method: 'POST',
    path: async () => `/api/applications/${applicationId}/documents/?document_type=id_document`,
    stored: async () => (await server.db.selectFrom('application_documents').select('file_name').where('application_id', '=', applicationId).execute()).map((row) => row.file_name),
  },
  {
    name: 'staged counter upload',
    username: 'admin',
    method: 'PUT',
    path: async () => `/api/applications/intake/uploads/${randomUUID()}/?`,
    stored: async () => (await server.db.selectFrom('intake_uploads').select('file_name').execute()).map((row) => row.file_name),
  },
];

beforeAll(async () => {
  server = await createServerFixture();
  const evaluator = (await server.db.selectFrom('users').select('id').where('username', '=', 'evaluator').executeTakeFirstOrThrow()).id;
  reviewId = (await server.db.selectFrom('expert_reviews').select('id').where('reviewer_id', '=', evaluator).where('status', '=', 'requested').orderBy('id').executeTakeFirstOrThrow()).id;
  meetingId = (await server.db.selectFrom('council_meetings').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  applicationId = (await server.db.selectFrom('applications').select('id').where('archived', '=', false).where('closed_at', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

describe.each(ROUTES)('$name', (route) => {
  const hostileStored = async () => (await route.stored()).filter((name) => name !== null && /[\\/]/.test(name));

  it.each(HOSTILE)('refuses %s in the query (400 on file_name), stores nothing, never echoes it', async (fileName) => {
    const answer = await server.app.inject({
      method: route.method,
      url: `${await route.path()}&file_name=${encodeURIComponent(fileName)}`,
      headers: { ...(await server.authorization(route.username)), 'content-type': 'application/pdf' },
      payload: minimalPdf('Query name'),
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(Object.keys(answer.json())).toContain('file_name');
    expect(answer.body).not.toContain(fileName);
    expect(answer.body).not.toContain('Startup');
    expect(await hostileStored()).toEqual([]);
  });

  it.each(HOSTILE)('refuses %s as the multipart file’s name (400 on file_name), stores nothing, never echoes it', async (fileName) => {
    const { body } = multipartBody(BOUNDARY, {}, { fileName, content: minimalPdf('Multipart name') });
    const answer = await server.app.inject({
      method: route.method,
      url: await route.path(),
      headers: { ...(await server.authorization(route.username)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(Object.keys(answer.json())).toContain('file_name');
    expect(answer.body).not.toContain(fileName);
    expect(await hostileStored()).toEqual([]);
  });

  it('refuses a path in a multipart form’s file_name field too', async () => {
    const { body } = multipartBody(BOUNDARY, { file_name: '..\\..\\Startup\\x.pdf' }, { fileName: 'plain.pdf', content: minimalPdf('Field name') });
    const answer = await server.app.inject({
      method: route.method,
      url: await route.path(),
      headers: { ...(await server.authorization(route.username)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.body).not.toContain('Startup');
    expect(await hostileStored()).toEqual([]);
  });

  it('takes a plain name', async () => {
    const answer = await server.app.inject({
      method: route.method,
      url: `${await route.path()}&file_name=${encodeURIComponent('Diplomë e vërtetuar.pdf')}`,
      headers: { ...(await server.authorization(route.username)), 'content-type': 'application/pdf' },
      payload: minimalPdf(`Plain ${route.name}`),
    });
    expect([200, 201], answer.body).toContain(answer.statusCode);
    expect(await route.stored()).toContain('Diplomë e vërtetuar.pdf');
  });
});

describe('Content-Disposition', () => {
  it('carries only the last segment of any name, with no control characters', () => {
    for (const name of ['..\\..\\Startup\\x.pdf', '../x.pdf', '/etc/x.pdf', 'a\\b/x.pdf']) {
      const header = contentDisposition(name, 'attachment');
      expect(header).toBe(`attachment; filename="x.pdf"; filename*=UTF-8''x.pdf`);
    }
    expect(contentDisposition('line\r\nbreak.pdf', 'inline')).toBe(`inline; filename="linebreak.pdf"; filename*=UTF-8''linebreak.pdf`);
    expect(contentDisposition('..\\', 'attachment')).toBe(`attachment; filename="document.pdf"; filename*=UTF-8''document.pdf`);
    expect(contentDisposition('Diplomë.pdf', 'inline')).toBe(`inline; filename="Diplome.pdf"; filename*=UTF-8''Diplom%C3%AB.pdf`);
  });

  it('serves a name stored before uploads were checked without its path', async () => {
    const version = await reviewVersion();
    const uploaded = await server.app.inject({
      method: 'PUT',
      url: `/api/expert-reviews/${reviewId}/report/?version=${version}&file_name=report.pdf`,
      headers: { ...(await server.authorization('evaluator')), 'content-type': 'application/pdf' },
      payload: minimalPdf('Old report'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    await server.db.updateTable('expert_reviews').set({ report_file_name: '..\\..\\Startup\\old.pdf' }).where('id', '=', reviewId).execute();
    const download = await server.app.inject({ url: `/api/expert-reviews/${reviewId}/report/`, headers: await server.authorization('evaluator') });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="old.pdf"; filename*=UTF-8''old.pdf`);
  });
});
