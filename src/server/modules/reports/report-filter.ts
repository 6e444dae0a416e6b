import { sql, type Kysely, type RawBuilder } from 'kysely';
import { DEFAULT_REPORT_DAYS, type ReportAnswer, type ReportFilter, type ReportKey } from '../../../shared/api/reports';
import { KOSOVO_TIME_ZONE } from '../../../shared/domain/deadline-dates';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';

// A report's filter as the queries apply it: the period filled in (the last DEFAULT_REPORT_DAYS
// office days up to today when none is given), and the application conditions as one SQL
// condition on the alias `a` (applications), so every report reads the same applications.

export type ResolvedFilter = ReportAnswer['filter'];

const TIME_ZONE = sql.lit(KOSOVO_TIME_ZONE);

/** The office's calendar day of a moment, YYYY-MM-DD. */
export function officeDay(moment: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: KOSOVO_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(moment);
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

export function resolveFilter(report: ReportKey, filter: ReportFilter, now: Date): ResolvedFilter {
  const to = filter.date_to ?? (filter.date_from ? maxDay(officeDay(now), filter.date_from) : officeDay(now));
  const from = filter.date_from ?? shiftDay(to, -(DEFAULT_REPORT_DAYS - 1));
  return {
    date_from: from,
    date_to: to,
    service_type: filter.service_type ?? null,
    status: filter.status ?? [],
    council: filter.council ?? null,
    group_by: report === 'applications' ? (filter.group_by ?? 'service') : null,
  };
}

const maxDay = (a: string, b: string) => (a > b ? a : b);

/** The months of the period in order, YYYY-MM. */
export function periodMonths(filter: Pick<ResolvedFilter, 'date_from' | 'date_to'>): string[] {
  const months: string[] = [];
  let [year, month] = filter.date_from.split('-').map(Number) as [number, number];
  const last = filter.date_to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    months.push(key);
    if (key >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** The period cut at month ends: the slices a background export writes one by one. */
export function monthSlices<F extends Pick<ResolvedFilter, 'date_from' | 'date_to'>>(filter: F): F[] {
  return periodMonths(filter).map((month) => {
    const [year, number] = month.split('-').map(Number) as [number, number];
    const lastDay = new Date(Date.UTC(year, number, 0)).toISOString().slice(0, 10);
    return {
      ...filter,
      date_from: maxDay(`${month}-01`, filter.date_from),
      date_to: lastDay < filter.date_to ? lastDay : filter.date_to,
    };
  });
}

/** The first instant of the period and the first after it, for index range scans on timestamptz. */
export function periodBounds(filter: Pick<ResolvedFilter, 'date_from' | 'date_to'>): { start: RawBuilder<Date>; end: RawBuilder<Date> } {
  return {
    start: sql<Date>`(${filter.date_from}::date::timestamp at time zone ${TIME_ZONE})`,
    end: sql<Date>`((${filter.date_to}::date + 1)::timestamp at time zone ${TIME_ZONE})`,
  };
}

/** `column` (a timestamptz) within the period. */
export function inPeriod(column: RawBuilder<unknown>, filter: Pick<ResolvedFilter, 'date_from' | 'date_to'>): RawBuilder<boolean> {
  const { start, end } = periodBounds(filter);
  return sql<boolean>`(${column} >= ${start} and ${column} < ${end})`;
}

/** The office month of a timestamptz, YYYY-MM. */
export function officeMonth(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(${column} at time zone ${TIME_ZONE}, 'YYYY-MM')`;
}

/** The office day of a timestamptz. */
export function officeDate(column: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`(${column} at time zone ${TIME_ZONE})::date`;
}

/** Which applications a report counts: the filter's service, statuses, council, and the reader's scope. */
export function applicationConditions(db: Kysely<Database>, scope: ApplicationScope, filter: ResolvedFilter): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [sql`true`];
  if (filter.service_type !== null) parts.push(sql`a.service_type = ${filter.service_type}`);
  if (filter.status.length > 0) parts.push(sql`a.status in (${sql.join(filter.status)})`);
  if (filter.council !== null) parts.push(sql`a.council_id = ${filter.council}`);
  if (scope.kind === 'limited') {
    parts.push(sql`a.id in (${db.selectFrom('applications').select('applications.id').where(visibleIn(scope))})`);
  }
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}
