import { join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_PATHS, reportAnswer, reportExport, type ReportAnswer, type ReportExport } from '../../src/shared/api/reports';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../src/shared/domain/application-status';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The figures of the reports that measure rather than count rows of one table (processing time
// per stage, officer workload, overdue deadlines by type, certificates issued and revoked)
// against data written here in 2003 and worked out by hand in the comments, and the PDF export
// read back as text. The test's applications are given a status no other application has, and
// every report is asked with that status, so the demo data never adds to the figures.

let server: ServerFixture;
let apps: number[];
let status: ApplicationStatus;
let officer: { id: number; name: string };

const PERIOD = 'date_from=2003-01-01&date_to=2003-12-31';

async function report(key: Parameters<typeof REPORT_PATHS.report>[0]): Promise<ReportAnswer> {
  const answer = await server.app.inject({ method: 'GET', url: `/api${REPORT_PATHS.report(key)}?${PERIOD}&status=${status}`, headers: await server.authorization('officer') });
  expect(answer.statusCode, answer.body).toBe(200);
  return reportAnswer.parse(answer.json());
}

/** Whole days from a calendar day to today in the office's time zone. */
function daysSince(day: string): number {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Belgrade', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);
}

async function pdfText(bytes: Buffer): Promise<string> {
  const standardFontDataUrl = `${join(process.cwd(), 'node_modules/pdfjs-dist/standard_fonts')}/`;
  const document = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    pages.push((await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join('\n');
}

beforeAll(async () => {
  server = await createServerFixture();
  const { db } = server;
  // The least used status is cleared of demo applications (moved to 'submitted') and given to the test's.
  const counts = await db.selectFrom('applications').select(['status', (eb) => eb.fn.countAll<string>().as('n')]).groupBy('status').execute();
  const used = new Map(counts.map((row) => [row.status, Number(row.n)]));
  status = [...APPLICATION_STATUSES].filter((candidate) => candidate !== 'submitted').sort((a, b) => (used.get(a) ?? 0) - (used.get(b) ?? 0))[0]!;
  await db.updateTable('applications').set({ status: 'submitted' }).where('status', '=', status).execute();
  // Seven applications with no deadlines and no issued documents of their own.
  const rows = await db
    .selectFrom('applications as a')
    .select('a.id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('application_deadlines as d').select('d.id').whereRef('d.application_id', '=', 'a.id'))),
    )
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('issued_documents as i').select('i.id').whereRef('i.application_id', '=', 'a.id'))))
    .orderBy('a.id')
    .limit(7)
    .execute();
  apps = rows.map((row) => row.id);
  expect(apps).toHaveLength(7);
  await db
    .updateTable('applications')
    .set({ status, submitted_at: '2003-01-05T09:00:00Z', assigned_officer_id: null, assigned_at: null, closed_at: null, decided_at: null })
    .where('id', 'in', apps)
    .execute();
  const user = await db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('username', '=', 'officer').executeTakeFirstOrThrow();
  officer = { id: user.id, name: `${user.first_name} ${user.last_name}`.trim() };

  // Processing time: stays that ended in 2003 (the last change of each application is followed
  // only by its demo history, written in the 2020s, so that stay ends outside the period).
  //   submitted: 2, 4, 6, 8 days → p50 5.0, p90 6 + 0.7 × 2 = 7.4, average 5.0 (4 stays)
  //   processing: 10, 4, 20 days → p50 10.0, p90 10 + 0.8 × 10 = 18.0, average 11.3 (3 stays)
  const history: [number, ApplicationStatus, string][] = [
    [0, 'submitted', '2003-01-10T08:00:00Z'],
    [0, 'processing', '2003-01-12T08:00:00Z'],
    [0, 'approved', '2003-01-22T08:00:00Z'],
    [1, 'submitted', '2003-02-01T08:00:00Z'],
    [1, 'processing', '2003-02-05T08:00:00Z'],
    [1, 'approved', '2003-02-09T08:00:00Z'],
    [2, 'submitted', '2003-03-01T08:00:00Z'],
    [2, 'processing', '2003-03-07T08:00:00Z'],
    [2, 'rejected', '2003-03-27T08:00:00Z'],
    [3, 'submitted', '2003-04-01T08:00:00Z'],
    [3, 'processing', '2003-04-09T08:00:00Z'],
  ];
  await db
    .insertInto('application_history')
    .values(history.map(([index, to, at]) => ({ application_id: apps[index]!, action: 'test', to_status: to, created_at: at })))
    .execute();

  // Officer workload (officer), period 2003:
  //   0 assigned 2003-02-01, closed 2003-03-01 → assigned, closed
  //   1 assigned 2003-02-10, open              → open, assigned
  //   2 assigned 2002-12-20, closed 2003-01-15 → closed
  //   3 assigned 2003-05-01, closed 2004-02-01 → assigned
  //   4 assigned 2002-06-01, open              → open
  // → open 2, assigned 3, closed 2.
  const workload: [number, string, string | null][] = [
    [0, '2003-02-01T09:00:00Z', '2003-03-01T09:00:00Z'],
    [1, '2003-02-10T09:00:00Z', null],
    [2, '2002-12-20T09:00:00Z', '2003-01-15T09:00:00Z'],
    [3, '2003-05-01T09:00:00Z', '2004-02-01T09:00:00Z'],
    [4, '2002-06-01T09:00:00Z', null],
  ];
  for (const [index, assigned, closed] of workload) {
    await db.updateTable('applications').set({ assigned_officer_id: officer.id, assigned_at: assigned, closed_at: closed }).where('id', '=', apps[index]!).execute();
  }

  // Deadlines (today is the real today):
  //   fee_payment: due 02-01 done 01-30 (on time), due 02-01 done 02-03 (late), due 03-01 open (overdue)
  //   final_decision: due 04-01 open (overdue), due 04-10 open but paused (not overdue),
  //     due 05-01 done 2003-05-01T22:30Z = 2003-05-02 in Pristina (late),
  //     due 2004-01-20 done 2004-02-01 (outside the period: not counted)
  const configuration = async (type: 'fee_payment' | 'final_decision') =>
    (await db.selectFrom('deadline_configurations').select('id').where('deadline_type', '=', type).orderBy('id').executeTakeFirstOrThrow()).id;
  const fee = await configuration('fee_payment');
  const decision = await configuration('final_decision');
  const deadlines: [number, 'fee_payment' | 'final_decision', number, string, string | null, string | null][] = [
    [0, 'fee_payment', fee, '2003-02-01', '2003-01-30T10:00:00Z', null],
    [1, 'fee_payment', fee, '2003-02-01', '2003-02-03T10:00:00Z', null],
    [2, 'fee_payment', fee, '2003-03-01', null, null],
    [3, 'final_decision', decision, '2003-04-01', null, null],
    [4, 'final_decision', decision, '2003-04-10', null, '2003-04-05T10:00:00Z'],
    [5, 'final_decision', decision, '2003-05-01', '2003-05-01T22:30:00Z', null],
    [6, 'final_decision', decision, '2004-01-20', '2004-02-01T10:00:00Z', null],
  ];
  await db
    .insertInto('application_deadlines')
    .values(
      deadlines.map(([index, type, configurationId, due, completed, paused]) => ({
        application_id: apps[index]!,
        configuration_id: configurationId,
        deadline_type: type,
        days: 15,
        working_days: false,
        started_at: '2003-01-05T09:00:00Z',
        start_date: '2003-01-05',
        due_date: due,
        completed_at: completed,
        paused_since: paused,
      })),
    )
    .execute();

  // Certificates, by month in Pristina:
  //   recognition_certificate issued 2003-01-15; issued 2003-01-31T23:30Z (= 1 February) and
  //     revoked 2003-03-02; verification_document issued 2003-03-10; one issued 2002-12-10 and
  //     revoked 2003-03-20.
  // → 2003-01 recognition 1/0, 2003-02 recognition 1/0, 2003-03 recognition 0/1, 2003-03 verification 1/1.
  const documents: [number, 'recognition_certificate' | 'verification_document', string, string | null][] = [
    [0, 'recognition_certificate', '2003-01-15T10:00:00Z', null],
    [1, 'recognition_certificate', '2003-01-31T23:30:00Z', '2003-03-02T10:00:00Z'],
    [2, 'verification_document', '2003-03-10T10:00:00Z', null],
    [3, 'verification_document', '2002-12-10T10:00:00Z', '2003-03-20T10:00:00Z'],
  ];
  await db
    .insertInto('issued_documents')
    .values(
      documents.map(([index, kind, issued, revoked], number) => ({
        application_id: apps[index]!,
        kind,
        verification_code: `RPTFIG2003${number}`,
        reference: `RPT-FIG-2003-${number}`,
        holder_name: 'Test Holder',
        issued_at: issued,
        revoked_at: revoked,
        revoked_reason: revoked ? 'test' : null,
      })),
    )
    .execute();
});
afterAll(async () => server?.close());

describe('report figures against data computed by hand', () => {
  it('processing time: median and 90th percentile of the stays per stage', async () => {
    const answer = await report('processing_time');
    expect(answer.rows).toEqual([
      { stage: 'processing', stays: 3, p50_days: 10, p90_days: 18, average_days: 11.3 },
      { stage: 'submitted', stays: 4, p50_days: 5, p90_days: 7.4, average_days: 5 },
    ]);
    expect(answer.series.datasets.find((dataset) => dataset.key === 'p90_days')?.data).toEqual([18, 7.4]);
  });

  it('officer workload: open now, assigned and closed within the period', async () => {
    const answer = await report('officer_workload');
    expect(answer.rows).toEqual([{ officer_id: officer.id, officer: officer.name, open: 2, assigned: 3, closed: 2 }]);
    expect(answer.totals).toEqual({ open: 2, assigned: 3, closed: 2 });
  });

  it('overdue deadlines by type: overdue now (not paused), completed on time or late in the office’s days', async () => {
    const answer = await report('overdue_deadlines');
    expect(answer.rows).toEqual([
      { deadline_type: 'fee_payment', overdue: 1, average_days_overdue: daysSince('2003-03-01'), completed_on_time: 1, completed_late: 1 },
      { deadline_type: 'final_decision', overdue: 1, average_days_overdue: daysSince('2003-04-01'), completed_on_time: 0, completed_late: 1 },
    ]);
    expect(answer.totals).toEqual({ overdue: 2, completed_on_time: 1, completed_late: 2 });
  });

  it('certificates issued and revoked per office month and kind', async () => {
    const answer = await report('certificates');
    expect(answer.rows).toEqual([
      { month: '2003-01', kind: 'recognition_certificate', issued: 1, revoked: 0 },
      { month: '2003-02', kind: 'recognition_certificate', issued: 1, revoked: 0 },
      { month: '2003-03', kind: 'recognition_certificate', issued: 0, revoked: 1 },
      { month: '2003-03', kind: 'verification_document', issued: 1, revoked: 1 },
    ]);
    expect(answer.totals).toEqual({ issued: 3, revoked: 2 });
    expect(answer.series.datasets.find((dataset) => dataset.key === 'revoked')?.data.slice(0, 4)).toEqual([0, 0, 2, 0]);
  });
});

describe('the PDF export', () => {
  it('carries the title, the rows’ labels and the figures as text', async () => {
    const started = await server.app.inject({
      method: 'POST',
      url: `/api${REPORT_PATHS.exports}`,
      headers: await server.authorization('admin'),
      payload: { report: 'officer_workload', format: 'pdf', filter: { date_from: '2003-01-01', date_to: '2003-12-31', status: [status] } },
    });
    expect(started.statusCode, started.body).toBe(202);
    let done: ReportExport | undefined;
    for (let attempt = 0; attempt < 200 && !(done && ['done', 'failed'].includes(done.status)); attempt += 1) {
      if (attempt) await new Promise((resolve) => setTimeout(resolve, 50));
      done = reportExport.parse((await server.app.inject({ url: `/api${REPORT_PATHS.export(started.json().id)}`, headers: await server.authorization('admin') })).json());
    }
    expect(done?.status).toBe('done');
    const file = await server.app.inject({ url: `/api${REPORT_PATHS.download(done!.id)}`, headers: await server.authorization('admin') });
    expect(file.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(file.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Workload per officer');
    expect(text).toContain(officer.name);
    // The officer's row: open 2, assigned 3, closed 2.
    expect(text).toMatch(new RegExp(`${officer.name} 2 3 2`));
  });
});

