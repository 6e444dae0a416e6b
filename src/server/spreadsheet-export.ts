import { PassThrough, Readable, type Writable } from 'node:stream';
import type * as ExcelJSModule from 'exceljs';

// A list exported as a file, written while it is sent (the users and payments exports): a CSV for
// any tool (UTF-8 with a byte order mark so Excel shows ë, ç, č, ć, đ, š and ž; RFC 4180 quoting
// and CRLF; a cell a spreadsheet would run as a formula starts with an apostrophe) or an XLSX
// workbook from exceljs's streaming writer (a bold, frozen header row, sized columns, date and
// amount cells). Rows come in batches; the next batch is asked for only once the answer has taken
// the previous one, so a reader who stops reading stops the export (and its queries).

export const SPREADSHEET_FORMATS = ['csv', 'xlsx'] as const;
export type SpreadsheetFormat = (typeof SPREADSHEET_FORMATS)[number];

export const SPREADSHEET_MEDIA_TYPES: Readonly<Record<SpreadsheetFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `<name>-2026-11-24.csv`: the day (UTC) the export was made. */
export function spreadsheetFileName(name: string, format: SpreadsheetFormat, now: Date): string {
  return `${name}-${now.toISOString().slice(0, 10)}.${format}`;
}

export type Cell = string | number | Date | null;

export interface SpreadsheetColumn {
  /** The header, in the reader's language. */
  header: string;
  /** Width in characters (what the values usually need). */
  width: number;
  /**
   * date: a moment (ISO 8601 UTC in the CSV, a date cell in the workbook); amount: our decimal
   * text ("40.00", never typed by a person), written as it is in the CSV and as a number cell.
   */
  kind?: 'date' | 'amount';
}

export interface Spreadsheet {
  /** The workbook's sheet name. */
  sheet: string;
  columns: readonly SpreadsheetColumn[];
  /** Batches of rows, each row's cells in the columns' order. */
  rows: AsyncIterable<Cell[][]>;
}

export function spreadsheetFile(format: SpreadsheetFormat, spreadsheet: Spreadsheet): Readable {
  return format === 'csv' ? csvFile(spreadsheet) : xlsxFile(spreadsheet);
}

// ---- CSV ----

const BOM = '\uFEFF';
/**
 * A spreadsheet runs a cell starting with one of these as a formula (CSV injection): a name or
 * phone typed as "=HYPERLINK(…)" or "+1…" must reach the reader as text, so it gets an apostrophe.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** ISO 8601 in UTC to the second: 2026-11-24T09:30:00Z. */
const isoMoment = (moment: Date) => moment.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return isoMoment(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvFile({ columns, rows }: Spreadsheet): Readable {
  const line = (cells: readonly Cell[]) =>
    `${cells.map((cell, index) => (columns[index]?.kind === 'amount' && typeof cell === 'string' ? cell : csvCell(cell))).join(',')}\r\n`;
  async function* chunks() {
    yield BOM + line(columns.map((column) => column.header));
    for await (const batch of rows) {
      if (batch.length > 0) yield batch.map(line).join('');
    }
  }
  // Readable.from waits for the reader before asking the generator (and so the database) for more.
  return Readable.from(chunks(), { objectMode: false });
}

// ---- XLSX ----

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

function xlsxFile(spreadsheet: Spreadsheet): Readable {
  const out = new PassThrough();
  writeWorkbook(out, spreadsheet).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function writeWorkbook(out: PassThrough, { sheet: sheetName, columns, rows }: Spreadsheet): Promise<void> {
  // Loaded on the first export, not at every server start (exceljs is large).
  const loaded = (await import('exceljs')) as typeof ExcelJSModule & { default?: typeof ExcelJSModule };
  const ExcelJS = loaded.default ?? loaded;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2' }] });
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width,
    ...(column.kind === 'date' ? { style: { numFmt: DATE_FORMAT } } : column.kind === 'amount' ? { style: { numFmt: AMOUNT_FORMAT } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const batch of rows) {
    if (out.destroyed) return;
    for (const cells of batch) {
      sheet.addRow(cells.map((cell, index) => (columns[index]?.kind === 'amount' && typeof cell === 'string' ? Number(cell) : cell))).commit();
    }
    // exceljs buffers whatever it is given without pushing back, and compresses on the next turns
    // of the event loop: let it compress the batch, then wait while the answer is full.
    await new Promise((resolve) => setImmediate(resolve));
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
