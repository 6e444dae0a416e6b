import type { Kysely } from 'kysely';
import type { ReportColumnKind, ReportRow } from '../../../shared/api/reports';
import type { ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import type { ResolvedFilter } from './report-filter';

// What a report is: the data it answers with, what it reads, and how it runs (report-queries.ts
// holds the standard ones, appeal-reports.ts the appeals').

export interface ReportDataset {
  key: string;
  /** 'measure': key names a figure (received, p90_days); otherwise key is a code of that kind. */
  kind: 'measure' | ReportColumnKind;
  data: (number | null)[];
}

export interface ReportData {
  axis: ReportColumnKind;
  labels: string[];
  datasets: ReportDataset[];
  columns: { key: string; kind: ReportColumnKind }[];
  rows: ReportRow[];
  totals: ReportRow | null;
}

export interface ReportContext {
  db: Kysely<Database>;
  scope: ApplicationScope;
  filter: ResolvedFilter;
  /** Today on the office's calendar (overdue is counted against it). */
  today: string;
  /** Count the rows themselves even where prepared figures serve: what the figures are checked against. */
  fromRows?: boolean;
}

export interface ReportDefinition {
  /** Rows are keyed by month, so the period can be cut into months and written slice by slice. */
  byMonth: boolean;
  run(context: ReportContext): Promise<ReportData>;
}
