import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ISSUANCE_PATHS } from '../../src/shared/api/issuance';
import { PAYMENT_PATHS } from '../../src/shared/api/payments';
import { REPORT_PATHS, reportExport, type ReportExport } from '../../src/shared/api/reports';
import { SETTINGS_PATHS, type SettingsAnswer } from '../../src/shared/api/settings';
import { DEFAULT_ORGANISATION_NAME } from '../../src/server/system-settings';
import { createServerFixture, issueDemoFiles, type ServerFixture } from '../support/server-fixture';

// The organisation's name in the general settings is the letterhead's second line of every PDF
// made after the save: template previews (as issued documents and verdicts
// are drawn), report exports. No restart; the same settings give the same bytes.

let server: ServerFixture;

async function pdfText(bytes: Buffer): Promise<string> {
  const standardFontDataUrl = `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const page = await document.getPage(1);
  const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
  await document.destroy();
  return text;
}

async function send(username: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) {
  return server.app.inject({ method, url: `/api${url}`, headers: await server.authorization(username), ...(payload ? { payload } : {}) });
}

async function saveOrganisation(name: string) {
  const general = ((await send('admin', 'GET', SETTINGS_PATHS.all)).json() as SettingsAnswer).general;
  const answer = await send('admin', 'PUT', SETTINGS_PATHS.group('general'), { version: general.version, values: { ...general.values, organisation_name: name } });
  expect(answer.statusCode, answer.body).toBe(200);
}

let issued = false;
/** The demo receipt, issued (rendered and stored) on the first call as the start's backfill would. */
async function receipt(): Promise<Buffer> {
  const paid = await server.db
    .selectFrom('application_payments')
    .innerJoin('applications', 'applications.id', 'application_payments.application_id')
    .select('application_payments.id')
    .where('applications.reference', '=', 'NARIC-2026-900003')
    .orderBy('application_payments.id', 'desc')
    .executeTakeFirstOrThrow();
  if (!issued) await issueDemoFiles(server, { payments: [paid.id] });
  issued = true;
  const answer = await send('officer', 'GET', PAYMENT_PATHS.receipt(paid.id));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.rawPayload;
}

async function preview(): Promise<Buffer> {
  const template = await server.db.selectFrom('document_templates').select('id').orderBy('id').executeTakeFirstOrThrow();
  const answer = await send('content', 'GET', ISSUANCE_PATHS.templatePreview(template.id));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.rawPayload;
}

async function reportPdf(): Promise<Buffer> {
  const started = await send('admin', 'POST', REPORT_PATHS.exports, { report: 'applications', format: 'pdf', filter: { date_from: '2001-01-01', date_to: '2001-12-31' } });
  expect(started.statusCode, started.body).toBe(202);
  let done: ReportExport | null = null;
  for (let attempt = 0; attempt < 200 && !done; attempt += 1) {
    const answer = reportExport.parse((await send('admin', 'GET', REPORT_PATHS.export(started.json().id))).json());
    if (answer.status === 'done' || answer.status === 'failed') done = answer;
    else await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(done?.status).toBe('done');
  return (await send('admin', 'GET', REPORT_PATHS.download(done!.id))).rawPayload;
}

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('the organisation’s name on the letterhead', () => {
  it('is the saved one on previews and report exports from the next PDF on; a receipt issued before keeps its own', async () => {
    const issuedReceipt = await receipt();
    expect(await pdfText(issuedReceipt)).toContain(DEFAULT_ORGANISATION_NAME);
    const name = 'Qendra NARIC e Kosovës · Centar NARIC Kosova';
    await saveOrganisation(name);
    expect((await receipt()).equals(issuedReceipt)).toBe(true);
    for (const bytes of [await preview(), await reportPdf()]) {
      const text = await pdfText(bytes);
      expect(text).toContain(name);
      expect(text).not.toContain(DEFAULT_ORGANISATION_NAME);
    }
    await saveOrganisation(DEFAULT_ORGANISATION_NAME);
    expect(await pdfText(await preview())).toContain(DEFAULT_ORGANISATION_NAME);
  });

  it('keeps a PDF deterministic: the same settings render the same bytes', async () => {
    const first = await preview();
    expect((await preview()).equals(first)).toBe(true);
    await saveOrganisation('NARIC Kosovo');
    const renamed = await preview();
    expect(renamed.equals(first)).toBe(false);
    expect((await preview()).equals(renamed)).toBe(true);
    await saveOrganisation(DEFAULT_ORGANISATION_NAME);
    expect((await preview()).equals(first)).toBe(true);
  });
});
