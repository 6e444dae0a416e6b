import { z } from 'zod';
import { SERVICE_TYPES } from '../constants';
import { APPLICATION_STATUSES } from '../domain/application-status';
import { localisedName } from './localised-name';
import { recordId } from './drf';
import { safeText } from './safe-text';

// Reports (spec §2 "Reports"): standard reports over the applications, each an aggregate
// the server computes in SQL over one filter (a period of calendar days, a service, statuses, a
// council), answered as series for a chart and rows for a table. Any report can be exported as
// CSV, XLSX or PDF: the export runs in the background (POST answers 202 with the export's id), the
// downloads list shows its status and progress, and its owner alone downloads the finished file.
//
// Reading needs reports.view_reports (NARIC Officers and the administrators); exporting needs
// reports.export_reports (NARIC Officers and the administrators).
// Figures count the applications the reader may see (application-scope.ts: every application for
// the groups that hold the permission by default). Messages are English and translated on the way
// out (locales/<lang>/server.json, `reports`); the answer's column and series labels are already
// in the reader's language (Accept-Language), the codes in the rows are not (the screen formats
// them as it does elsewhere: statuses, countries, months, money).

export const REPORT_PATHS = {
  /** GET: the reports there are (key, title, the filters each one reads). */
  catalogue: '/reports/',
  /** GET with the filter as a query string: one report's answer. */
  report: (key: ReportKey) => `/reports/${key}/`,
  /** GET: the caller's exports, newest first (the downloads list); POST: start an export (202). */
  exports: '/reports/exports/',
  export: (id: number) => `/reports/exports/${id}/`,
  /** GET: the finished file (the owner only; 409 while it is not done). */
  download: (id: number) => `/reports/exports/${id}/download/`,
} as const;

export const REPORT_KEYS = [
  /** Applications received and decided per month, by service, status or country of institution. */
  'applications',
  /** Days spent in each workflow stage (from the application history), median and 90th percentile. */
  'processing_time',
  /** Decisions per month by outcome (approved, rejected). */
  'decisions',
  /** Fees collected and refunded per month (EUR). */
  'fees',
  /** Per assigned officer: applications open now, received and decided in the period. */
  'officer_workload',
  /** Deadlines by type: overdue now, and completed late in the period. */
  'overdue_deadlines',
  /** Verification documents and recognition certificates issued and revoked per month. */
  'certificates',
  /** Appeals received per month (late ones among them) and decided per month by outcome. */
  'appeals',
  /** Per council and per officer: decisions taken in the period, appealed, changed on appeal, and the share changed. */
  'appeal_changes',
  /** Per country and institution: confirmation requests sent in the period, their answers, the answer rate and the median days to the reply. */
  'confirmation_requests',
  /** Per watch-listed institution: applications flagged in the period, by watch category and by close spelling. */
  'watch_list_hits',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];
export const reportKey = z.enum(REPORT_KEYS);

export const REPORT_GROUPINGS = ['service', 'status', 'country'] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The longest period one report covers (ten years), and the default (the last twelve months). */
export const MAX_REPORT_DAYS = 3660;
export const DEFAULT_REPORT_DAYS = 365;

export const REPORT_MESSAGES = {
  invalidFormat: 'Invalid format',
  periodReversed: 'The period must end on or after the day it starts.',
  periodTooLong: `The period may cover at most ${MAX_REPORT_DAYS} days.`,
  notReady: 'The export is not finished yet.',
  failed: 'The export failed. Start it again.',
  tooManyExports: 'You already have exports waiting. Wait until they finish.',
} as const;

export const REPORT_LIMITS = {
  /** Exports of one person queued or running at once (409 beyond it). */
  pendingExports: 5,
  /** Exports the downloads list shows. */
  listed: 50,
} as const;

/** A calendar day as YYYY-MM-DD (the office's days, Europe/Belgrade). */
const isoDate = safeText({ max: 10 }).refine(
  // Round-tripped: Date.parse takes 2026-02-31 (as 3 March), PostgreSQL refuses it.
  (text) => /^(19|2\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
  REPORT_MESSAGES.invalidFormat,
);
const serviceType = z.coerce.number().int().refine((value) => (SERVICE_TYPES as readonly number[]).includes(value), REPORT_MESSAGES.invalidFormat);
const statusList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(z.enum(APPLICATION_STATUSES)).max(APPLICATION_STATUSES.length),
);

/** Days from `from` to `to`, both included. */
export function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const filterShape = z.object({
  /** First and last day of the period, inclusive (default: the last DEFAULT_REPORT_DAYS days). */
  date_from: isoDate.optional(),
  date_to: isoDate.optional(),
  service_type: serviceType.optional(),
  /** The applications' current statuses, comma-separated in a query string. */
  status: statusList.optional(),
  council: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The applications report only: what the rows are broken down by (default service). */
  group_by: z.enum(REPORT_GROUPINGS).optional(),
});

function checkPeriod(filter: { date_from?: string | undefined; date_to?: string | undefined }, context: z.RefinementCtx) {
  if (!filter.date_from || !filter.date_to) return;
  const span = daySpan(filter.date_from, filter.date_to);
  if (span < 1) context.addIssue({ code: 'custom', path: ['date_to'], message: REPORT_MESSAGES.periodReversed });
  else if (span > MAX_REPORT_DAYS) context.addIssue({ code: 'custom', path: ['date_to'], message: REPORT_MESSAGES.periodTooLong });
}

/** A report's filter, as a query string (GET /reports/{key}/) or inside an export's body. */
export const reportFilter = filterShape.superRefine(checkPeriod);
export type ReportFilter = z.infer<typeof reportFilter>;
export type ReportFilterInput = z.input<typeof reportFilter>;

/** How a column's values are written and formatted. */
export const REPORT_COLUMN_KINDS = [
  'month', // YYYY-MM
  'text', // a name as it is (an officer's)
  'service', // a service type number
  'status', // an application status code
  'country', // an ISO 3166 alpha-2 code (null: not given)
  'outcome', // approved | rejected
  'deadline_type',
  'document_kind', // verification_document | recognition_certificate
  'count',
  'days', // a number of days with one decimal, null when nothing was measured
  'money', // EUR as decimal text "40.00"
  'council', // a council's id (null: none)
  'percent', // a share out of a hundred with one decimal, null when there is nothing to divide
  'decider', // who took decisions: "council:<id>" or "officer:<name>" (a chart's axis)
] as const;
export type ReportColumnKind = (typeof REPORT_COLUMN_KINDS)[number];

export const reportColumn = z.object({
  key: z.string(),
  /** The header in the reader's language. */
  label: z.string(),
  kind: z.enum(REPORT_COLUMN_KINDS),
});
export type ReportColumn = z.infer<typeof reportColumn>;

export const reportCell = z.union([z.string(), z.number(), z.null()]);
export type ReportCell = z.infer<typeof reportCell>;
export const reportRow = z.record(z.string(), reportCell);
export type ReportRow = z.infer<typeof reportRow>;

/** A chart: one label per point on the x axis, one dataset per line or bar (numbers; money as euros). */
export const reportSeries = z.object({
  /** What the x axis is (month or a column kind above): the screen formats the labels by it. */
  axis: z.enum(REPORT_COLUMN_KINDS),
  labels: z.array(z.string()),
  datasets: z.array(
    z.object({
      /** A code (a status, a service type, an outcome) or a measure ("received", "p90_days"). */
      key: z.string(),
      label: z.string(),
      data: z.array(z.number().nullable()),
    }),
  ),
});
export type ReportSeries = z.infer<typeof reportSeries>;

export const reportAnswer = z.object({
  report: reportKey,
  title: z.string(),
  /** The filter as applied (the default period filled in). */
  filter: z.object({
    date_from: z.string(),
    date_to: z.string(),
    service_type: z.number().int().nullable(),
    status: z.array(z.enum(APPLICATION_STATUSES)),
    council: recordId.nullable(),
    group_by: z.enum(REPORT_GROUPINGS).nullable(),
  }),
  series: reportSeries,
  columns: z.array(reportColumn),
  rows: z.array(reportRow),
  /** The rows' totals where adding them up means something (counts, money); keyed like a row. */
  totals: reportRow.nullable(),
});
export type ReportAnswer = z.infer<typeof reportAnswer>;

export const reportCatalogueAnswer = z.object({
  reports: z.array(
    z.object({
      key: reportKey,
      title: z.string(),
      description: z.string(),
      /** Whether the report reads group_by. */
      groupable: z.boolean(),
    }),
  ),
  /** Whether the caller may start exports (reports.export_reports). */
  can_export: z.boolean(),
  /**
   * Every council, for the council filter (the reader may hold no councils permission, so the
   * screen cannot list them itself): active ones first, by name.
   */
  council_options: z.array(localisedName.extend({ id: recordId, active: z.boolean() })),
});
export type ReportCatalogueAnswer = z.infer<typeof reportCatalogueAnswer>;

// ---- Exports ----

export const reportExportRequest = z.object({
  report: reportKey,
  format: z.enum(EXPORT_FORMATS),
  filter: filterShape.default({}).superRefine(checkPeriod),
});
export type ReportExportRequest = z.input<typeof reportExportRequest>;

export const reportExport = z.object({
  id: recordId,
  report: reportKey,
  title: z.string(),
  format: z.enum(EXPORT_FORMATS),
  filter: reportAnswer.shape.filter,
  status: z.enum(EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** Rows written (so far, or in all once done). */
  rows: z.number().int().nonnegative(),
  /** The download's file name (set once done). */
  file_name: z.string().nullable(),
  size: z.number().int().nonnegative().nullable(),
  /** Why it failed, in the reader's language. */
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExport>;

export const reportExportListAnswer = z.object({ results: z.array(reportExport) });
export type ReportExportListAnswer = z.infer<typeof reportExportListAnswer>;
