import { PassThrough, Readable, type Writable } from 'node:stream';
import type * as ExcelJSModule from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { PAYMENT_EXPORT_COLUMNS, type PAYMENT_EXPORT_FORMATS, type PaymentMethod, type PaymentStatus } from '../../../shared/api/payments';
import type { Language } from '../../../shared/constants';
import type { ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { matchingPayments, type PaymentFilterValue } from './payment-filter';
import { REFUNDED } from './payment-queries';
import { PAYMENT_TEXTS, type PaymentTexts } from './payment-texts';

// The payments export as a file, written while it is sent: a CSV for any tool (UTF-8 with a byte
// order mark so Excel shows ë, ç, č, ć, đ, š and ž; RFC 4180 quoting and CRLF; a cell that a
// spreadsheet would run as a formula starts with an apostrophe) or an XLSX workbook written by
// exceljs's streaming writer. Rows are read in batches in id order, each written out before the
// next is read. The header row, statuses, methods and service names are in the caller's
// language; amounts are plain decimals (numbers in the workbook); moments are UTC.

export type PaymentExportFormat = (typeof PAYMENT_EXPORT_FORMATS)[number];
type ExportColumn = (typeof PAYMENT_EXPORT_COLUMNS)[number];

export const EXPORT_MEDIA_TYPES: Readonly<Record<PaymentExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** payments-2026-11-24.csv: the day (UTC) the export was made. */
export function exportFileName(format: PaymentExportFormat, now: Date): string {
  return `payments-${now.toISOString().slice(0, 10)}.${format}`;
}

export interface ExportedPayment {
  id: number;
  reference: string;
  applicant: string;
  service: string;
  status: PaymentStatus;
  amount_due: string;
  amount_paid: string | null;
  amount_refunded: string;
  currency: string;
  method: PaymentMethod | null;
  transaction_id: string | null;
  created_at: Date;
  paid_at: Date | null;
}

/** Payments per query. */
export const EXPORT_BATCH_SIZE = 500;

const SERVICE_NAME = { en: 'services.name_en', sq: 'services.name_sq', sr: 'services.name_sr' } as const;
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** The payments `filter` matches for the reader, batch after batch, in id order. */
export async function* exportedPayments(
  db: Kysely<Database>,
  scope: ApplicationScope,
  filter: Partial<PaymentFilterValue>,
  language: Language,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportedPayment[]> {
  let after = 0;
  for (;;) {
    const rows = await matchingPayments(db, scope, filter)
      .innerJoin('services', 'services.id', 'applications.service_id')
      .select([
        'application_payments.id',
        'applications.reference',
        'applications.applicant_name as applicant',
        `${SERVICE_NAME[language]} as service`,
        'application_payments.status',
        sql<string>`round(application_payments.amount_due, 2)::text`.as('amount_due'),
        sql<string | null>`round(application_payments.amount - ${REFUNDED}, 2)::text`.as('amount_paid'),
        sql<string>`round(${REFUNDED}, 2)::text`.as('amount_refunded'),
        'application_payments.currency',
        'application_payments.method',
        'application_payments.transaction_id',
        'application_payments.created_at',
        'application_payments.paid_at',
      ])
      .where('application_payments.id', '>', after)
      .orderBy('application_payments.id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, created_at: asDate(row.created_at), paid_at: row.paid_at === null ? null : asDate(row.paid_at) }));
    if (rows.length < batchSize) return;
    after = rows[rows.length - 1]!.id;
  }
}

type Cell = string | number | Date | null;
const AMOUNT_COLUMNS: ReadonlySet<ExportColumn> = new Set(['amount_due', 'amount_paid', 'amount_refunded']);
const DATE_COLUMNS: ReadonlySet<ExportColumn> = new Set(['created_at', 'paid_at']);

/** One payment's cells, in PAYMENT_EXPORT_COLUMNS order (amounts as decimal text). */
function paymentCells(payment: ExportedPayment, texts: PaymentTexts): Cell[] {
  const cells: Record<ExportColumn, Cell> = {
    id: payment.id,
    reference: payment.reference,
    applicant: payment.applicant,
    service: payment.service,
    status: texts.statuses[payment.status],
    amount_due: payment.amount_due,
    amount_paid: payment.amount_paid,
    amount_refunded: payment.amount_refunded,
    currency: payment.currency,
    method: payment.method ? texts.methods[payment.method] : null,
    transaction_id: payment.transaction_id,
    created_at: payment.created_at,
    paid_at: payment.paid_at,
  };
  return PAYMENT_EXPORT_COLUMNS.map((column) => cells[column]);
}

const headerCells = (texts: PaymentTexts): string[] => PAYMENT_EXPORT_COLUMNS.map((column) => texts.export.columns[column]);

// ---- CSV ----

const BOM = '\uFEFF';
/** A spreadsheet runs a cell starting with one of these as a formula (CSV injection): such text gets an apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const isoMoment = (moment: Date) => moment.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return isoMoment(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Amounts are ours (never negative, never typed by a person): written as they are. */
const csvLine = (cells: readonly Cell[]) =>
  `${cells.map((cell, index) => (AMOUNT_COLUMNS.has(PAYMENT_EXPORT_COLUMNS[index]!) && typeof cell === 'string' ? cell : csvCell(cell))).join(',')}\r\n`;

export function paymentsCsv(batches: AsyncIterable<ExportedPayment[]>, language: Language): Readable {
  const texts = PAYMENT_TEXTS[language];
  async function* chunks() {
    yield BOM + csvLine(headerCells(texts));
    for await (const batch of batches) {
      if (batch.length > 0) yield batch.map((payment) => csvLine(paymentCells(payment, texts))).join('');
    }
  }
  // Readable.from waits for the reader before asking the generator (and so the database) for more.
  return Readable.from(chunks(), { objectMode: false });
}

// ---- XLSX ----

const WIDTHS: Readonly<Record<ExportColumn, number>> = {
  id: 8,
  reference: 20,
  applicant: 28,
  service: 36,
  status: 18,
  amount_due: 12,
  amount_paid: 12,
  amount_refunded: 12,
  currency: 8,
  method: 18,
  transaction_id: 24,
  created_at: 20,
  paid_at: 20,
};
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const AMOUNT_FORMAT = '#,##0.00';

/** Resolves once `stream` can take more (or is gone: a reader who left stops the export). */
function drained(stream: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

export function paymentsXlsx(batches: AsyncIterable<ExportedPayment[]>, language: Language): Readable {
  const out = new PassThrough();
  writeWorkbook(out, batches, PAYMENT_TEXTS[language]).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function writeWorkbook(out: PassThrough, batches: AsyncIterable<ExportedPayment[]>, texts: PaymentTexts): Promise<void> {
  // Loaded on the first export, not at every server start (exceljs is large).
  const loaded = (await import('exceljs')) as typeof ExcelJSModule & { default?: typeof ExcelJSModule };
  const ExcelJS = loaded.default ?? loaded;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(texts.export.sheet, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2' }] });
  const header = headerCells(texts);
  sheet.columns = PAYMENT_EXPORT_COLUMNS.map((column, index) => ({
    header: header[index],
    key: column,
    width: WIDTHS[column],
    ...(DATE_COLUMNS.has(column) ? { style: { numFmt: DATE_FORMAT } } : AMOUNT_COLUMNS.has(column) ? { style: { numFmt: AMOUNT_FORMAT } } : {}),
  }));
  const headerRow = sheet.getRow(1);
  headerRow.font = { bold: true };
  headerRow.commit();
  for await (const batch of batches) {
    if (out.destroyed) return;
    for (const payment of batch) {
      const cells = paymentCells(payment, texts).map((cell, index) =>
        AMOUNT_COLUMNS.has(PAYMENT_EXPORT_COLUMNS[index]!) && typeof cell === 'string' ? Number(cell) : cell,
      );
      sheet.addRow(cells).commit();
    }
    // exceljs buffers whatever it is given without pushing back: let it compress the batch, then wait while the answer is full.
    await new Promise((resolve) => setImmediate(resolve));
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
