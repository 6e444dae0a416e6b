import { execFile } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DID_DOCUMENT_PATH, DOCUMENT_SEAL_PATHS, type CredentialCheckAnswer } from '../../src/shared/api/document-seals';
import { ISSUANCE_PATHS, type IssuedDocument } from '../../src/shared/api/issuance';
import { ensureDemoSeal } from '../../src/server/document-seal/seal-store';
import { createServerFixture, issueDemoFiles, type ServerFixture } from '../support/server-fixture';

// Sealed PDFs checked by an independent verifier (poppler's pdfsig), and verifiable credentials
// checked by Digital Bazaar's verifier: valid, revoked then restored, tampered, expired, signed by
// a retired key, and a foreign credential from a did:key.

const run = promisify(execFile);
let server: ServerFixture;
let folder: string;
beforeAll(async () => {
  server = await createServerFixture();
  folder = await mkdtemp(join(tmpdir(), 'naric-seal-'));
  await ensureDemoSeal(server.db, server.config.jwtSecret, 'NARIC — Qendra për Njohjen Akademike');
});
afterAll(async () => {
  await server.close();
  await rm(folder, { recursive: true, force: true });
});

const api = (path: string) => `/api${path}`;
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, username: string | null, payload?: unknown) {
  return server.app.inject({ method, url: api(path), headers: username ? await server.authorization(username) : {}, payload: payload as never });
}
async function applicationId(reference: string) {
  return (await server.db.selectFrom('applications').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;
}
async function version(id: number) {
  return (await server.db.selectFrom('applications').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
}
async function pdfsig(bytes: Buffer, name: string): Promise<string> {
  const path = join(folder, name);
  await writeFile(path, bytes);
  // pdfsig exits non-zero when a signature does not verify: its report is what the tests read.
  const result = await run('pdfsig', [path]).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return result.stdout;
}

let issued: IssuedDocument;
let pdf: Buffer;

describe('sealed PDFs', () => {
  it('a document is issued sealed: the register names the seal', async () => {
    const id = await applicationId('NARIC-2026-900004');
    const answer = await call('POST', `/applications/${id}/issue-verification-document/`, 'officer', { version: await version(id) });
    expect(answer.statusCode, answer.body).toBe(200);
    const register = await call('GET', `${ISSUANCE_PATHS.register}?search=NARIC-2026-900004`, 'officer');
    [issued] = register.json().results;
    expect(issued.sealed_by).toMatch(/^CN=DEMO seal/);
    pdf = (await call('GET', ISSUANCE_PATHS.issuedContent(issued.id), 'officer')).rawPayload;
    // "Verify a document" finds a PDF's entry by its hash.
    const byHash = await call('GET', `${ISSUANCE_PATHS.register}?search=${issued.sha256!.toUpperCase()}`, 'officer');
    expect(byHash.json().results.map((row: IssuedDocument) => row.id)).toEqual([issued.id]);
  });

  it('pdfsig reports the signature valid over the whole document, with its signing time', async () => {
    const report = await pdfsig(pdf, 'sealed.pdf');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toMatch(/Signer Certificate Common Name: DEMO seal/);
    expect(report).toMatch(/Signing Time: \w+ \d+ \d{4}/);
  });

  it('one changed byte in the signed range makes the signature invalid', async () => {
    const changed = Buffer.from(pdf);
    const at = changed.indexOf('/Title');
    changed[at + 9] = changed[at + 9]! ^ 0x01;
    const report = await pdfsig(changed, 'changed.pdf');
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('the seal certificate chains to the demo certification authority', async () => {
    const contents = signatureContents(pdf);
    const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(contents.toString('binary')))) as forge.pkcs7.PkcsSignedData;
    const [seal, authority] = message.certificates.map((certificate) => new X509Certificate(Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary')));
    expect(authority!.subject).toContain('CN=DEMO NARIC Certification Authority');
    expect(seal!.checkIssued(authority!)).toBe(true);
    expect(seal!.verify(authority!.publicKey)).toBe(true);
    expect(authority!.verify(authority!.publicKey)).toBe(true);
  });

  it('without a seal documents are issued unsigned, and the register says so', async () => {
    const seal = await server.db.selectFrom('document_seal').selectAll().executeTakeFirstOrThrow();
    await server.db.deleteFrom('document_seal').execute();
    // A demo row whose bytes are not made yet, issued now as the start's backfill does.
    const row = await server.db.selectFrom('issued_documents').innerJoin('applications', 'applications.id', 'issued_documents.application_id').select(['issued_documents.id', 'applications.reference']).where('storage_key', 'is', null).orderBy('issued_documents.id').executeTakeFirstOrThrow();
    await issueDemoFiles(server, { documents: [row.id] });
    const unsigned = (await call('GET', ISSUANCE_PATHS.issued(row.id), 'officer')).json() as IssuedDocument;
    expect(unsigned.sha256).not.toBeNull();
    expect(unsigned.sealed_by).toBeNull();
    const bytes = (await call('GET', ISSUANCE_PATHS.issuedContent(unsigned.id), 'officer')).rawPayload;
    expect(await pdfsig(bytes, 'unsigned.pdf')).toContain('does not contain any signatures');
    // The same seal again (a new version: the issuers open it again).
    await server.db.insertInto('document_seal').values({ ...seal, version: seal.version + 1 }).execute();
  });
});

describe('verifiable credentials', () => {
  let credential: Record<string, unknown>;
  const check = async (body: unknown) => {
    const answer = await call('POST', DOCUMENT_SEAL_PATHS.checkCredential, 'officer', body);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as CredentialCheckAnswer;
  };

  it('the public check offers the credential, a VC 2.0 with an eddsa-rdfc-2022 proof by our did:web', async () => {
    const verified = (await call('GET', ISSUANCE_PATHS.verify(issued.verification_code), null)).json();
    expect(verified.credential_url).toBe(`https://verify.naric.example/verify/${issued.verification_code}/credential/`);
    const download = await call('GET', ISSUANCE_PATHS.verifyCredential(issued.verification_code), null);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment');
    credential = download.json();
    expect(credential['@context']).toEqual(['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/ns/credentials/undefined-terms/v2']);
    expect(credential.issuer).toMatchObject({ id: 'did:web:verify.naric.example' });
    expect(credential.proof).toMatchObject({ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022', proofPurpose: 'assertionMethod' });
    expect(credential.credentialSubject).toMatchObject({ name: 'Elira Hoti', reference: 'NARIC-2026-900004' });
  });

  it('verifies: signature, our issuer with its current key, valid status, claims', async () => {
    const result = await check({ credential });
    expect(result).toMatchObject({ signature_valid: true, issuer_kind: 'ours', key_state: 'current', status: 'valid', expired: false });
    expect(result.claims).toContainEqual({ path: 'name', value: 'Elira Hoti' });
  });

  it('the DID document lists the key; the status list is public and cacheable', async () => {
    const did = await server.app.inject({ method: 'GET', url: DID_DOCUMENT_PATH });
    expect(did.statusCode).toBe(200);
    expect(did.json().assertionMethod).toHaveLength(1);
    const list = await call('GET', DOCUMENT_SEAL_PATHS.statusList(0), null);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toContain('max-age=300');
    expect(list.json().credentialSubject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
    const again = await server.app.inject({ method: 'GET', url: api(DOCUMENT_SEAL_PATHS.statusList(0)), headers: { 'if-none-match': String(list.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('revoking in the register flips its bit; restoring flips it back', async () => {
    const revoked = await call('POST', ISSUANCE_PATHS.revoke(issued.id), 'officer', { reason: 'Issued in error' });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().status, "register").toBe("revoked");
    expect((await check({ credential })).status).toBe('revoked');
    expect((await call('POST', ISSUANCE_PATHS.restore(issued.id), 'officer')).json().status).toBe('valid');
    expect((await check({ credential })).status).toBe('valid');
  });

  it('another database served by the same process signs and checks its status lists with its own key', async () => {
    // Two instances' tests (or a restore) run in one process: each database has its own key 1.
    const other = await createServerFixture();
    try {
      const { signedStatusList, checkCredential } = await import('../../src/server/credentials/credentials');
      const issuerOf = (fixture: ServerFixture) => ({ db: fixture.db, secret: fixture.config.jwtSecret, did: 'did:web:verify.naric.example', publicVerifyUrl: 'https://verify.naric.example/verify' });
      const ours = await signedStatusList(issuerOf(server), 0);
      const theirs = await signedStatusList(issuerOf(other), 0);
      expect(theirs.proof).not.toEqual(ours.proof);
      expect((await checkCredential(issuerOf(other), theirs)).signature_valid).toBe(true);
    } finally {
      await other.close();
    }
  });

  it('a tampered credential does not verify', async () => {
    const tampered = { ...credential, credentialSubject: { ...(credential.credentialSubject as object), name: 'Someone Else' } };
    const result = await check({ credential: tampered });
    expect(result.signature_valid).toBe(false);
  });

  it('an expired credential is reported expired, its signature still checked', async () => {
    const { signCredential } = await import('../../src/server/credentials/credentials');
    const issuer = { db: server.db, secret: server.config.jwtSecret, did: 'did:web:verify.naric.example', publicVerifyUrl: 'https://verify.naric.example/verify' };
    const { proof: _proof, ...unsigned } = credential;
    const expired = await signCredential(issuer, { ...unsigned, validFrom: '2020-01-01T00:00:00Z', validUntil: '2021-01-01T00:00:00Z' }, new Date('2020-06-01T00:00:00Z'));
    const result = await check({ credential: expired });
    expect(result).toMatchObject({ signature_valid: true, expired: true });
  });

  it('after a key rotation, credentials signed by the retired key still verify, and the key is shown retired', async () => {
    const rotated = await call('POST', DOCUMENT_SEAL_PATHS.rotateCredentialKey, 'admin');
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().keys.filter((key: { retired_at: string | null }) => key.retired_at === null)).toHaveLength(1);
    expect(rotated.json().keys).toHaveLength(2);
    const result = await check({ credential });
    expect(result).toMatchObject({ signature_valid: true, key_state: 'retired', status: 'valid' });
    const did = (await server.app.inject({ method: 'GET', url: DID_DOCUMENT_PATH })).json();
    expect(did.verificationMethod).toHaveLength(2);
  });

  it('a foreign credential signed by a did:key resolves offline; an unknown issuer does not', async () => {
    const [Ed25519Multikey, { DataIntegrityProof }, { cryptosuite }, vc] = await Promise.all([
      import('@digitalbazaar/ed25519-multikey'),
      import('@digitalbazaar/data-integrity'),
      import('@digitalbazaar/eddsa-rdfc-2022-cryptosuite'),
      import('@digitalbazaar/vc'),
    ]);
    const key = await Ed25519Multikey.generate();
    const did = `did:key:${key.publicKeyMultibase}`;
    const signer = await Ed25519Multikey.from({ ...(await key.export({ publicKey: true, secretKey: true, includeContext: true })), id: `${did}#${key.publicKeyMultibase}`, controller: did });
    const { documentLoader } = await import('../../src/server/credentials/document-loader');
    const foreign = await vc.issue({
      credential: { '@context': ['https://www.w3.org/ns/credentials/v2', 'https://www.w3.org/ns/credentials/undefined-terms/v2'], type: ['VerifiableCredential'], issuer: did, validFrom: '2025-01-01T00:00:00Z', credentialSubject: { name: 'Ana Petrović', degree: 'MSc' } },
      suite: new DataIntegrityProof({ signer: signer.signer(), cryptosuite }),
      documentLoader: documentLoader(async (url) => (url.startsWith(did) ? { '@context': 'https://w3id.org/security/multikey/v1', id: `${did}#${key.publicKeyMultibase}`, type: 'Multikey', controller: did, publicKeyMultibase: key.publicKeyMultibase } : undefined)),
    });
    const result = await check({ credential: foreign });
    expect(result).toMatchObject({ signature_valid: true, issuer_kind: 'resolved', status: 'no_status', issuer_id: did });
    const unknown = await check({ credential: { ...foreign, issuer: 'did:web:elsewhere.example' } });
    expect(unknown).toMatchObject({ signature_valid: false, issuer_kind: 'unresolved' });
  });

  it('the PDF check finds our seal, its time, and a change after signing', async () => {
    const answer = await server.app.inject({ method: 'POST', url: api(DOCUMENT_SEAL_PATHS.checkPdf), headers: { ...(await server.authorization('officer')), 'content-type': 'application/pdf' }, payload: pdf });
    expect(answer.statusCode, answer.body).toBe(200);
    const [signature] = answer.json().signatures;
    expect(signature).toMatchObject({ signature_valid: true, digest_matches: true, covers_whole_document: true, our_seal: true, sub_filter: 'ETSI.CAdES.detached' });
    expect(signature.signer).toContain('CN=DEMO seal');
    expect(signature.signing_time).toMatch(/^\d{4}-/);
    const changed = Buffer.from(pdf);
    const at = changed.indexOf('/Title');
    changed[at + 9] = changed[at + 9]! ^ 0x01;
    const tampered = await server.app.inject({ method: 'POST', url: api(DOCUMENT_SEAL_PATHS.checkPdf), headers: { ...(await server.authorization('officer')), 'content-type': 'application/pdf' }, payload: changed });
    expect(tampered.json().signatures[0]).toMatchObject({ digest_matches: false, signature_valid: true });
  });
});

describe('the seal in the system settings', () => {
  it('shows the certificate, refuses a wrong password, installs a new seal (password write-only) with a 30-day warning', async () => {
    const state = (await call('GET', DOCUMENT_SEAL_PATHS.seal, 'admin')).json();
    expect(state.certificate).toMatchObject({ demo: true, expired: false, expires_soon: false });
    expect(JSON.stringify(state)).not.toMatch(/password/i);
    const { createDemoSeal } = await import('../../src/server/document-seal/demo-seal');
    const soon = createDemoSeal('Office', new Date(), 10);
    const base64 = soon.pkcs12.toString('base64');
    const wrong = await call('PUT', DOCUMENT_SEAL_PATHS.seal, 'admin', { version: state.version, pkcs12_base64: base64, password: 'wrong', timestamp_authority_url: '' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field_codes.password[0].code).toBe('settings_seal_password');
    const saved = await call('PUT', DOCUMENT_SEAL_PATHS.seal, 'admin', { version: state.version, pkcs12_base64: base64, password: soon.password, timestamp_authority_url: 'https://tsa.example/' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ timestamp_authority_url: 'https://tsa.example/', certificate: { expires_soon: true, demo: false } });
    expect((await call('PUT', DOCUMENT_SEAL_PATHS.seal, 'officer', { version: saved.json().version, timestamp_authority_url: '' })).statusCode).toBe(403);
  });
});

/** The CMS signature in a PDF's /Contents, without its zero padding. */
function signatureContents(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!;
  const [, start, length, second] = match.map(Number);
  const hex = text.slice(start! + length! + 1, second! - 1);
  return Buffer.from(hex.replace(/(00)+$/, ''), 'hex');
}
