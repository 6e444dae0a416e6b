import { createHash } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { ISSUANCE_PATHS, issuedDocumentListAnswer, verificationAnswer } from '../../src/shared/api/issuance';
import { PAYMENT_PATHS } from '../../src/shared/api/payments';
import { SETTINGS_PATHS, type SettingsAnswer } from '../../src/shared/api/settings';
import { issueMissingFiles } from '../../src/server/document-issuer';
import { DEFAULT_ORGANISATION_NAME } from '../../src/server/system-settings';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Issued documents never change after issue: certificates and verification documents, receipts
// and verdicts are rendered once, when issued, and every download serves exactly those bytes,
// whatever the templates, the organisation's name or the logo say later. A stored file that went
// missing or was altered is refused with a code, never made again.

let server: ServerFixture;
beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

type Method = 'GET' | 'POST' | 'PUT';
async function send(username: string | null, method: Method, path: string, payload?: unknown, headers: Record<string, string> = {}) {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers: { ...auth, ...headers }, ...(payload === undefined ? {} : { payload: payload as never }) });
}
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const objectPath = (key: string) => join(server.config.storageDir, 'objects', key);

async function application(reference: string) {
  return server.db.selectFrom('applications').select(['id', 'version']).where('reference', '=', reference).executeTakeFirstOrThrow();
}

async function pdfText(bytes: Buffer): Promise<string> {
  const standardFontDataUrl = `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    pages.push((await (await document.getPage(number)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

const NEW_ORGANISATION = 'Zyra e re e njohjes · Nova kancelarija';

/** Everything an issued document could be re-rendered from changes: every template, the organisation's name, the logo. */
async function changeEverything(marker: string) {
  for (const kind of ['verification_document', 'recognition_certificate', 'verdict'] as const) {
    for (const language of ['sq', 'sr', 'en'] as const) {
      const body = `${marker} {{holder_name}} {{${kind === 'verdict' ? 'verdict_text' : 'code'}}}`;
      const added = await send('content', 'POST', ISSUANCE_PATHS.templates, { kind, language, title: `${marker} title`, body });
      expect(added.statusCode, added.body).toBe(201);
    }
  }
  const general = ((await send('admin', 'GET', SETTINGS_PATHS.all)).json() as SettingsAnswer).general;
  expect((await send('admin', 'PUT', SETTINGS_PATHS.group('general'), { version: general.version, values: { ...general.values, organisation_name: NEW_ORGANISATION } })).statusCode).toBe(200);
  const logo = (await send('admin', 'GET', SETTINGS_PATHS.logo)).json() as { version: number };
  const png = await QRCode.toBuffer(`logo ${marker}`, { type: 'png', width: 120 });
  const saved = await send('admin', 'PUT', `${SETTINGS_PATHS.logo}?version=${logo.version}`, png, { 'content-type': 'image/png' });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The download, checked to be the bytes recorded at issue. */
async function expectIssuedBytes(path: string, username: string, recorded: { sha256: string | null; size: number | null }) {
  const answer = await send(username, 'GET', path);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toBe('application/pdf');
  expect(sha256(answer.rawPayload)).toBe(recorded.sha256);
  expect(answer.rawPayload.length).toBe(recorded.size);
  expect(answer.headers.etag).toBe(`"${recorded.sha256}"`);
  return answer.rawPayload;
}

async function expectRefusedAsUnavailable(path: string, username: string) {
  const answer = await send(username, 'GET', path, undefined, { 'accept-language': 'sq' });
  expect(answer.statusCode, answer.body).toBe(409);
  expect(answer.json()).toMatchObject({ code: 'issued_file_unavailable' });
}

describe('an issued document', () => {
  let issued: { id: number; storage_key: string | null; sha256: string | null; size: number | null; verification_code: string };
  let receipt: { id: number; receipt_storage_key: string | null; receipt_sha256: string | null; receipt_size: number | null };
  let verdict: { applicationId: number; id: number; storage_key: string | null; sha256: string | null; size: number | null };

  it('a certificate’s PDF is stored with its SHA-256 in the transaction that issues it', async () => {
    const { id, version } = await application('NARIC-2026-900004');
    const answer = await send('officer', 'POST', APPLICATION_PATHS.action(id, 'issue_verification_document'), { version });
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await server.db
      .selectFrom('issued_documents')
      .select(['id', 'storage_key', 'sha256', 'size', 'verification_code', 'rendered_at', 'issued_at', 'template_versions'])
      .where('application_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(row.rendered_at).not.toBeNull();
    expect(row.template_versions).toEqual({ sq: 1, sr: 1, en: 1 });
    issued = row;
  });

  it('a receipt is stored with its SHA-256 when the payment is recorded, one page per language', async () => {
    const pending = await server.db
      .selectFrom('application_payments')
      .innerJoin('applications', 'applications.id', 'application_payments.application_id')
      .select(['applications.id', 'applications.version', sql<string>`round(application_payments.amount_due, 2)::text`.as('amount_due')])
      .where('application_payments.status', '=', 'pending')
      .where('applications.status', '=', 'payment_pending')
      .where('applications.archived', '=', false)
      .orderBy('applications.id')
      .executeTakeFirstOrThrow();
    const paid = await send('officer', 'POST', APPLICATION_PATHS.action(pending.id, 'mark_paid'), { version: pending.version, amount: pending.amount_due, transaction_id: 'TX-IMMUTABLE-1', method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    receipt = await server.db
      .selectFrom('application_payments')
      .select(['id', 'receipt_storage_key', 'receipt_sha256', 'receipt_size'])
      .where('transaction_id', '=', 'TX-IMMUTABLE-1')
      .executeTakeFirstOrThrow();
    expect(receipt.receipt_sha256).toMatch(/^[0-9a-f]{64}$/);
    const text = await pdfText(await expectIssuedBytes(PAYMENT_PATHS.receipt(receipt.id), 'payments', { sha256: receipt.receipt_sha256, size: receipt.receipt_size }));
    for (const title of ['Dëftesë pagese', 'Potvrda o uplati', 'Payment receipt']) expect(text).toContain(title);
  });

  it('a rendered verdict is stored with its SHA-256 and the template version', async () => {
    const { id } = await application('NARIC-2026-900003');
    const created = (await send('officer', 'POST', ISSUANCE_PATHS.verdicts(id))).json() as { id: number; version: number };
    const written = (await send('officer', 'PUT', ISSUANCE_PATHS.verdict(id, created.id), { version: created.version, body: 'Diploma është autentike.' })).json() as { version: number };
    const rendered = await send('officer', 'POST', ISSUANCE_PATHS.verdictRender(id, created.id), { version: written.version, language: 'sq' });
    expect(rendered.statusCode, rendered.body).toBe(200);
    const row = await server.db.selectFrom('verdicts').select(['id', 'storage_key', 'sha256', 'size', 'template_version']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.template_version).toBe(1);
    expect(rendered.json().sha256).toBe(row.sha256);
    verdict = { applicationId: id, ...row };
  });

  it('downloads the same bytes after every template, the organisation’s name and the logo changed', async () => {
    await changeEverything('CHANGED-AFTER-ISSUE');
    const certificate = await expectIssuedBytes(ISSUANCE_PATHS.issuedContent(issued.id), 'officer', issued);
    const receiptBytes = await expectIssuedBytes(PAYMENT_PATHS.receipt(receipt.id), 'payments', { sha256: receipt.receipt_sha256, size: receipt.receipt_size });
    const verdictBytes = await expectIssuedBytes(ISSUANCE_PATHS.verdictFile(verdict.applicationId, verdict.id), 'officer', verdict);
    for (const bytes of [certificate, receiptBytes, verdictBytes]) {
      const text = await pdfText(bytes);
      expect(text).not.toContain('CHANGED-AFTER-ISSUE');
      expect(text).not.toContain(NEW_ORGANISATION);
      expect(text).toContain(DEFAULT_ORGANISATION_NAME);
    }
    expect((await expectIssuedBytes(ISSUANCE_PATHS.issuedContent(issued.id), 'officer', issued)).equals(certificate)).toBe(true);
  });

  it('a later refund does not change the payment’s receipt', async () => {
    const payment = (await send('payments', 'GET', PAYMENT_PATHS.detail(receipt.id))).json() as { version: number };
    const refunded = await send('payments', 'POST', PAYMENT_PATHS.refunds(receipt.id), { version: payment.version, amount: '1', reason: 'Overpaid.' });
    expect(refunded.statusCode, refunded.body).toBe(200);
    await expectIssuedBytes(PAYMENT_PATHS.receipt(receipt.id), 'payments', { sha256: receipt.receipt_sha256, size: receipt.receipt_size });
  });

  it('the register and the public check carry the SHA-256', async () => {
    const register = await send('officer', 'GET', `${ISSUANCE_PATHS.register}?search=${issued.verification_code}`);
    expect(register.statusCode).toBe(200);
    expect(issuedDocumentListAnswer.strict().parse(register.json()).results[0]).toMatchObject({ id: issued.id, sha256: issued.sha256 });
    const check = await send(null, 'GET', ISSUANCE_PATHS.verify(issued.verification_code));
    expect(verificationAnswer.strict().parse(check.json())).toMatchObject({ status: 'valid', sha256: issued.sha256 });
  });

  it('the database refuses to change the bytes’ record once stored', async () => {
    await expect(server.db.updateTable('issued_documents').set({ sha256: '0'.repeat(64) }).where('id', '=', issued.id).execute()).rejects.toThrow(/never change/);
    await expect(server.db.updateTable('application_payments').set({ receipt_storage_key: null, receipt_sha256: null, receipt_size: null, receipt_rendered_at: null }).where('id', '=', receipt.id).execute()).rejects.toThrow(/never change/);
    // Revoking still works: only the bytes' record is fixed.
    await server.db.updateTable('issued_documents').set({ revoked_reason: null }).where('id', '=', issued.id).execute();
  });

  it('a stored file altered or gone is refused with a code, never rendered again', async () => {
    await writeFile(objectPath(issued.storage_key!), Buffer.from('%PDF-1.7 altered'));
    await expectRefusedAsUnavailable(ISSUANCE_PATHS.issuedContent(issued.id), 'officer');
    await rm(objectPath(issued.storage_key!));
    await expectRefusedAsUnavailable(ISSUANCE_PATHS.issuedContent(issued.id), 'officer');
    await rm(objectPath(receipt.receipt_storage_key!));
    await expectRefusedAsUnavailable(PAYMENT_PATHS.receipt(receipt.id), 'payments');
    await rm(objectPath(verdict.storage_key!));
    await expectRefusedAsUnavailable(ISSUANCE_PATHS.verdictFile(verdict.applicationId, verdict.id), 'officer');
    const after = await server.db.selectFrom('issued_documents').select(['storage_key', 'sha256']).where('id', '=', issued.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ storage_key: issued.storage_key, sha256: issued.sha256 });
  });
});

describe('rows seeded without bytes', () => {
  // The backfill rests three times as long as each row took (document-issuer.ts): six rows take their time on a busy machine.
  it('are refused until the start’s one-time backfill renders them, which a second start does not repeat', { timeout: 120_000 }, async () => {
    const demo = await server.db.selectFrom('issued_documents').select('id').where('storage_key', 'is', null).orderBy('id').executeTakeFirstOrThrow();
    await expectRefusedAsUnavailable(ISSUANCE_PATHS.issuedContent(demo.id), 'officer');
    // Only a few rows, so the test stays quick: the others keep their bytes already.
    const keep = await server.db.selectFrom('issued_documents').select('id').where('storage_key', 'is', null).orderBy('id').limit(3).execute();
    const keepPayments = await server.db.selectFrom('application_payments').select('id').where('receipt_code', 'is not', null).where('receipt_storage_key', 'is', null).orderBy('id').limit(2).execute();
    await server.db.deleteFrom('issued_documents').where('storage_key', 'is', null).where('id', 'not in', keep.map((row) => row.id)).execute();
    await server.db
      .updateTable('application_payments')
      .set({ receipt_storage_key: 'f'.repeat(8) + '-0000-0000-0000-' + '0'.repeat(12), receipt_sha256: '0'.repeat(64), receipt_size: 1, receipt_rendered_at: new Date() })
      .where('receipt_code', 'is not', null)
      .where('receipt_storage_key', 'is', null)
      .where('id', 'not in', keepPayments.map((row) => row.id))
      .execute();

    const keepDecisions = await server.db.selectFrom('recognition_decisions').select('id').where('approved_at', 'is not', null).where('pdf_storage_key', 'is', null).orderBy('id').limit(1).execute();
    expect(keepDecisions).toHaveLength(1);
    await server.db
      .updateTable('recognition_decisions')
      .set({ pdf_storage_key: 'e'.repeat(8) + '-0000-0000-0000-' + '0'.repeat(12), pdf_sha256: '0'.repeat(64), pdf_size: 1, pdf_language: 'en', pdf_rendered_at: new Date() })
      .where('approved_at', 'is not', null)
      .where('pdf_storage_key', 'is', null)
      .where('id', 'not in', keepDecisions.map((row) => row.id))
      .execute();

    const counts = await issueMissingFiles(server.db, server.app.deps.issuer);
    expect(counts).toEqual({ documents: keep.length, receipts: keepPayments.length, decisions: keepDecisions.length });
    const decided = await server.db.selectFrom('recognition_decisions').select(['pdf_sha256', 'pdf_storage_key']).where('id', 'in', keepDecisions.map((row) => row.id)).execute();
    expect(decided.every((row) => row.pdf_storage_key !== null && /^[0-9a-f]{64}$/.test(row.pdf_sha256 ?? ''))).toBe(true);
    const row = await server.db.selectFrom('issued_documents').select(['sha256', 'size']).where('id', '=', demo.id).executeTakeFirstOrThrow();
    await expectIssuedBytes(ISSUANCE_PATHS.issuedContent(demo.id), 'officer', row);
    const audit = await server.db.selectFrom('audit_log').select('details').where('action', '=', 'issued_files.backfill').execute();
    expect(audit.map((entry) => entry.details)).toEqual([counts]);
    expect(await issueMissingFiles(server.db, server.app.deps.issuer)).toEqual({ documents: 0, receipts: 0, decisions: 0 });
  });
});
