import type { TFunction } from 'i18next';
import type { ReportCell, ReportColumnKind } from '../../../shared/api/reports';
import type { ColumnKind } from '../../components/data-table';
import { NO_VALUE, type useFormat } from '../../lib/format';

// A report's codes and numbers as the reader reads them: the server sends codes (statuses,
// services, countries, months) and plain numbers, the screen writes them in the interface language
// through the same texts and formatters as every other screen.

export interface CellWriters {
  format: ReturnType<typeof useFormat>;
  country(code: string | null | undefined): string;
  /** A council's name in the reader's language, from its id. */
  council(id: string): string;
  t: TFunction;
}

export function writeCell(kind: ReportColumnKind, value: ReportCell, { format, country, council, t }: CellWriters): string {
  if (value === null || value === '') return kind === 'country' ? t('reports:unknownCountry') : NO_VALUE;
  const text = String(value);
  switch (kind) {
    case 'month':
      return format.month(text);
    case 'text':
      return text;
    case 'service':
      return t(`applications:service.${text}`, { defaultValue: text });
    case 'status':
      return t(`applications:status.${text}`, { defaultValue: text });
    case 'country':
      return country(text);
    case 'outcome':
      return t(`reports:outcome.${text}`, { defaultValue: text });
    case 'deadline_type':
      return t(`deadlines:types.${text}`, { defaultValue: text });
    case 'document_kind':
      return t(`reports:documentKind.${text}`, { defaultValue: text });
    case 'count':
      return format.number(Number(value));
    case 'days':
      return format.days(Number(value));
    case 'money':
      return format.money(text);
    case 'council':
      return council(text);
    case 'percent':
      return format.percent(Number(value));
    case 'decider':
      return text.startsWith('council:') ? council(text.slice('council:'.length)) : text.replace(/^officer:/, '');
  }
}

/**
 * How the one table sizes a report's column: figures, months and statuses take their natural width
 * on one line; names (institutions, countries, councils, deciders) wrap onto as many lines as they
 * need, because a report is read for its names and a cut one (a long institution in Albanian at
 * 1280 px) cannot be read from a printed page or a screenshot, where there is no tooltip.
 */
export function tableColumnOf(kind: ReportColumnKind): { kind: ColumnKind; wraps?: boolean } {
  switch (kind) {
    case 'count':
    case 'days':
    case 'percent':
      return { kind: 'number' };
    case 'money':
      return { kind: 'amount' };
    case 'month':
      return { kind: 'date' };
    case 'status':
    case 'outcome':
      return { kind: 'status' };
    case 'text':
    case 'country':
    case 'service':
    case 'deadline_type':
    case 'document_kind':
    case 'council':
    case 'decider':
      return { kind: 'text', wraps: true };
  }
}

/** A chart's point value (money in euros, days with one decimal, counts whole). */
export function writeValue(kind: ReportColumnKind, value: number, format: ReturnType<typeof useFormat>): string {
  if (kind === 'money') return format.money(value);
  if (kind === 'days') return format.number(value, { maximumFractionDigits: 1 });
  if (kind === 'percent') return format.percent(value);
  return format.number(value);
}
