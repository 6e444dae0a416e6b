import { REPORT_GROUPINGS, REPORT_KEYS, type ReportExportRequest, type ReportGrouping, type ReportKey } from '../../../shared/api/reports';
import { SERVICE_TYPES } from '../../../shared/constants';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../shared/domain/application-status';

// The report shown and its filters live in the address (/reports?report=fees&date_from=…), so a
// report can be bookmarked, reloaded and sent to a colleague. A hand-edited value the server would
// refuse is left out rather than sent; the period's order and length are the server's to judge
// (its refusal is shown in words).

export const DEFAULT_REPORT: ReportKey = 'applications';
export type ReportParam = 'report' | 'date_from' | 'date_to' | 'service_type' | 'status' | 'council' | 'group_by';
const FILTER_PARAMS = ['date_from', 'date_to', 'service_type', 'status', 'council', 'group_by'] as const;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isIn = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** GET /reports/{key}/'s query string, as the address gives it (statuses joined by commas). */
export interface ReportQuery {
  date_from?: string;
  date_to?: string;
  service_type?: number;
  status?: string;
  council?: number;
  group_by?: ReportGrouping;
}

export function reportFromParams(params: URLSearchParams): ReportKey {
  const value = params.get('report') ?? '';
  return isIn(REPORT_KEYS, value) ? value : DEFAULT_REPORT;
}

export function statusesFromParams(params: URLSearchParams): ApplicationStatus[] {
  const named = (params.get('status') ?? '').split(',');
  return APPLICATION_STATUSES.filter((status) => named.includes(status));
}

export function queryFromParams(params: URLSearchParams): ReportQuery {
  const query: ReportQuery = {};
  for (const key of ['date_from', 'date_to'] as const) {
    const value = params.get(key) ?? '';
    if (ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))) query[key] = value;
  }
  const service = Number(params.get('service_type'));
  if ((SERVICE_TYPES as readonly number[]).includes(service)) query.service_type = service;
  const statuses = statusesFromParams(params);
  if (statuses.length > 0) query.status = statuses.join(',');
  const council = Number(params.get('council'));
  if (Number.isSafeInteger(council) && council > 0 && council <= 2_147_483_647) query.council = council;
  const grouping = params.get('group_by') ?? '';
  if (isIn(REPORT_GROUPINGS, grouping)) query.group_by = grouping;
  return query;
}

/** What an export of the address's report writes: the same filter, as the export's body takes it. */
export function exportFilterOf(query: ReportQuery): ReportExportRequest['filter'] {
  const { status, ...rest } = query;
  return { ...rest, ...(status ? { status: status.split(',') as ApplicationStatus[] } : {}) };
}

/** A copy of `params` with `key` set, or removed when empty. */
export function withParam(params: URLSearchParams, key: ReportParam, value: string | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null || value === '') next.delete(key);
  else next.set(key, value);
  return next;
}

/** The address without its filters, keeping the report. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of FILTER_PARAMS) next.delete(key);
  return next;
}
