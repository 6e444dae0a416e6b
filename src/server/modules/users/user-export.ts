import { PassThrough, Readable, type Writable } from 'node:stream';
import type * as ExcelJSModule from 'exceljs';
import en from '../../../../locales/en/server.json';
import sq from '../../../../locales/sq/server.json';
import sr from '../../../../locales/sr/server.json';
import { EXPORT_COLUMNS, type EXPORT_FORMATS } from '../../../shared/api/users';
import type { Language } from '../../../shared/constants';
import type { ExportedUser } from './user-export-rows';

// The users export as a file, written while it is sent: a CSV for any tool (UTF-8 with a byte
// order mark so Excel shows ë, ç, č, ć, đ, š and ž; RFC 4180 quoting and CRLF) or an XLSX
// workbook written by exceljs's streaming writer. The header row is in the caller's language,
// yes/no too; moments are UTC (ISO 8601 in the CSV, real date cells in the workbook).

export type ExportFormat = (typeof EXPORT_FORMATS)[number];
type ExportColumn = (typeof EXPORT_COLUMNS)[number];
type ExportTexts = typeof en.usersExport;

const TEXTS: Readonly<Record<Language, ExportTexts>> = { en: en.usersExport, sq: sq.usersExport, sr: sr.usersExport };

export const EXPORT_MEDIA_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** users-2026-11-24.csv: the day (UTC) the export was made. */
export function exportFileName(format: ExportFormat, now: Date): string {
  return `users-${now.toISOString().slice(0, 10)}.${format}`;
}

type Cell = string | number | Date | null;

const DATE_COLUMNS: ReadonlySet<ExportColumn> = new Set(['last_login', 'date_joined']);

/** One user's cells, in EXPORT_COLUMNS order. */
function userCells(user: ExportedUser, texts: ExportTexts): Cell[] {
  const yesNo = (value: boolean) => (value ? texts.yes : texts.no);
  const cells: Record<ExportColumn, Cell> = {
    id: user.id,
    username: user.username,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone,
    groups: user.groups.join(', '),
    is_active: yesNo(user.is_active),
    email_verified: yesNo(user.email_verified),
    two_factor_enabled: yesNo(user.two_factor_enabled),
    auth_source: texts.authSources[user.auth_source],
    last_login: user.last_login,
    date_joined: user.date_joined,
  };
  return EXPORT_COLUMNS.map((column) => cells[column]);
}

const headerCells = (texts: ExportTexts): string[] => EXPORT_COLUMNS.map((column) => texts.columns[column]);

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

const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The CSV file: the byte order mark and header row, then one chunk per batch of users. */
export function usersCsv(batches: AsyncIterable<ExportedUser[]>, language: Language): Readable {
  const texts = TEXTS[language];
  async function* chunks() {
    yield BOM + csvLine(headerCells(texts));
    for await (const batch of batches) {
      if (batch.length > 0) yield batch.map((user) => csvLine(userCells(user, texts))).join('');
    }
  }
  // Readable.from waits for the reader before asking the generator (and so the database) for more.
  return Readable.from(chunks(), { objectMode: false });
}

// ---- XLSX ----

/** Column widths in characters (what the values usually need). */
const WIDTHS: Readonly<Record<ExportColumn, number>> = {
  id: 8,
  username: 24,
  first_name: 16,
  last_name: 18,
  email: 32,
  phone: 18,
  groups: 36,
  is_active: 10,
  email_verified: 14,
  two_factor_enabled: 14,
  auth_source: 22,
  last_login: 20,
  date_joined: 20,
};
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

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

/**
 * The workbook: one sheet with a bold, frozen header row, sized columns and date cells. Rows are
 * committed as they are written (the streaming writer keeps none of them), and the next batch is
 * read only once the answer has taken the previous one.
 */
export function usersXlsx(batches: AsyncIterable<ExportedUser[]>, language: Language): Readable {
  const out = new PassThrough();
  writeWorkbook(out, batches, TEXTS[language]).catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function writeWorkbook(out: PassThrough, batches: AsyncIterable<ExportedUser[]>, texts: ExportTexts): Promise<void> {
  // Loaded on the first export, not at every server start (exceljs is large).
  const loaded = (await import('exceljs')) as typeof ExcelJSModule & { default?: typeof ExcelJSModule };
  const ExcelJS = loaded.default ?? loaded;
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2' }] });
  sheet.columns = EXPORT_COLUMNS.map((column, index) => ({
    header: headerCells(texts)[index],
    key: column,
    width: WIDTHS[column],
    ...(DATE_COLUMNS.has(column) ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  for await (const batch of batches) {
    if (out.destroyed) return;
    for (const user of batch) sheet.addRow(userCells(user, texts)).commit();
    // exceljs buffers whatever it is given without pushing back, and compresses on the next turns
    // of the event loop: let it compress the batch, then wait while the answer is full.
    await new Promise((resolve) => setImmediate(resolve));
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}
