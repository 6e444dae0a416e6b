import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_PATHS, type StoredDocument } from '../../src/shared/api/documents';
import { minimalPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every documents endpoint × every demo group: 2xx where permissions.md allows it, 403 without the
// permission, 404 outside the row-level scope, 401 signed out; never a 500.

let server: ServerFixture;
let verifiedId: number;
let pendingId: number;
let councilOwnId: number;
let document: StoredDocument;

const id = async (reference: string) => (await server.db.selectFrom('applications').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  server = await createServerFixture();
  verifiedId = await id('NARIC-2026-900004');
  pendingId = await id('NARIC-2026-900003');
  councilOwnId = await id('NARIC-2026-900002');
  const answer = await upload('officer', verifiedId);
  expect(answer.statusCode, answer.body).toBe(201);
  document = answer.json();
});
afterAll(async () => server?.close());

async function headersOf(username: string | null, extra: Record<string, string> = {}) {
  return { ...(username ? await server.authorization(username) : {}), ...extra };
}

async function upload(username: string | null, applicationId: number, path = DOCUMENT_PATHS.upload(applicationId)) {
  return server.app.inject({
    method: 'POST',
    url: `/api${path}?document_type=additional_document&file_name=access.pdf`,
    headers: await headersOf(username, { 'content-type': 'application/pdf' }),
    payload: minimalPdf('Access check'),
  });
}

const get = async (username: string | null, path: string) => server.app.inject({ url: `/api${path}`, headers: await headersOf(username) });

// NARIC-2026-900004 (verified, no council) and a document on it.
const EXPECTED: Record<string, { upload: number; read: number }> = {
  admin: { upload: 201, read: 200 },
  'naric.admin': { upload: 201, read: 200 },
  officer: { upload: 201, read: 200 },
  // Payments and verifiers see every application but may not change its documents.
  payments: { upload: 403, read: 200 },
  verifier: { upload: 403, read: 200 },
  // Council members see their council's applications only; evaluators none yet.
  council: { upload: 404, read: 404 },
  evaluator: { upload: 404, read: 404 },
  // The inspectorate sees applications waiting for it and those it decided: not this one.
  inspector: { upload: 404, read: 404 },
  // Agency officers see the applications waiting for a decision and those they decided (docs/access.md).
  agency: { upload: 404, read: 404 },
  // Content managers hold no applications permission at all.
  content: { upload: 403, read: 403 },
};

describe('documents endpoints per demo group', () => {
  it.each(Object.entries(EXPECTED))('%s', async (username, expected) => {
    expect((await upload(username, verifiedId)).statusCode).toBe(expected.upload);
    expect((await get(username, DOCUMENT_PATHS.detail(document.id))).statusCode).toBe(expected.read);
    const content = await get(username, DOCUMENT_PATHS.content(document.id));
    expect(content.statusCode).toBe(expected.read);
    if (expected.read === 200) expect(content.rawPayload.equals(minimalPdf('Access check'))).toBe(true);
    const list = await get(username, `${DOCUMENT_PATHS.list}?application=${verifiedId}`);
    // The list is scoped rather than refused: outside the scope it is empty.
    expect(list.statusCode).toBe(expected.read === 403 ? 403 : 200);
    if (list.statusCode === 200) expect(list.json().results.some((row: StoredDocument) => row.id === document.id)).toBe(expected.read === 200);
    // Every signed-in user may read the limits (the upload controls check files against them).
    expect((await get(username, DOCUMENT_PATHS.limits)).statusCode).toBe(200);
  });

  it('signed out: 401 everywhere', async () => {
    expect((await upload(null, verifiedId)).statusCode).toBe(401);
    for (const path of [DOCUMENT_PATHS.detail(document.id), DOCUMENT_PATHS.content(document.id), DOCUMENT_PATHS.list, DOCUMENT_PATHS.limits]) {
      expect((await get(null, path)).statusCode, path).toBe(401);
    }
  });

  it('a council member uploads to and reads their own council’s application only', async () => {
    // Council members view, but do not change documents.
    expect((await upload('council', councilOwnId)).statusCode).toBe(403);
    const own = await upload('officer', councilOwnId);
    expect(own.statusCode).toBe(201);
    expect((await get('council', DOCUMENT_PATHS.content(own.json().id))).statusCode).toBe(200);
  });

  it('unknown or malformed ids are 404, malformed queries 400, never 500', async () => {
    expect((await get('admin', DOCUMENT_PATHS.detail(2_000_000_000))).statusCode).toBe(404);
    expect((await get('admin', DOCUMENT_PATHS.content(2_000_000_000))).statusCode).toBe(404);
    expect((await upload('admin', 2_000_000_000)).statusCode).toBe(404);
    // A malformed id in the path is no resource (404, as the app's error handler answers path params).
    expect((await get('admin', '/documents/abc/')).statusCode).toBe(404);
    expect((await get('admin', '/documents/99999999999999/content/')).statusCode).toBe(404);
    for (const path of [`${DOCUMENT_PATHS.list}?status=lost`, `${DOCUMENT_PATHS.list}?application=x`, `${DOCUMENT_PATHS.content(document.id)}?disposition=download`]) {
      const answer = await get('admin', path);
      expect(answer.statusCode, `${path}: ${answer.body}`).toBe(400);
    }
  });
});

describe('agency officers', () => {
  it('read the documents and certificates of the applications in their stages only', async () => {
    const documents = await get('agency', `${DOCUMENT_PATHS.list}?page_size=100`);
    expect(documents.statusCode).toBe(200);
    const rows = documents.json().results as StoredDocument[];
    expect(rows.length).toBeGreaterThan(0);
    const statuses = await server.db.selectFrom('applications').select('status').where('id', 'in', rows.map((row) => row.application_id)).execute();
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(['decision_pending']));
    expect((await get('agency', DOCUMENT_PATHS.detail(rows[0]!.id))).statusCode).toBe(200);
    // No demo certificate is on a decision-pending application, and the agency decided none.
    const register = await get('agency', '/issued-documents/');
    expect(register.statusCode).toBe(200);
    expect(register.json().count).toBe(0);
    expect((await get('officer', '/issued-documents/')).json().count).toBeGreaterThan(0);
  });
});

describe('the inspectorate upload per demo group', () => {
  it('only the inspectorate (or an administrator: Administrators, NARIC Administrators) may upload, once', async () => {
    const path = DOCUMENT_PATHS.inspectorateUpload(pendingId);
    const refused: Record<string, number> = { officer: 403, agency: 404, payments: 403, verifier: 403, content: 403, council: 404, evaluator: 404 };
    for (const [username, status] of Object.entries(refused)) expect((await upload(username, pendingId, path)).statusCode, username).toBe(status);
    expect(await server.db.selectFrom('application_documents').select('id').where('application_id', '=', pendingId).where('document_type', '=', 'verification_request').where('storage_key', 'is not', null).execute()).toEqual([]);
    const first = await upload('inspector', pendingId, path);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ document_type: 'verification_request', kind: 'original', file_name: 'access.pdf' });
    for (const username of ['inspector', 'admin', 'naric.admin']) {
      const again = await upload(username, pendingId, path);
      expect(again.statusCode, username).toBe(409);
      expect(again.json().detail).toBe('The inspectorate verification document has already been uploaded.');
    }
    // Outside inspectorate_pending the inspectorate does not see the application at all.
    expect((await upload('inspector', verifiedId, DOCUMENT_PATHS.inspectorateUpload(verifiedId))).statusCode).toBe(404);
  });
});
