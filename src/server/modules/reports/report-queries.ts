import { sql, type Kysely } from 'kysely';
import type { ReportKey, ReportRow } from '../../../shared/api/reports';
import type { Database } from '../../db/schema';
import {
  applicationConditions,
  inPeriod,
  officeDate,
  officeMonth,
  periodBounds,
  periodMonths,
} from './report-filter';
import { displayNameSql } from '../../shared/display-name';
import { appealsReceived, decisionsChangedOnAppeal } from './appeal-reports';
import { confirmationRequests, watchListHits } from './authenticity-reports';
import type { ReportContext, ReportDefinition } from './report-definition';
import { applicationFigures, certificateFigures, deadlineFigures, decisionFigures, feeFigures, preparedFor, stayFigures } from './report-figures';

// The standard reports (the appeals' two are in appeal-reports.ts), each one or two aggregate queries over the period. For a reader
// who sees every application they read the figures prepared per day (report-figures.ts); the
// queries here over the rows themselves answer a reader limited to some applications, and are the
// reference the prepared figures are tested against. Rows carry codes
// (statuses, service types, countries, outcomes) and numbers; report-texts.ts names the columns
// and datasets in the reader's language. Every period condition is a range on the column itself
// (never a function of it) so it can use an index on a million applications.

export type { ReportContext, ReportData, ReportDataset, ReportDefinition } from './report-definition';

const useFigures = ({ scope, fromRows }: ReportContext): boolean => !fromRows && preparedFor(scope);


const num = (value: unknown): number => Number(value ?? 0);
const days = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);
const money = (cents: number): string => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const sum = (rows: ReportRow[], key: string) => rows.reduce((total, row) => total + num(row[key]), 0);

const GROUP_COLUMN = {
  service: { column: sql`a.service_type::text`, kind: 'service' },
  status: { column: sql`a.status`, kind: 'status' },
  country: { column: sql`a.institution_country`, kind: 'country' },
} as const;

// ---- Applications received and decided per month ----

const applications: ReportDefinition = {
  byMonth: true,
  async run(context) {
    const { db, scope, filter } = context;
    const group = GROUP_COLUMN[filter.group_by ?? 'service'];
    const where = applicationConditions(db, scope, filter);
    const rows = useFigures(context)
      ? await applicationFigures(db, scope, filter)
      : (
          await sql<{ month: string; grp: string | null; received: string; decided: string }>`
      select month, grp, sum(received) as received, sum(decided) as decided from (
        select ${officeMonth(sql`a.submitted_at`)} as month, ${group.column} as grp, count(*) as received, 0 as decided
          from applications a where ${inPeriod(sql`a.submitted_at`, filter)} and ${where} group by 1, 2
        union all
        select ${officeMonth(sql`a.decided_at`)}, ${group.column}, 0, count(*)
          from applications a where a.decided_at is not null and ${inPeriod(sql`a.decided_at`, filter)} and ${where} group by 1, 2
      ) counted group by month, grp order by month, grp nulls last`.execute(db)
        ).rows;
    const months = periodMonths(filter);
    const groups = [...new Set(rows.map((row) => row.grp))];
    const table: ReportRow[] = rows.map((row) => ({ month: row.month, group: row.grp, received: num(row.received), decided: num(row.decided) }));
    return {
      axis: 'month',
      labels: months,
      datasets: groups.map((grp) => ({
        key: grp ?? '',
        kind: group.kind,
        data: months.map((month) => num(table.find((row) => row.month === month && row.group === grp)?.received)),
      })),
      columns: [
        { key: 'month', kind: 'month' },
        { key: 'group', kind: group.kind },
        { key: 'received', kind: 'count' },
        { key: 'decided', kind: 'count' },
      ],
      rows: table.map((row) => ({ ...row, group: group.kind === 'service' && row.group !== null ? Number(row.group) : row.group })),
      totals: { received: sum(table, 'received'), decided: sum(table, 'decided') },
    };
  },
};

// ---- Processing time by stage ----

const processingTime: ReportDefinition = {
  byMonth: false,
  async run(context) {
    const { db, scope, filter } = context;
    const { end } = periodBounds(filter);
    // A stay in a stage runs from the change into it to the next change of status; it counts in
    // the period it ended in. Only applications submitted before the period ends can have one.
    const rows = useFigures(context)
      ? await stayFigures(db, scope, filter)
      : (
          await sql<{ stage: string; stays: string; p50: string | null; p90: string | null; average: string | null }>`
      with changes as (
        select h.application_id, h.to_status, h.created_at,
          lead(h.created_at) over (partition by h.application_id order by h.created_at, h.id) as left_at
        from application_history h
        where h.to_status is not null
          and h.application_id in (select a.id from applications a where a.submitted_at < ${end} and ${applicationConditions(db, scope, filter)})
      )
      select to_status as stage, count(*) as stays,
        percentile_cont(0.5) within group (order by extract(epoch from left_at - created_at) / 86400) as p50,
        percentile_cont(0.9) within group (order by extract(epoch from left_at - created_at) / 86400) as p90,
        avg(extract(epoch from left_at - created_at) / 86400) as average
      from changes where left_at is not null and ${inPeriod(sql`left_at`, filter)}
      group by to_status order by to_status`.execute(db)
        ).rows;
    const table: ReportRow[] = rows.map((row) => ({ stage: row.stage, stays: num(row.stays), p50_days: days(row.p50), p90_days: days(row.p90), average_days: days(row.average) }));
    return {
      axis: 'status',
      labels: table.map((row) => String(row.stage)),
      datasets: (['p50_days', 'p90_days'] as const).map((key) => ({ key, kind: 'measure' as const, data: table.map((row) => row[key] as number | null) })),
      columns: [
        { key: 'stage', kind: 'status' },
        { key: 'stays', kind: 'count' },
        { key: 'p50_days', kind: 'days' },
        { key: 'p90_days', kind: 'days' },
        { key: 'average_days', kind: 'days' },
      ],
      rows: table,
      totals: null,
    };
  },
};

// ---- Decisions by outcome ----

const decisions: ReportDefinition = {
  byMonth: true,
  async run(context) {
    const { db, scope, filter } = context;
    const rows = useFigures(context)
      ? await decisionFigures(db, scope, filter)
      : (
          await sql<{ month: string; approved: string; rejected: string }>`
      select ${officeMonth(sql`a.decided_at`)} as month,
        count(*) filter (where a.decision_outcome = 'approved') as approved,
        count(*) filter (where a.decision_outcome = 'rejected') as rejected
      from applications a
      where a.decided_at is not null and a.decision_outcome is not null and ${inPeriod(sql`a.decided_at`, filter)} and ${applicationConditions(db, scope, filter)}
      group by 1 order by 1`.execute(db)
        ).rows;
    const table: ReportRow[] = rows.map((row) => ({ month: row.month, approved: num(row.approved), rejected: num(row.rejected), total: num(row.approved) + num(row.rejected) }));
    const months = periodMonths(filter);
    return {
      axis: 'month',
      labels: months,
      datasets: (['approved', 'rejected'] as const).map((key) => ({
        key,
        kind: 'outcome' as const,
        data: months.map((month) => num(table.find((row) => row.month === month)?.[key])),
      })),
      columns: [
        { key: 'month', kind: 'month' },
        { key: 'approved', kind: 'count' },
        { key: 'rejected', kind: 'count' },
        { key: 'total', kind: 'count' },
      ],
      rows: table,
      totals: { approved: sum(table, 'approved'), rejected: sum(table, 'rejected'), total: sum(table, 'total') },
    };
  },
};

// ---- Fees collected and refunded ----

const fees: ReportDefinition = {
  byMonth: true,
  async run(context) {
    const { db, scope, filter } = context;
    const where = applicationConditions(db, scope, filter);
    // Amounts in cents (integers) so sums are exact and the money text is written once, here.
    const rows = useFigures(context)
      ? await feeFigures(db, scope, filter)
      : (
          await sql<{ month: string; payments: string; collected: string; refunds: string; refunded: string }>`
      select month, sum(payments) as payments, sum(collected) as collected, sum(refunds) as refunds, sum(refunded) as refunded from (
        select ${officeMonth(sql`p.paid_at`)} as month, count(*) as payments, sum(round(p.amount * 100)) as collected, 0 as refunds, 0 as refunded
          from application_payments p join applications a on a.id = p.application_id
          where p.paid_at is not null and p.amount is not null and ${inPeriod(sql`p.paid_at`, filter)} and ${where} group by 1
        union all
        select ${officeMonth(sql`r.created_at`)}, 0, 0, count(*), sum(round(r.amount * 100))
          from payment_refunds r join application_payments p on p.id = r.payment_id join applications a on a.id = p.application_id
          where ${inPeriod(sql`r.created_at`, filter)} and ${where} group by 1
      ) counted group by month order by month`.execute(db)
        ).rows;
    const cents = rows.map((row) => ({ month: row.month, payments: num(row.payments), collected: num(row.collected), refunds: num(row.refunds), refunded: num(row.refunded) }));
    const months = periodMonths(filter);
    const asRow = (row: Omit<(typeof cents)[number], 'month'>): ReportRow => ({
      payments: row.payments,
      collected: money(row.collected),
      refunds: row.refunds,
      refunded: money(row.refunded),
      net: money(row.collected - row.refunded),
    });
    const total = cents.reduce((all, row) => ({ payments: all.payments + row.payments, collected: all.collected + row.collected, refunds: all.refunds + row.refunds, refunded: all.refunded + row.refunded }), {
      payments: 0,
      collected: 0,
      refunds: 0,
      refunded: 0,
    });
    return {
      axis: 'month',
      labels: months,
      datasets: (['collected', 'refunded'] as const).map((key) => ({
        key,
        kind: 'measure' as const,
        data: months.map((month) => num(cents.find((row) => row.month === month)?.[key]) / 100),
      })),
      columns: [
        { key: 'month', kind: 'month' },
        { key: 'payments', kind: 'count' },
        { key: 'collected', kind: 'money' },
        { key: 'refunds', kind: 'count' },
        { key: 'refunded', kind: 'money' },
        { key: 'net', kind: 'money' },
      ],
      rows: cents.map((row) => ({ month: row.month, ...asRow(row) })),
      totals: asRow(total),
    };
  },
};

// ---- Workload per officer ----

const officerWorkload: ReportDefinition = {
  byMonth: false,
  async run(context) {
    const { db, scope, filter } = context;
    const { rows } = await sql<{ officer_id: number; officer: string | null; open: string; assigned: string; closed: string }>`
      select a.assigned_officer_id as officer_id, max(coalesce(${displayNameSql('u')}, a.assigned_officer_name)) as officer,
        count(*) filter (where a.closed_at is null) as open,
        count(*) filter (where a.assigned_at is not null and ${inPeriod(sql`a.assigned_at`, filter)}) as assigned,
        count(*) filter (where a.closed_at is not null and ${inPeriod(sql`a.closed_at`, filter)}) as closed
      from applications a left join users u on u.id = a.assigned_officer_id
      where a.assigned_officer_id is not null and ${applicationConditions(db, scope, filter)}
      group by a.assigned_officer_id order by 2, 1`.execute(db);
    const table: ReportRow[] = rows.map((row) => ({ officer_id: Number(row.officer_id), officer: row.officer ?? '', open: num(row.open), assigned: num(row.assigned), closed: num(row.closed) }));
    return {
      axis: 'text',
      labels: table.map((row) => String(row.officer)),
      datasets: (['open', 'assigned', 'closed'] as const).map((key) => ({ key, kind: 'measure' as const, data: table.map((row) => num(row[key])) })),
      columns: [
        { key: 'officer', kind: 'text' },
        { key: 'open', kind: 'count' },
        { key: 'assigned', kind: 'count' },
        { key: 'closed', kind: 'count' },
      ],
      rows: table,
      totals: { open: sum(table, 'open'), assigned: sum(table, 'assigned'), closed: sum(table, 'closed') },
    };
  },
};

// ---- Overdue by deadline type ----

const overdueDeadlines: ReportDefinition = {
  byMonth: false,
  async run(context) {
    const { db, scope, filter, today } = context;
    // Overdue now: running (not completed, not paused) past its due day, whatever the period;
    // completed late or on time: completed within the period.
    const rows = useFigures(context)
      ? await deadlineFigures(db, scope, filter, today)
      : (
          await sql<{ deadline_type: string; overdue: string; average_overdue: string | null; on_time: string; late: string }>`
      select d.deadline_type,
        count(*) filter (where d.completed_at is null and d.paused_since is null and d.due_date < ${today}::date) as overdue,
        avg(${today}::date - d.due_date) filter (where d.completed_at is null and d.paused_since is null and d.due_date < ${today}::date) as average_overdue,
        count(*) filter (where d.completed_at is not null and ${inPeriod(sql`d.completed_at`, filter)} and ${officeDate(sql`d.completed_at`)} <= d.due_date) as on_time,
        count(*) filter (where d.completed_at is not null and ${inPeriod(sql`d.completed_at`, filter)} and ${officeDate(sql`d.completed_at`)} > d.due_date) as late
      from application_deadlines d join applications a on a.id = d.application_id
      where ${applicationConditions(db, scope, filter)}
        and ((d.completed_at is null and d.due_date < ${today}::date) or (d.completed_at is not null and ${inPeriod(sql`d.completed_at`, filter)}))
      group by d.deadline_type order by d.deadline_type`.execute(db)
        ).rows;
    const table: ReportRow[] = rows.map((row) => ({
      deadline_type: row.deadline_type,
      overdue: num(row.overdue),
      average_days_overdue: days(row.average_overdue),
      completed_on_time: num(row.on_time),
      completed_late: num(row.late),
    }));
    return {
      axis: 'deadline_type',
      labels: table.map((row) => String(row.deadline_type)),
      datasets: (['overdue', 'completed_late'] as const).map((key) => ({ key, kind: 'measure' as const, data: table.map((row) => num(row[key])) })),
      columns: [
        { key: 'deadline_type', kind: 'deadline_type' },
        { key: 'overdue', kind: 'count' },
        { key: 'average_days_overdue', kind: 'days' },
        { key: 'completed_on_time', kind: 'count' },
        { key: 'completed_late', kind: 'count' },
      ],
      rows: table,
      totals: { overdue: sum(table, 'overdue'), completed_on_time: sum(table, 'completed_on_time'), completed_late: sum(table, 'completed_late') },
    };
  },
};

// ---- Certificates issued and revoked ----

const certificates: ReportDefinition = {
  byMonth: true,
  async run(context) {
    const { db, scope, filter } = context;
    const where = applicationConditions(db, scope, filter);
    const rows = useFigures(context)
      ? await certificateFigures(db, scope, filter)
      : (
          await sql<{ month: string; kind: string; issued: string; revoked: string }>`
      select month, kind, sum(issued) as issued, sum(revoked) as revoked from (
        select ${officeMonth(sql`i.issued_at`)} as month, i.kind, count(*) as issued, 0 as revoked
          from issued_documents i join applications a on a.id = i.application_id
          where ${inPeriod(sql`i.issued_at`, filter)} and ${where} group by 1, 2
        union all
        select ${officeMonth(sql`i.revoked_at`)}, i.kind, 0, count(*)
          from issued_documents i join applications a on a.id = i.application_id
          where i.revoked_at is not null and ${inPeriod(sql`i.revoked_at`, filter)} and ${where} group by 1, 2
      ) counted group by month, kind order by month, kind`.execute(db)
        ).rows;
    const table: ReportRow[] = rows.map((row) => ({ month: row.month, kind: row.kind, issued: num(row.issued), revoked: num(row.revoked) }));
    const months = periodMonths(filter);
    return {
      axis: 'month',
      labels: months,
      datasets: (['issued', 'revoked'] as const).map((key) => ({
        key,
        kind: 'measure' as const,
        data: months.map((month) => sum(table.filter((row) => row.month === month), key)),
      })),
      columns: [
        { key: 'month', kind: 'month' },
        { key: 'kind', kind: 'document_kind' },
        { key: 'issued', kind: 'count' },
        { key: 'revoked', kind: 'count' },
      ],
      rows: table,
      totals: { issued: sum(table, 'issued'), revoked: sum(table, 'revoked') },
    };
  },
};

export const REPORTS: Readonly<Record<ReportKey, ReportDefinition>> = {
  applications,
  processing_time: processingTime,
  decisions,
  fees,
  officer_workload: officerWorkload,
  overdue_deadlines: overdueDeadlines,
  certificates,
  appeals: appealsReceived,
  appeal_changes: decisionsChangedOnAppeal,
  confirmation_requests: confirmationRequests,
  watch_list_hits: watchListHits,
};

/**
 * Every council, for the reports' council filter (the reader may hold no councils permission), in
 * its three names: active ones first; the screen orders them by the name in the reader's language.
 */
export async function councilOptions(db: Kysely<Database>): Promise<{ id: number; name_en: string; name_sq: string; name_sr: string; active: boolean }[]> {
  return db.selectFrom('councils').select(['id', 'name_en', 'name_sq', 'name_sr', 'active']).orderBy('active', 'desc').orderBy('name_en').orderBy('id').execute();
}
