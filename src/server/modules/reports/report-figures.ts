import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { applicationConditions, periodBounds, type ResolvedFilter } from './report-filter';

// The reports' figures read from the prepared per-day tables (migration 0036) instead of the
// applications and their history: a period is a range of days there, a filter a condition on the
// same columns (service_type, status, council_id: the applications' current values), so
// applicationConditions() applies as it is to the alias `a`. They serve a reader who sees every
// application; a reader limited to some applications (application-scope.ts) is answered from the
// rows themselves, since the figures are not kept per reader. Each function returns the rows its
// counterpart over the raw rows returns, with the same types, so report-queries.ts shapes both
// alike and the figures are the same (tests/server/report-figures.test.ts compares them).

export const preparedFor = (scope: ApplicationScope): boolean => scope.kind === 'all';

const inDays = (column: RawBuilder<unknown>, filter: ResolvedFilter) => sql<boolean>`(${column} between ${filter.date_from}::date and ${filter.date_to}::date)`;
const month = (column: RawBuilder<unknown>) => sql<string>`to_char(${column}, 'YYYY-MM')`;

const GROUP_COLUMN = { service: sql`a.service_type::text`, status: sql`a.status`, country: sql`a.country` } as const;

export async function applicationFigures(db: Kysely<Database>, scope: ApplicationScope, filter: ResolvedFilter) {
  const group = GROUP_COLUMN[filter.group_by ?? 'service'];
  const { rows } = await sql<{ month: string; grp: string | null; received: string; decided: string }>`
    select ${month(sql`a.day`)} as month, ${group} as grp, sum(a.received) as received, sum(a.decided) as decided
    from report_application_days a
    where ${inDays(sql`a.day`, filter)} and ${applicationConditions(db, scope, filter)}
    group by 1, 2 having sum(a.received) <> 0 or sum(a.decided) <> 0 order by 1, 2 nulls last`.execute(db);
  return rows;
}

export async function decisionFigures(db: Kysely<Database>, scope: ApplicationScope, filter: ResolvedFilter) {
  const { rows } = await sql<{ month: string; approved: string; rejected: string }>`
    select ${month(sql`a.day`)} as month, sum(a.approved) as approved, sum(a.rejected) as rejected
    from report_application_days a
    where ${inDays(sql`a.day`, filter)} and ${applicationConditions(db, scope, filter)}
    group by 1 having sum(a.approved) <> 0 or sum(a.rejected) <> 0 order by 1`.execute(db);
  return rows;
}

export async function feeFigures(db: Kysely<Database>, scope: ApplicationScope, filter: ResolvedFilter) {
  const { rows } = await sql<{ month: string; payments: string; collected: string; refunds: string; refunded: string }>`
    select ${month(sql`a.day`)} as month, sum(a.payments) as payments, sum(a.collected_cents) as collected, sum(a.refunds) as refunds, sum(a.refunded_cents) as refunded
    from report_fee_days a
    where ${inDays(sql`a.day`, filter)} and ${applicationConditions(db, scope, filter)}
    group by 1 having sum(a.payments) <> 0 or sum(a.refunds) <> 0 order by 1`.execute(db);
  return rows;
}

export async function certificateFigures(db: Kysely<Database>, scope: ApplicationScope, filter: ResolvedFilter) {
  const { rows } = await sql<{ month: string; kind: string; issued: string; revoked: string }>`
    select ${month(sql`a.day`)} as month, a.kind, sum(a.issued) as issued, sum(a.revoked) as revoked
    from report_certificate_days a
    where ${inDays(sql`a.day`, filter)} and ${applicationConditions(db, scope, filter)}
    group by 1, 2 having sum(a.issued) <> 0 or sum(a.revoked) <> 0 order by 1, 2`.execute(db);
  return rows;
}

/** Overdue now by the running deadlines' due days; completed on time or late by the days they were completed. */
export async function deadlineFigures(db: Kysely<Database>, scope: ApplicationScope, filter: ResolvedFilter, today: string) {
  const where = applicationConditions(db, scope, filter);
  // A type appears when any deadline of it is past due and not completed (paused ones too) or was
  // completed in the period, as the query over the deadlines groups them.
  const { rows } = await sql<{ deadline_type: string; overdue: string; average_overdue: string | null; on_time: string; late: string }>`
    select deadline_type, sum(overdue) as overdue, sum(overdue_days)::numeric / nullif(sum(overdue), 0) as average_overdue,
      sum(on_time) as on_time, sum(late) as late
    from (
      select a.deadline_type, a.running as overdue, a.running * (${today}::date - a.due_date) as overdue_days, 0 as on_time, 0 as late, a.running + a.paused as present
        from report_deadline_running a where a.due_date < ${today}::date and ${where}
      union all
      select a.deadline_type, 0, 0, a.on_time, a.late, a.on_time + a.late
        from report_deadline_days a where ${inDays(sql`a.day`, filter)} and ${where}
    ) counted
    group by deadline_type having sum(present) <> 0 order by deadline_type`.execute(db);
  return rows;
}

interface StageFigures {
  stage: string;
  stays: string;
  p50: number | null;
  p90: number | null;
  average: string | null;
}

/**
 * Stays per stage that ended in the period: count, average, and the median and 90th percentile
 * as percentile_cont computes them (the two neighbouring values in length order, interpolated).
 * Without a filter, the counts per length bucket tell which bucket holds the values sought and
 * at what place; only those stays are read, in the order of an index. With a filter, the stays
 * of the period are read and aggregated directly.
 */
export async function stayFigures(db: Kysely<Database>, scope: ApplicationScope, filter: ResolvedFilter): Promise<StageFigures[]> {
  const { start, end } = periodBounds(filter);
  if (filter.service_type !== null || filter.status.length > 0 || filter.council !== null) {
    const { rows } = await sql<{ stage: string; stays: string; p50: number | null; p90: number | null; average: string | null }>`
      select a.stage, count(*) as stays, percentile_cont(0.5) within group (order by a.days) as p50,
        percentile_cont(0.9) within group (order by a.days) as p90, avg(a.days) as average
      from report_stays a
      where a.left_at >= ${start} and a.left_at < ${end} and ${applicationConditions(db, scope, filter)}
      group by a.stage order by a.stage`.execute(db);
    return rows;
  }
  const { rows: buckets } = await sql<{ stage: string; bucket: number; stays: string; total: string; average: string }>`
    select stage, bucket, stays, sum(stays) over stage as total, sum(days_sum) over stage / sum(stays) over stage as average
    from (
      select a.stage, a.bucket, sum(a.stays) as stays, sum(a.days_sum) as days_sum
      from report_stay_days a where ${inDays(sql`a.day`, filter)}
      group by 1, 2 having sum(a.stays) <> 0
    ) counted
    window stage as (partition by stage)
    order by stage, bucket`.execute(db);

  // The 0-based places percentile_cont reads in each stage, and which bucket holds each place.
  const stages = new Map<string, { total: number; average: string; buckets: { bucket: number; first: number; stays: number }[] }>();
  for (const row of buckets) {
    const stage = stages.get(row.stage) ?? { total: Number(row.total), average: row.average, buckets: [] };
    const first = stage.buckets.reduce((count, bucket) => count + bucket.stays, 0);
    stage.buckets.push({ bucket: row.bucket, first, stays: Number(row.stays) });
    stages.set(row.stage, stage);
  }
  const wanted: { stage: string; bucket: number; offset: number; place: number }[] = [];
  const placesOf = (total: number, percentile: number) => {
    const position = percentile * (total - 1);
    return { position, low: Math.floor(position), high: Math.ceil(position) };
  };
  for (const [stage, { total, buckets: list }] of stages) {
    for (const percentile of [0.5, 0.9]) {
      const { low, high } = placesOf(total, percentile);
      for (const place of [low, high]) {
        if (wanted.some((entry) => entry.stage === stage && entry.place === place)) continue;
        const holder = list.find((bucket) => place < bucket.first + bucket.stays)!;
        wanted.push({ stage, bucket: holder.bucket, offset: place - holder.first, place });
      }
    }
  }
  const values = new Map<string, number>();
  if (wanted.length > 0) {
    const { rows: found } = await sql<{ stage: string; place: number; value: number }>`
      select w.stage, w.place, (
        select s.days from report_stays s
        where s.stage = w.stage and s.bucket = w.bucket and s.left_at >= ${start} and s.left_at < ${end}
        order by s.days offset w.place_in_bucket limit 1
      )::float8 as value
      from unnest(${wanted.map((entry) => entry.stage)}::text[], ${wanted.map((entry) => entry.bucket)}::integer[],
        ${wanted.map((entry) => entry.offset)}::integer[], ${wanted.map((entry) => entry.place)}::integer[]) as w (stage, bucket, place_in_bucket, place)`.execute(db);
    for (const row of found) values.set(`${row.stage}|${row.place}`, Number(row.value));
  }
  // percentile_cont's interpolation, in the same double arithmetic.
  const percentileOf = (stage: string, total: number, percentile: number): number => {
    const { position, low, high } = placesOf(total, percentile);
    const first = values.get(`${stage}|${low}`)!;
    const second = values.get(`${stage}|${high}`)!;
    return first + (second - first) * (position - low);
  };
  return [...stages].map(([stage, { total, average }]) => ({
    stage,
    stays: String(total),
    p50: percentileOf(stage, total, 0.5),
    p90: percentileOf(stage, total, 0.9),
    average,
  }));
}
