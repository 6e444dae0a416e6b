// A figure's numbers as a CSV file (RFC 4180: comma-separated, CRLF, quotes doubled), for Excel
// and for scripts alike: numbers stay plain numbers (a dot as the decimal sign, no grouping), a
// text that a spreadsheet would take for a formula (= + - @, or a tab or carriage return first)
// is neutralised with a leading apostrophe, and the file starts with a UTF-8 byte order mark so
// Excel reads ë, ç, š, đ and ž as they are.

import { saveBlob } from '../../lib/save-file';

export type CsvValue = string | number | null;

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The CSV text: the header row, then one line per row; the byte order mark first. */
export function buildCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return BOM + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Saves the text as a CSV file (lib/save-file.ts). */
export function saveCsv(fileName: string, csv: string): void {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);
}
