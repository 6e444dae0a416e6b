import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DID_DOCUMENT_PATH, DOCUMENT_SEAL_PATHS, documentCheckEvidencePath } from '../../src/shared/api/document-seals';
import { ISSUANCE_PATHS, type IssuedDocument } from '../../src/shared/api/issuance';
import { hasPermission } from '../../src/shared/auth/permissions';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { ensureDemoSeal } from '../../src/server/document-seal/seal-store';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every endpoint of the seal and the credentials × every demo account: the seal's settings and the
// credential keys are the settings staff's (view_settings to read, change_settings to change);
// revoking and restoring in the register is whoever issues documents; checking a credential or a
// PDF is whoever reads applications; keeping a check on an application is whoever verifies
// documents. The credential download, the status list and the DID document are public.

let server: ServerFixture;
let issued: IssuedDocument;
let credential: Record<string, unknown>;
let pdf: Buffer;
let applicationId: number;

const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const SETTINGS_STAFF = new Set(['admin', 'naric.admin']);
const ISSUERS = new Set(['admin', 'naric.admin', 'officer']);
const CHECKERS = new Set(USERS.filter((username) => username !== 'content'));
const RECORDERS = new Set(['admin', 'naric.admin', 'officer', 'verifier']);

async function send(username: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown, headers: Record<string, string> = {}) {
  const authorization = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: path.startsWith('/.well-known') ? path : `/api${path}`, headers: { ...authorization, ...headers }, ...(payload === undefined ? {} : { payload: payload as never }) });
}
const sealVersion = async () => (await server.db.selectFrom('document_seal').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version;
const keyCount = async () => (await server.db.selectFrom('credential_keys').select('id').execute()).length;
const registerRow = async () => (await send('admin', 'GET', ISSUANCE_PATHS.issued(issued.id))).json() as IssuedDocument;

beforeAll(async () => {
  server = await createServerFixture();
  await ensureDemoSeal(server.db, server.config.jwtSecret, 'NARIC');
  applicationId = (await server.db.selectFrom('applications').select(['id', 'version']).where('reference', '=', 'NARIC-2026-900004').executeTakeFirstOrThrow()).id;
  const { version } = await server.db.selectFrom('applications').select('version').where('id', '=', applicationId).executeTakeFirstOrThrow();
  const answer = await send('officer', 'POST', `/applications/${applicationId}/issue-verification-document/`, { version });
  expect(answer.statusCode, answer.body).toBe(200);
  [issued] = (await send('officer', 'GET', `${ISSUANCE_PATHS.register}?search=NARIC-2026-900004`)).json().results;
  credential = (await send(null, 'GET', ISSUANCE_PATHS.verifyCredential(issued.verification_code))).json();
  pdf = (await send('officer', 'GET', ISSUANCE_PATHS.issuedContent(issued.id))).rawPayload;
});
afterAll(async () => server?.close());

it('the demo has the groups these rows assume, as the permissions say', async () => {
  for (const username of USERS) {
    const me = (await send(username, 'GET', '/auth/me/')).json();
    expect(hasPermission(me, 'settings.change_settings'), username).toBe(SETTINGS_STAFF.has(username));
    expect(hasPermission(me, 'applications.issue_document'), username).toBe(ISSUERS.has(username));
    expect(hasPermission(me, 'applications.view_application'), username).toBe(CHECKERS.has(username));
    expect(hasPermission(me, 'documents.verify_document'), username).toBe(RECORDERS.has(username));
  }
});

describe('signed out', () => {
  it('gets 401 from every staff endpoint and changes nothing', async () => {
    const [seal, keys] = [await sealVersion(), await keyCount()];
    expect((await send(null, 'GET', DOCUMENT_SEAL_PATHS.seal)).statusCode).toBe(401);
    expect((await send(null, 'PUT', DOCUMENT_SEAL_PATHS.seal, { version: seal, timestamp_authority_url: '' })).statusCode).toBe(401);
    expect((await send(null, 'DELETE', `${DOCUMENT_SEAL_PATHS.seal}?version=${seal}`)).statusCode).toBe(401);
    expect((await send(null, 'GET', DOCUMENT_SEAL_PATHS.credentialKeys)).statusCode).toBe(401);
    expect((await send(null, 'POST', DOCUMENT_SEAL_PATHS.rotateCredentialKey)).statusCode).toBe(401);
    expect((await send(null, 'POST', ISSUANCE_PATHS.revoke(issued.id), { reason: 'Forged' })).statusCode).toBe(401);
    expect((await send(null, 'POST', ISSUANCE_PATHS.restore(issued.id))).statusCode).toBe(401);
    expect((await send(null, 'POST', DOCUMENT_SEAL_PATHS.checkCredential, { credential })).statusCode).toBe(401);
    expect((await send(null, 'POST', DOCUMENT_SEAL_PATHS.checkPdf, pdf, { 'content-type': 'application/pdf' })).statusCode).toBe(401);
    expect((await send(null, 'POST', documentCheckEvidencePath(applicationId), { subject: 'pdf', summary: 'Seal valid' })).statusCode).toBe(401);
    expect([await sealVersion(), await keyCount(), (await registerRow()).status]).toEqual([seal, keys, 'valid']);
  });

  it('downloads the credential and reads the status list and the DID document (public)', async () => {
    expect((await send(null, 'GET', ISSUANCE_PATHS.verifyCredential(issued.verification_code))).statusCode).toBe(200);
    expect((await send(null, 'GET', DOCUMENT_SEAL_PATHS.statusList(0))).statusCode).toBe(200);
    expect((await send(null, 'GET', DID_DOCUMENT_PATH)).statusCode).toBe(200);
  });
});

describe.each(USERS)('%s', (username) => {
  const settingsStaff = SETTINGS_STAFF.has(username);
  const issuer = ISSUERS.has(username);
  const checker = CHECKERS.has(username);
  const recorder = RECORDERS.has(username);

  it(settingsStaff ? 'reads and changes the seal (200; a stale removal 412)' : 'neither reads nor changes the seal (403)', async () => {
    expect((await send(username, 'GET', DOCUMENT_SEAL_PATHS.seal)).statusCode).toBe(settingsStaff ? 200 : 403);
    const version = await sealVersion();
    const saved = await send(username, 'PUT', DOCUMENT_SEAL_PATHS.seal, { version, timestamp_authority_url: '' });
    expect(saved.statusCode, saved.body).toBe(settingsStaff ? 200 : 403);
    expect(await sealVersion()).toBe(settingsStaff ? version + 1 : version);
    // A removal at a version no longer stored passes the permission and stops at the version: the seal stays.
    expect((await send(username, 'DELETE', `${DOCUMENT_SEAL_PATHS.seal}?version=${version}`)).statusCode).toBe(settingsStaff ? 412 : 403);
    expect((await server.db.selectFrom('document_seal').select('subject').executeTakeFirstOrThrow()).subject).not.toBeNull();
  });

  it(settingsStaff ? 'reads and rotates the credential keys (200)' : 'neither reads nor rotates the credential keys (403)', async () => {
    expect((await send(username, 'GET', DOCUMENT_SEAL_PATHS.credentialKeys)).statusCode).toBe(settingsStaff ? 200 : 403);
    const before = await keyCount();
    expect((await send(username, 'POST', DOCUMENT_SEAL_PATHS.rotateCredentialKey)).statusCode).toBe(settingsStaff ? 200 : 403);
    expect(await keyCount()).toBe(settingsStaff ? before + 1 : before);
  });

  it('downloads the credential like anyone (200)', async () => {
    expect((await send(username, 'GET', ISSUANCE_PATHS.verifyCredential(issued.verification_code))).statusCode).toBe(200);
  });

  it(issuer ? 'revokes and restores in the register (200)' : 'neither revokes nor restores (403, the document stands)', async () => {
    const revoked = await send(username, 'POST', ISSUANCE_PATHS.revoke(issued.id), { reason: `Checked by ${username}` });
    expect(revoked.statusCode, revoked.body).toBe(issuer ? 200 : 403);
    expect((await registerRow()).status).toBe(issuer ? 'revoked' : 'valid');
    if (!issuer) await send('officer', 'POST', ISSUANCE_PATHS.revoke(issued.id), { reason: 'Revoked for the restore check' });
    expect((await send(username, 'POST', ISSUANCE_PATHS.restore(issued.id))).statusCode).toBe(issuer ? 200 : 403);
    expect((await registerRow()).status).toBe(issuer ? 'valid' : 'revoked');
    if (!issuer) await send('officer', 'POST', ISSUANCE_PATHS.restore(issued.id));
  });

  it(checker ? 'checks a credential and a PDF (200)' : 'checks neither a credential nor a PDF (403)', async () => {
    const credentialCheck = await send(username, 'POST', DOCUMENT_SEAL_PATHS.checkCredential, { credential });
    expect(credentialCheck.statusCode, credentialCheck.body).toBe(checker ? 200 : 403);
    if (checker) expect(credentialCheck.json()).toMatchObject({ signature_valid: true, issuer_kind: 'ours', status: 'valid' });
    const pdfCheck = await send(username, 'POST', DOCUMENT_SEAL_PATHS.checkPdf, pdf, { 'content-type': 'application/pdf' });
    expect(pdfCheck.statusCode, pdfCheck.body).toBe(checker ? 200 : 403);
    if (checker) expect(pdfCheck.json().signatures[0]).toMatchObject({ signature_valid: true, our_seal: true });
  });

  it(recorder ? 'keeps a check on the application as evidence (201)' : 'keeps no check on the application (403)', async () => {
    const answer = await send(username, 'POST', documentCheckEvidencePath(applicationId), { subject: 'pdf', summary: `Seal valid, checked by ${username}` });
    expect(answer.statusCode, answer.body).toBe(recorder ? 201 : 403);
  });
});
