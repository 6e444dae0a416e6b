import type { Readable } from 'node:stream';
import type { ExportFormat, ReportKey } from '../../../shared/api/reports';
import type { Language } from '../../../shared/constants';
import { A4, createOfficePdf, drawLetterhead, INK, MARGIN, MUTED, type Letterhead, type PdfFonts } from '../../pdf-letterhead';
import { spreadsheetFile, type Cell, type SpreadsheetColumn } from '../../spreadsheet-export';
import type { ResolvedFilter } from './report-filter';
import type { ReportData } from './report-queries';
import { columnLabel, REPORT_TEXTS, type CodeNames } from './report-texts';

// A report as a file. CSV and XLSX come from spreadsheet-export.ts (CSV with a BOM, formula-safe
// cells; exceljs's streaming writer), fed batch by batch as the worker computes the report slice
// by slice; codes are written as their names in the reader's language, money as amounts. The PDF
// is a table under the office's letterhead (pdf-letterhead.ts), built once every batch is in:
// pdf-lib writes a whole document, and a report's rows are aggregates, a few thousand at most.

export const EXPORT_MEDIA_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export type ExportColumns = ReportData['columns'];

/** The cells of a row in the columns' order, codes named. */
export function fileCells(columns: ExportColumns, row: ReportData['rows'][number], names: CodeNames): Cell[] {
  return columns.map((column) => {
    const value = row[column.key] ?? null;
    if (['service', 'country', 'status', 'outcome', 'deadline_type', 'document_kind', 'council', 'decider'].includes(column.kind)) return value === null && column.kind === 'council' ? null : names.name(column.kind, value);
    return value;
  });
}

export function exportFileName(report: ReportKey, format: ExportFormat, filter: ResolvedFilter): string {
  return `report-${report.replace(/_/g, '-')}-${filter.date_from}-${filter.date_to}.${format}`;
}

/** CSV or XLSX, written as `batches` yields rows (cells already named). */
export function spreadsheetReport(
  format: 'csv' | 'xlsx',
  report: ReportKey,
  columns: ExportColumns,
  filter: ResolvedFilter,
  language: Language,
  batches: AsyncIterable<Cell[][]>,
): Readable {
  const texts = REPORT_TEXTS[language];
  const headers: SpreadsheetColumn[] = columns.map((column) => ({
    header: columnLabel(texts, column.key, filter),
    width: column.kind === 'count' || column.kind === 'days' || column.kind === 'percent' ? 14 : column.kind === 'money' ? 16 : 28,
    ...(column.kind === 'money' ? { kind: 'amount' as const } : {}),
  }));
  return spreadsheetFile(format, { sheet: texts.titles[report].slice(0, 31), columns: headers, rows: batches });
}

const SIZE = 8;
const ROW_HEIGHT = 13;

/** The PDF: title, period, and the table over as many pages as it takes. */
export async function pdfReport(
  report: ReportKey,
  columns: ExportColumns,
  filter: ResolvedFilter,
  language: Language,
  rows: Cell[][],
  now: Date,
  letterheadSettings: Letterhead,
): Promise<Buffer> {
  const texts = REPORT_TEXTS[language];
  const title = texts.titles[report];
  const { pdf, fonts, letterhead } = await createOfficePdf(title, now, letterheadSettings);
  const width = (A4.width - 2 * MARGIN) / columns.length;
  const headers = columns.map((column) => columnLabel(texts, column.key, filter));
  let pageNumber = 0;
  let page = pdf.addPage([A4.width, A4.height]);
  let y = 0;
  const startPage = (first: boolean) => {
    pageNumber += 1;
    if (!first) page = pdf.addPage([A4.width, A4.height]);
    y = first ? drawLetterhead(page, fonts, letterhead, title) : A4.height - MARGIN;
    if (first) {
      page.drawText(texts.period.replace('{{from}}', filter.date_from).replace('{{to}}', filter.date_to), { x: MARGIN, y, size: 10, font: fonts.regular, color: MUTED });
      y -= 22;
    }
    page.drawText(texts.page.replace('{{page}}', String(pageNumber)), { x: A4.width - MARGIN - 50, y: MARGIN / 2, size: SIZE, font: fonts.regular, color: MUTED });
    drawRow(headers, fonts.bold);
    y -= 4;
  };
  const drawRow = (cells: readonly Cell[], font: PdfFonts['regular']) => {
    cells.forEach((cell, index) => {
      const text = fitted(cell === null ? '' : cell instanceof Date ? cell.toISOString() : String(cell), font, width - 4);
      page.drawText(text, { x: MARGIN + index * width, y, size: SIZE, font, color: INK });
    });
    y -= ROW_HEIGHT;
  };
  startPage(true);
  for (const row of rows) {
    if (y < MARGIN) startPage(false);
    drawRow(row, fonts.regular);
  }
  return Buffer.from(await pdf.save());
}

function fitted(text: string, font: PdfFonts['regular'], width: number): string {
  if (font.widthOfTextAtSize(text, SIZE) <= width) return text;
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, SIZE) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}
