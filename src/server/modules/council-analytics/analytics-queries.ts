import { sql, type SelectQueryBuilder } from 'kysely';
import type { AcademicFieldCategory } from '../../../shared/domain/application-status';
import { KOSOVO_TIME_ZONE } from '../../../shared/domain/deadline-dates';
import { monthsOf, type CouncilAnalyticsAnswer } from '../../../shared/api/council-analytics';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';

// The council analytics' aggregations. Each figure is one GROUP BY over `applications` (the
// copy of the council's outcome there keeps decisions in one table): what comes back is a row
// per month, council or field, never per application. The period's bounds are constants (the
// first instant of each month in Kosovo time), so the partial indexes of migration 0011 serve
// the range scans; months are counted in Kosovo time too. The row scope is added only for a
// limited caller: for one who sees everything the condition would only hide the indexes.

export interface AnalyticsPeriod {
  /** YYYY-MM, both included. */
  from: string;
  to: string;
  council: number | null;
  /** Today in Kosovo (YYYY-MM-DD): a review due before it is overdue. */
  today: string;
}

type ApplicationsQuery<O> = SelectQueryBuilder<Database, 'applications', O>;

const zone = sql.lit(KOSOVO_TIME_ZONE);
const monthStart = (month: string) => sql<Date>`(${`${month}-01`}::date::timestamp at time zone ${zone})`;
const nextMonthStart = (month: string) => sql<Date>`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${zone})`;
const monthOf = (column: 'applications.assigned_at' | 'applications.review_date') =>
  sql<string>`to_char(${sql.ref(column)} at time zone ${zone}, 'YYYY-MM')`;
/** Days from assignment to decision, with a fraction. */
const reviewDays = sql<number>`extract(epoch from (applications.review_date - applications.assigned_at)) / 86400.0`;

function scoped<O>(query: ApplicationsQuery<O>, scope: ApplicationScope, council: number | null): ApplicationsQuery<O> {
  return query
    .where('applications.council_id', 'is not', null)
    .$if(council !== null, (qb) => qb.where('applications.council_id', '=', council!))
    .$if(scope.kind !== 'all', (qb) => qb.where(visibleIn(scope)));
}

/** Decided applications: a recorded outcome and its date within the period. */
function decidedIn<O>(query: ApplicationsQuery<O>, period: AnalyticsPeriod): ApplicationsQuery<O> {
  return query
    .where('applications.council_outcome', 'is not', null)
    .where('applications.review_date', '>=', monthStart(period.from))
    .where('applications.review_date', '<', nextMonthStart(period.to));
}

const toNumber = (value: unknown): number => Number(value ?? 0);
const toDays = (value: unknown): number | null => (value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10);

export async function councilAnalytics(db: AppDatabase, scope: ApplicationScope, period: AnalyticsPeriod): Promise<CouncilAnalyticsAnswer> {
  const base = () => scoped(db.selectFrom('applications'), scope, period.council);

  const [allCouncils, assigned, decided, byField, reviewTime, overdue] = await Promise.all([
    db.selectFrom('councils').select(['id', 'name_en', 'name_sq', 'name_sr', 'active']).orderBy('name_en').orderBy('id').execute(),
    base()
      .select([
        'applications.council_id',
        monthOf('applications.assigned_at').as('month'),
        (eb) => eb.fn.countAll<string>().as('n'),
      ])
      .where('applications.assigned_at', '>=', monthStart(period.from))
      .where('applications.assigned_at', '<', nextMonthStart(period.to))
      .groupBy(['applications.council_id', 'month'])
      .execute(),
    decidedIn(base(), period)
      .select([
        'applications.council_id',
        monthOf('applications.review_date').as('month'),
        (eb) => eb.fn.countAll<string>().as('n'),
        sql<string>`count(*) filter (where applications.council_outcome = 'approved')`.as('approved'),
      ])
      .groupBy(['applications.council_id', 'month'])
      .execute(),
    decidedIn(base(), period)
      .select([
        'applications.academic_field_category',
        sql<string>`count(*) filter (where applications.council_outcome = 'approved')`.as('approved'),
        sql<string>`count(*) filter (where applications.council_outcome = 'rejected')`.as('rejected'),
      ])
      .groupBy('applications.academic_field_category')
      .execute(),
    // Per council and overall (the empty grouping set) in one pass; `grouping()` tells them apart.
    decidedIn(base(), period)
      .where('applications.assigned_at', 'is not', null)
      .select([
        'applications.council_id',
        sql<number>`grouping(applications.council_id)`.as('overall'),
        (eb) => eb.fn.countAll<string>().as('n'),
        sql<string>`avg(${reviewDays})`.as('average'),
        sql<string>`percentile_cont(0.9) within group (order by ${reviewDays})`.as('p90'),
      ])
      .groupBy(sql`grouping sets ((applications.council_id), ())`)
      .execute(),
    base()
      .select(['applications.council_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('applications.review_status', 'in', ['pending_review', 'in_review'])
      .where('applications.review_due_date', '<', period.today)
      .groupBy('applications.council_id')
      .execute(),
  ]);

  const councils = period.council === null ? allCouncils : allCouncils.filter((council) => council.id === period.council);
  const months = monthsOf(period.from, period.to);
  const key = (council: number | null, month: string) => `${council}|${month}`;
  const assignedBy = new Map(assigned.map((row) => [key(row.council_id, row.month), toNumber(row.n)]));
  const decidedBy = new Map(decided.map((row) => [key(row.council_id, row.month), toNumber(row.n)]));
  const perCouncil = (rows: { council_id: number | null; n: string }[], council: number) =>
    rows.filter((row) => row.council_id === council).reduce((sum, row) => sum + toNumber(row.n), 0);
  const approvedOf = (council: number) =>
    decided.filter((row) => row.council_id === council).reduce((sum, row) => sum + toNumber(row.approved), 0);
  const timeOf = (council: number) => reviewTime.find((row) => toNumber(row.overall) === 0 && row.council_id === council);
  const overall = reviewTime.find((row) => toNumber(row.overall) === 1);

  return {
    from: period.from,
    to: period.to,
    council: period.council,
    throughput: councils.flatMap((council) =>
      months.map((month) => ({
        month,
        council_id: council.id,
        assigned: assignedBy.get(key(council.id, month)) ?? 0,
        decided: decidedBy.get(key(council.id, month)) ?? 0,
      })),
    ),
    outcomes_by_field: byField
      .map((row) => ({
        academic_field_category: row.academic_field_category as AcademicFieldCategory | null,
        approved: toNumber(row.approved),
        rejected: toNumber(row.rejected),
      }))
      // By field name; applications without a field last.
      .sort((a, b) => {
        if (a.academic_field_category === b.academic_field_category) return 0;
        if (a.academic_field_category === null) return 1;
        if (b.academic_field_category === null) return -1;
        return a.academic_field_category < b.academic_field_category ? -1 : 1;
      }),
    review_time: { decided: toNumber(overall?.n), average_days: toDays(overall?.average), p90_days: toDays(overall?.p90) },
    overdue: overdue.reduce((sum, row) => sum + toNumber(row.n), 0),
    councils: councils.map((council) => {
      const time = timeOf(council.id);
      const decidedCount = perCouncil(decided, council.id);
      const approved = approvedOf(council.id);
      return {
        council_id: council.id,
        name_en: council.name_en,
        name_sq: council.name_sq,
        name_sr: council.name_sr,
        active: council.active,
        assigned: perCouncil(assigned, council.id),
        decided: decidedCount,
        approved,
        rejected: decidedCount - approved,
        average_days: toDays(time?.average),
        p90_days: toDays(time?.p90),
        overdue: perCouncil(overdue, council.id),
      };
    }),
    council_options: allCouncils,
  };
}
