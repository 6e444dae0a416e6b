import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/server.json';
import sq from '../../locales/sq/server.json';
import sr from '../../locales/sr/server.json';
import { PAYMENT_EXPORT_COLUMNS, PAYMENT_LIMITS, PAYMENT_PATHS, paymentListAnswer, type PaymentExportRequest } from '../../src/shared/api/payments';
import { exportedPayments } from '../../src/server/modules/payments/payment-export';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The payments export: every payment the filter matches, as CSV (UTF-8 with BOM, RFC
// 4180, formulas neutralised) read back with csv-parse and as XLSX read back with exceljs, in the
// caller's language with Albanian and Serbian letters intact; the cap; read in batches.

let server: ServerFixture;

async function exportFile(request: PaymentExportRequest, language = 'en', username = 'payments') {
  return server.app.inject({
    method: 'POST',
    url: `/api${PAYMENT_PATHS.export}`,
    headers: { ...(await server.authorization(username)), 'accept-language': language },
    payload: request,
  });
}

const csvRows = (bytes: Buffer) => parse(bytes, { bom: true, relax_column_count: false }) as string[][];
async function firstSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}
const column = (name: (typeof PAYMENT_EXPORT_COLUMNS)[number]) => PAYMENT_EXPORT_COLUMNS.indexOf(name);

async function listed(query: string) {
  const answer = await server.app.inject({ url: `/api${PAYMENT_PATHS.list}?${query}&page_size=100`, headers: await server.authorization('payments') });
  return paymentListAnswer.parse(answer.json());
}

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('CSV', () => {
  it('holds every payment of the filter with an Albanian header, BOM and Albanian and Serbian letters intact', async () => {
    const answer = await exportFile({ filter: { status: ['paid'], service_type: 3 }, format: 'csv' }, 'sq');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(answer.body).toContain('\r\n');

    const [header, ...rows] = csvRows(answer.rawPayload);
    expect(header).toEqual(PAYMENT_EXPORT_COLUMNS.map((name) => sq.payments.export.columns[name]));
    const expected = await listed('status=paid&service_type=3');
    expect(rows.map((row) => Number(row[column('id')]))).toEqual(expected.results.map((row) => row.id).sort((a, b) => a - b));
    const dusan = rows.find((row) => row[column('reference')] === 'NARIC-2026-900003')!;
    const item = expected.results.find((row) => row.application.reference === 'NARIC-2026-900003')!;
    const service = await server.db.selectFrom('services').select('name_sq').where('service_type', '=', 3).executeTakeFirstOrThrow();
    expect(dusan[column('applicant')]).toBe('Dušan Ilić');
    expect(dusan[column('service')]).toBe(service.name_sq);
    expect(dusan[column('status')]).toBe(sq.payments.statuses.paid);
    expect(dusan[column('method')]).toBe(sq.payments.methods[item.method!]);
    expect(dusan[column('amount_due')]).toBe(item.amount_due);
    expect(dusan[column('amount_paid')]).toBe(item.amount_paid);
    expect(dusan[column('amount_refunded')]).toBe('0.00');
    expect(dusan[column('currency')]).toBe('EUR');
    expect(dusan[column('transaction_id')]).toBe(item.transaction_id);
    expect(dusan[column('paid_at')]).toBe(item.paid_at!.replace(/\.\d{3}Z$/, 'Z'));

    const audit = await server.db.selectFrom('audit_log').select(['details']).where('action', '=', 'payment.export').execute();
    expect(audit.at(-1)!.details).toMatchObject({ format: 'csv', count: rows.length });
  });

  it('neutralises a name a spreadsheet would run as a formula, and quotes commas and quotes', async () => {
    const { reference } = await server.db.selectFrom('applications').select('reference').where('reference', '=', 'NARIC-2026-900001').executeTakeFirstOrThrow();
    await server.db.updateTable('applications').set({ applicant_name: '=HYPERLINK("http://evil.example","Qerimi, "Vali"")' }).where('reference', '=', reference).execute();
    const answer = await exportFile({ filter: { search: reference }, format: 'csv' });
    const [header, row, ...rest] = csvRows(answer.rawPayload);
    expect(header).toEqual(PAYMENT_EXPORT_COLUMNS.map((name) => en.payments.export.columns[name]));
    expect(rest).toEqual([]);
    expect(row![column('applicant')]).toBe(`'=HYPERLINK("http://evil.example","Qerimi, "Vali"")`);
    await server.db.updateTable('applications').set({ applicant_name: 'Valbona Qerimi' }).where('reference', '=', reference).execute();
  });

  it('is refused above the cap, in the caller’s language', async () => {
    const limits = PAYMENT_LIMITS as { exportCap: number };
    const cap = limits.exportCap;
    limits.exportCap = 3;
    try {
      const answer = await exportFile({ filter: {}, format: 'csv' }, 'sq');
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ detail: sq.payments.messages.exportTooLarge, cap: 3 });
      const fits = await exportFile({ filter: { search: 'NARIC-2026-900004' }, format: 'csv' });
      expect(fits.statusCode).toBe(200);
    } finally {
      limits.exportCap = cap;
    }
  });

  it('refuses an unknown format or a bad filter', async () => {
    expect((await exportFile({ filter: {}, format: 'pdf' } as unknown as PaymentExportRequest)).statusCode).toBe(400);
    expect((await exportFile({ filter: { date_from: '24.11.2026' }, format: 'csv' })).statusCode).toBe(400);
  });
});

describe('XLSX', () => {
  it('is a workbook with a Serbian header, number and date cells, letters intact', async () => {
    const answer = await exportFile({ filter: { search: 'ilić' }, format: 'xlsx' }, 'sr');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(answer.headers['content-disposition']).toMatch(/filename="payments-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const sheet = await firstSheet(answer.rawPayload);
    expect(sheet.name).toBe(sr.payments.export.sheet);
    const header = PAYMENT_EXPORT_COLUMNS.map((_, index) => sheet.getRow(1).getCell(index + 1).value);
    expect(header).toEqual(PAYMENT_EXPORT_COLUMNS.map((name) => sr.payments.export.columns[name]));
    const expected = await listed('search=ili%C4%87');
    expect(sheet.rowCount).toBe(expected.count + 1);
    const rowOf = (reference: string) => {
      for (let index = 2; index <= sheet.rowCount; index += 1) {
        if (sheet.getRow(index).getCell(column('reference') + 1).value === reference) return sheet.getRow(index);
      }
      throw new Error(`no row for ${reference}`);
    };
    const row = rowOf('NARIC-2026-900003');
    const item = expected.results.find((payment) => payment.application.reference === 'NARIC-2026-900003')!;
    const cell = (name: (typeof PAYMENT_EXPORT_COLUMNS)[number]) => row.getCell(column(name) + 1).value;
    const service = await server.db.selectFrom('services').select('name_sr').where('service_type', '=', 3).executeTakeFirstOrThrow();
    expect(cell('applicant')).toBe('Dušan Ilić');
    expect(cell('service')).toBe(service.name_sr);
    expect(cell('status')).toBe(sr.payments.statuses.paid);
    expect(cell('amount_due')).toBe(Number(item.amount_due));
    expect(cell('amount_paid')).toBe(Number(item.amount_paid));
    expect((cell('paid_at') as Date).toISOString()).toBe(item.paid_at);
    expect((cell('created_at') as Date).toISOString()).toBe(item.created_at);
  });
});

describe('batches', () => {
  it('reads the filter batch after batch in id order, each payment once', async () => {
    const batches: number[][] = [];
    for await (const batch of exportedPayments(server.db, { kind: 'all' }, { status: ['paid'] }, 'en', 7)) batches.push(batch.map((payment) => payment.id));
    const ids = batches.flat();
    const expected = await server.db.selectFrom('application_payments').select('id').where('status', '=', 'paid').orderBy('id').execute();
    expect(ids).toEqual(expected.map((row) => row.id));
    expect(batches.length).toBe(Math.ceil(ids.length / 7));
    expect(batches.slice(0, -1).every((batch) => batch.length === 7)).toBe(true);
  });
});
