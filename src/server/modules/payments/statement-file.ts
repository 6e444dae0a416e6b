import { parse } from 'csv-parse/sync';
import { PAYMENT_LIMITS, STATEMENT_COLUMNS } from '../../../shared/api/payments';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { ApiError, fieldError } from '../../errors';
import { hasControlCharactersBesidesLayout } from '../../shared/control-characters';

// A bank statement file, from its bytes to one record per payment line (docs/api.md "Bank
// statement import"): decoded as UTF-8 when it is valid UTF-8 (a BOM is dropped), else as
// Windows-1250 (what Kosovo's banks export from older systems); the header line names the columns
// in any order and case, separated by commas or semicolons. Each line's values are checked here,
// without the database: a line that cannot be read gets its problem in words naming the column.

export type StatementEncoding = 'utf-8' | 'windows-1250';

/** One line of the file as read: the values it has, and what is wrong with it (null when nothing). */
export interface StatementFileLine {
  line_number: number;
  booked_on: string | null;
  /** "40.00": two decimals, a point. */
  amount: string | null;
  currency: string | null;
  reference: string | null;
  transaction_id: string | null;
  payer: string | null;
  problem: string | null;
}

export interface StatementFile {
  encoding: StatementEncoding;
  lines: StatementFileLine[];
}

/** The English problems of a line (translated on the way out, locales/<lang>/server.json `paymentStatements.messages`). */
export const STATEMENT_PROBLEMS = {
  columnCount: 'The line does not have as many values as the header names columns.',
  dateMissing: 'booking_date is empty.',
  dateFormat: 'booking_date is not a date written as YYYY-MM-DD or DD.MM.YYYY.',
  amountMissing: 'amount is empty.',
  amountFormat: 'amount is not an amount of money (such as 40.00 or 1.250,50).',
  amountNotPositive: 'amount must be more than zero (money received).',
  currencyMissing: 'currency is empty.',
  currencyNotEur: 'currency must be EUR.',
  referenceMissing: 'reference is empty.',
  transactionMissing: 'transaction_id is empty.',
  transactionTooLong: 'transaction_id is longer than 100 characters.',
  tooLong: 'A value is longer than 500 characters.',
} as const;

/** The longest value kept of a column (a payer's name, a free-text reference). */
const VALUE_LIMIT = 500;

type StatementRefusal = 'statement_encoding' | 'statement_columns' | 'statement_empty';
const statementRefusal = (code: StatementRefusal) => fieldError('file', code);

/** The file's text: valid UTF-8 (without its BOM), else Windows-1250; 400 when it is not text at all. */
export function decodeStatement(bytes: Uint8Array): { text: string; encoding: StatementEncoding } {
  let text: string;
  let encoding: StatementEncoding;
  try {
    // fatal: an invalid byte sequence throws instead of becoming U+FFFD, so the fallback runs.
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    encoding = 'utf-8';
  } catch {
    text = new TextDecoder('windows-1250').decode(bytes);
    encoding = 'windows-1250';
  }
  // A text file has no control characters but tab and line ends; Windows-1250 maps every byte to
  // something, so this is what tells a binary file (an image, a PDF's streams) from a statement.
  if (hasControlCharactersBesidesLayout(text)) throw statementRefusal('statement_encoding');
  return { text, encoding };
}

/** Comma or semicolon: whichever the header line has more of, outside quotes. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const character of text) {
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character === ',') commas += 1;
    else if (!quoted && character === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "2026-11-24" or "24.11.2026" (also "4.1.2026") → "2026-11-24"; null when neither or no such day. */
export function parseBookingDate(value: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})\.?$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dotted ? [dotted[3], dotted[2], dotted[1]] : [];
  if (!year || !month || !day) return null;
  if (!isRealDate(Number(year), Number(month), Number(day))) return null;
  return `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * An amount as banks write it → "1250.50", or null. The decimal mark is the last '.' or ',' when
 * one or two digits follow it; every other mark (and spaces, apostrophes) must separate groups of
 * three digits. "1.250" and "1,250" are one thousand two hundred and fifty: money has two decimals.
 */
export function parseAmount(value: string): string | null {
  const compact = value.replace(/[\s\u00a0\u202f']/g, '').replace(/^\+/, '');
  const match = /^(-?)([\d.,]+)$/.exec(compact);
  if (!match) return null;
  const [, sign, digits] = match;
  const decimal = /^(.*\d)[.,](\d{1,2})$/.exec(digits);
  const whole = decimal ? decimal[1] : digits;
  const fraction = decimal ? decimal[2].padEnd(2, '0') : '00';
  const groups = whole.split(/[.,]/);
  if (groups.length > 1) {
    // Thousands separators: one kind only, groups of three after the first.
    if (/[.]/.test(whole) && /[,]/.test(whole)) return null;
    if (!/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((group) => !/^\d{3}$/.test(group))) return null;
    // A decimal mark of the same kind as the separators ("1.250.5") is no amount.
    if (decimal && digits.charAt(whole.length) === whole.match(/[.,]/)?.[0]) return null;
  } else if (!/^\d+$/.test(whole)) {
    return null;
  }
  const integer = groups.join('').replace(/^0+(?=\d)/, '');
  if (integer.length > 10) return null;
  return `${sign}${integer}.${fraction}`;
}

/** Reads the lines of a decoded statement: 400 for a header without the columns or no lines, 413 for too many. */
export function readStatement(bytes: Uint8Array, limits = { lines: PAYMENT_LIMITS.statementLines }): StatementFile {
  const { text, encoding } = decodeStatement(bytes);
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // One more than the limit is enough to know it is too many (the header is one of them).
      to: limits.lines + 2,
    }) as string[][];
  } catch {
    // An unterminated quote: the file cannot be read as lines.
    throw statementRefusal('statement_columns');
  }
  const [header, ...rows] = records;
  const names = (header ?? []).map((name) => name.trim().toLowerCase());
  const position = Object.fromEntries(STATEMENT_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<(typeof STATEMENT_COLUMNS)[number], number>;
  if (Object.values(position).some((index) => index < 0)) throw statementRefusal('statement_columns');
  const dataRows = rows.filter((row) => row.some((value) => value.trim() !== ''));
  if (dataRows.length === 0) throw statementRefusal('statement_empty');
  if (dataRows.length > limits.lines) throw new ApiError(HTTP_STATUS.payloadTooLarge, 'statement_too_many_lines');

  return {
    encoding,
    lines: dataRows.map((row, index) => readLine(row, index + 1, position, names.length)),
  };
}

function readLine(row: string[], lineNumber: number, position: Record<(typeof STATEMENT_COLUMNS)[number], number>, columnCount: number): StatementFileLine {
  const value = (column: (typeof STATEMENT_COLUMNS)[number]) => {
    const text = (row[position[column]] ?? '').trim();
    return text === '' ? null : text.slice(0, VALUE_LIMIT);
  };
  const raw = STATEMENT_COLUMNS.map((column) => row[position[column]] ?? '');
  const dateText = value('booking_date');
  const amountText = value('amount');
  const currency = value('currency')?.toUpperCase() ?? null;
  const reference = value('reference');
  const transactionId = value('transaction_id');
  const booked_on = dateText === null ? null : parseBookingDate(dateText);
  const amount = amountText === null ? null : parseAmount(amountText);

  const problems: string[] = [];
  if (row.length !== columnCount) problems.push(STATEMENT_PROBLEMS.columnCount);
  if (raw.some((text) => text.trim().length > VALUE_LIMIT)) problems.push(STATEMENT_PROBLEMS.tooLong);
  if (dateText === null) problems.push(STATEMENT_PROBLEMS.dateMissing);
  else if (booked_on === null) problems.push(STATEMENT_PROBLEMS.dateFormat);
  if (amountText === null) problems.push(STATEMENT_PROBLEMS.amountMissing);
  else if (amount === null) problems.push(STATEMENT_PROBLEMS.amountFormat);
  else if (!(Number(amount) > 0)) problems.push(STATEMENT_PROBLEMS.amountNotPositive);
  if (currency === null) problems.push(STATEMENT_PROBLEMS.currencyMissing);
  else if (currency !== 'EUR') problems.push(STATEMENT_PROBLEMS.currencyNotEur);
  if (reference === null) problems.push(STATEMENT_PROBLEMS.referenceMissing);
  if (transactionId === null) problems.push(STATEMENT_PROBLEMS.transactionMissing);
  else if (transactionId.length > PAYMENT_LIMITS.transactionId) problems.push(STATEMENT_PROBLEMS.transactionTooLong);

  return {
    line_number: lineNumber,
    booked_on,
    // What the line says, even when it cannot be used: the preview shows it beside the problem.
    amount: amount !== null && Number(amount) > 0 ? amount : null,
    currency: currency?.slice(0, 10) ?? null,
    reference,
    transaction_id: transactionId?.slice(0, PAYMENT_LIMITS.transactionId) ?? null,
    payer: value('payer'),
    problem: problems.length > 0 ? problems.join(' ') : null,
  };
}
