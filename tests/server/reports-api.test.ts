import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_KEYS, REPORT_PATHS, reportAnswer, reportExport, type ReportExport } from '../../src/shared/api/reports';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The reports' figures against data the test writes into a period the demo data never reaches
// (2001), and the background exports: queued, written by the worker with progress reaching 100,
// read back, downloaded by their owner only.

let server: ServerFixture;
let ids: number[];

async function get(username: string, path: string, language = 'en') {
  return server.app.inject({ method: 'GET', url: `/api${path}`, headers: { ...(await server.authorization(username)), 'accept-language': language } });
}

async function finished(username: string, id: number): Promise<ReportExport> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const answer = reportExport.parse((await get(username, REPORT_PATHS.export(id))).json());
    if (answer.status === 'done' || answer.status === 'failed') return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the export never finished');
}

beforeAll(async () => {
  server = await createServerFixture();
  const rows = await server.db.selectFrom('applications').select(['id']).where('service_type', '=', 1).orderBy('id').limit(3).execute();
  ids = rows.map((row) => row.id);
  expect(ids).toHaveLength(3);
  // Submitted in February 2001; two approved in March, one rejected in April.
  await server.db.updateTable('applications').set({ submitted_at: '2001-02-10T10:00:00Z' }).where('id', 'in', ids).execute();
  await server.db.updateTable('applications').set({ decided_at: '2001-03-05T10:00:00Z', decision_outcome: 'approved' }).where('id', 'in', ids.slice(0, 2)).execute();
  await server.db.updateTable('applications').set({ decided_at: '2001-04-20T10:00:00Z', decision_outcome: 'rejected' }).where('id', '=', ids[2]!).execute();
  const payment = await server.db
    .insertInto('application_payments')
    .values({ application_id: ids[0]!, status: 'partially_refunded', amount_due: '40.00', amount: '40.00', transaction_id: 'RPT-2001-1', method: 'cash', paid_at: '2001-03-01T09:00:00Z', receipt_code: 'RPT2001TEST1' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db.insertInto('payment_refunds').values({ payment_id: payment.id, amount: '12.50', reason: 'test', created_at: '2001-04-02T09:00:00Z' }).execute();
});
afterAll(async () => server?.close());

const PERIOD = 'date_from=2001-01-01&date_to=2001-12-31';

describe('reports', () => {
  it('lists the standard reports, the appeal reports among them', async () => {
    const answer = await get('officer', REPORT_PATHS.catalogue);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().reports.map((report: { key: string }) => report.key)).toEqual([...REPORT_KEYS]);
    expect(REPORT_KEYS).toEqual(expect.arrayContaining(['appeals', 'appeal_changes']));
    // NARIC Officers export the standard reports, as the administrators do.
    expect(answer.json().can_export).toBe(true);
    expect((await get('admin', REPORT_PATHS.catalogue)).json().can_export).toBe(true);
  });

  it('offers every council to the council filter in its three names, active ones first', async () => {
    const options = (await get('officer', REPORT_PATHS.catalogue)).json().council_options as { id: number; name_en: string; name_sq: string; active: boolean }[];
    const councils = await server.db.selectFrom('councils').select(['id', 'name_en', 'name_sq', 'active']).execute();
    expect(councils.length).toBeGreaterThan(0);
    expect(options.map((option) => option.id).sort((a, b) => a - b)).toEqual(councils.map((council) => council.id).sort((a, b) => a - b));
    for (const option of options) {
      const council = councils.find((candidate) => candidate.id === option.id)!;
      expect([option.name_en, option.name_sq]).toEqual([council.name_en, council.name_sq]);
    }
    const firstInactive = options.findIndex((option) => !option.active);
    if (firstInactive >= 0) expect(options.slice(firstInactive).every((option) => !option.active)).toBe(true);
  });

  it('counts decisions by outcome per month', async () => {
    const answer = await get('officer', `${REPORT_PATHS.report('decisions')}?${PERIOD}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = reportAnswer.parse(answer.json());
    expect(report.rows).toEqual([
      { month: '2001-03', approved: 2, rejected: 0, total: 2 },
      { month: '2001-04', approved: 0, rejected: 1, total: 1 },
    ]);
    expect(report.totals).toEqual({ approved: 2, rejected: 1, total: 3 });
    expect(report.series.labels).toHaveLength(12);
    expect(report.series.datasets.find((dataset) => dataset.key === 'approved')?.data[2]).toBe(2);
  });

  it('counts applications received and decided by service, and by status in the reader’s language', async () => {
    const report = reportAnswer.parse((await get('officer', `${REPORT_PATHS.report('applications')}?${PERIOD}`)).json());
    expect(report.rows).toEqual([
      { month: '2001-02', group: 1, received: 3, decided: 0 },
      { month: '2001-03', group: 1, received: 0, decided: 2 },
      { month: '2001-04', group: 1, received: 0, decided: 1 },
    ]);
    const sq = reportAnswer.parse((await get('officer', `${REPORT_PATHS.report('applications')}?${PERIOD}&group_by=status`, 'sq')).json());
    expect(sq.columns.find((column) => column.key === 'group')?.label).toBe('Statusi');
    expect(sq.totals).toEqual({ received: 3, decided: 3 });
  });

  it('filters by service', async () => {
    const report = reportAnswer.parse((await get('officer', `${REPORT_PATHS.report('decisions')}?${PERIOD}&service_type=2`)).json());
    expect(report.rows).toEqual([]);
  });

  it('sums fees collected and refunded', async () => {
    const report = reportAnswer.parse((await get('officer', `${REPORT_PATHS.report('fees')}?${PERIOD}`)).json());
    expect(report.rows).toEqual([
      { month: '2001-03', payments: 1, collected: '40.00', refunds: 0, refunded: '0.00', net: '40.00' },
      { month: '2001-04', payments: 0, collected: '0.00', refunds: 1, refunded: '12.50', net: '-12.50' },
    ]);
  });

  it('answers every report', async () => {
    for (const key of ['processing_time', 'officer_workload', 'overdue_deadlines', 'certificates'] as const) {
      const answer = await get('officer', REPORT_PATHS.report(key));
      expect(answer.statusCode, `${key}: ${answer.body}`).toBe(200);
      reportAnswer.parse(answer.json());
    }
  });

  it('refuses a reversed period and an unknown report', async () => {
    const reversed = await get('officer', `${REPORT_PATHS.report('fees')}?date_from=2001-05-01&date_to=2001-04-01`, 'sq');
    expect(reversed.statusCode).toBe(400);
    expect((await get('officer', `${REPORT_PATHS.report('fees')}?date_from=2001-02-31`)).statusCode).toBe(400);
    expect((await get('officer', '/reports/nothing/')).statusCode).toBe(404);
  });
});

describe('exports', () => {
  it('writes a CSV in the background, its owner downloads it, nobody else sees it', async () => {
    const started = await server.app.inject({
      method: 'POST',
      url: `/api${REPORT_PATHS.exports}`,
      headers: await server.authorization('admin'),
      payload: { report: 'decisions', format: 'csv', filter: { date_from: '2001-01-01', date_to: '2001-12-31' } },
    });
    expect(started.statusCode, started.body).toBe(202);
    const { id } = reportExport.parse(started.json());
    const done = await finished('admin', id);
    expect(done).toMatchObject({ status: 'done', progress: 100, rows: 2 });
    const file = await get('admin', REPORT_PATHS.download(id));
    expect(file.statusCode).toBe(200);
    expect(file.body.startsWith('\uFEFF')).toBe(true);
    expect(parse(file.body.slice(1))).toEqual([
      ['Month', 'Approved', 'Rejected', 'Total'],
      ['2001-03', '2', '0', '2'],
      ['2001-04', '0', '1', '1'],
    ]);
    expect((await get('naric.admin', REPORT_PATHS.download(id))).statusCode).toBe(404);
    expect((await get('naric.admin', REPORT_PATHS.export(id))).statusCode).toBe(404);
    expect((await get('naric.admin', REPORT_PATHS.exports)).json().results.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await get('admin', REPORT_PATHS.exports)).json().results.map((row: { id: number }) => row.id)).toContain(id);
  });

  it('writes an XLSX with headers in the reader’s language', async () => {
    const started = await server.app.inject({
      method: 'POST',
      url: `/api${REPORT_PATHS.exports}`,
      headers: { ...(await server.authorization('admin')), 'accept-language': 'sr' },
      payload: { report: 'fees', format: 'xlsx', filter: { date_from: '2001-01-01', date_to: '2001-12-31' } },
    });
    expect(started.statusCode, started.body).toBe(202);
    const done = await finished('admin', started.json().id);
    expect(done.status).toBe('done');
    const file = await server.app.inject({ method: 'GET', url: `/api${REPORT_PATHS.download(done.id)}`, headers: await server.authorization('admin') });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Mesec');
    expect(sheet.getRow(2).getCell(3).value).toBe(40);
    expect(sheet.rowCount).toBe(3);
  });

  it('writes a PDF', async () => {
    const started = await server.app.inject({
      method: 'POST',
      url: `/api${REPORT_PATHS.exports}`,
      headers: await server.authorization('admin'),
      payload: { report: 'applications', format: 'pdf', filter: { date_from: '2001-01-01', date_to: '2001-12-31' } },
    });
    const done = await finished('admin', started.json().id);
    expect(done.status).toBe('done');
    const file = await server.app.inject({ method: 'GET', url: `/api${REPORT_PATHS.download(done.id)}`, headers: await server.authorization('admin') });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
