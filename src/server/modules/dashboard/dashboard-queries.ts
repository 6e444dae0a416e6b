import { sql } from 'kysely';
import type { DashboardAnswer } from '../../../shared/api/dashboard';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../shared/domain/application-status';
import { DAYS_IN_SYSTEM, listItemColumns, listItemOf } from '../../application-list-item';
import { visibleIn, type ApplicantFields, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';

// The dashboard's caseload figures, each one query over what the caller may see. Each figure is
// the total of the application list under its filter in STATISTIC_FILTERS (src/shared/api/
// dashboard.ts), which the screen links to: archived applications count in the totals, by status
// and by service (archived=all); open and overdue are open cases, which are never archived. The
// pending work is the desk's (desk.ts), counted by the lists themselves.

const DAY_SECONDS = 86_400;
const RECENT = 8;

type StageRange = { from: readonly ApplicationStatus[]; stage: keyof DashboardAnswer['average_by_stage'] };
/** Stage = time from entering the first of its statuses to leaving the last (status history). */
const STAGES: readonly StageRange[] = [
  { stage: 'document_verification', from: ['document_verification', 'in_review'] },
  { stage: 'commission_review', from: ['council_assigned', 'council_review'] },
  { stage: 'final_approval', from: ['decision_pending'] },
];

const days = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);

export async function loadDashboard(db: AppDatabase, scope: ApplicationScope, fields: ApplicantFields): Promise<DashboardAnswer> {
  const visible = db.selectFrom('applications').where(visibleIn(scope));
  const [totals, byStatus, byService, processing, stages, recent] = await Promise.all([
    visible
      .select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`count(*) filter (where applications.closed_at is null and not applications.archived)::int`.as('open'),
        sql<number>`count(*) filter (where applications.status in ('approved', 'pre_university_recognition'))::int`.as('approved'),
        sql<number>`count(*) filter (where applications.status in ('rejected', 'pre_university_non_recognition'))::int`.as('rejected'),
        sql<number>`count(*) filter (where applications.deadline < current_date and applications.closed_at is null and not applications.archived)::int`.as('overdue'),
        sql<number>`count(*) filter (where applications.closed_at >= date_trunc('month', now()))::int`.as('completed_this_month'),
      ])
      .executeTakeFirstOrThrow(),
    visible.select(['applications.status', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('applications.status').execute(),
    visible.select(['applications.service_type', (eb) => eb.fn.countAll<number>().as('count')]).groupBy('applications.service_type').orderBy('applications.service_type').execute(),
    visible
      .where('applications.closed_at', '>=', sql<Date>`now() - interval '90 days'`)
      .select([
        sql<string | null>`avg(extract(epoch from applications.closed_at - applications.submitted_at) / ${DAY_SECONDS})`.as('average'),
        sql<string | null>`percentile_cont(0.5) within group (order by extract(epoch from applications.closed_at - applications.submitted_at) / ${DAY_SECONDS})`.as('median'),
        (eb) => eb.fn.countAll<number>().as('count'),
      ])
      .executeTakeFirstOrThrow(),
    Promise.all(STAGES.map((stage) => stageAverage(db, scope, stage))),
    visible
      .leftJoin('councils', 'councils.id', 'applications.council_id')
      .select([
        ...listItemColumns(fields),
        sql<boolean>`applications.deadline < current_date and applications.closed_at is null`.as('overdue'),
        DAYS_IN_SYSTEM.as('days_in_system'),
      ])
      .orderBy('applications.submitted_at', 'desc')
      .orderBy('applications.id', 'desc')
      .limit(RECENT)
      .execute(),
  ]);

  const statusCounts = new Map(byStatus.map((row) => [row.status, row.count]));
  return {
    recent_applications: recent.map((row) => listItemOf(row, fields)),
    statistics: {
      total: totals.total,
      open: totals.open,
      approved: totals.approved,
      rejected: totals.rejected,
      overdue: totals.overdue,
      by_status: APPLICATION_STATUSES.filter((status) => statusCounts.has(status)).map((status) => ({ status, count: statusCounts.get(status)! })),
      by_service: byService.map((row) => ({ service_type: row.service_type, count: row.count })),
    },
    processing_times: { average_days: days(processing.average), median_days: days(processing.median), closed_last_90_days: processing.count },
    completed_this_month: totals.completed_this_month,
    average_by_stage: Object.fromEntries(STAGES.map((stage, index) => [stage.stage, stages[index]!])) as DashboardAnswer['average_by_stage'],
  };
}

/** Average days from entering a stage to leaving it, over stays that ended, from the history. */
async function stageAverage(db: AppDatabase, scope: ApplicationScope, { from }: StageRange): Promise<number | null> {
  const row = await db
    .selectFrom('application_history as entered')
    .innerJoin('applications', 'applications.id', 'entered.application_id')
    .where(visibleIn(scope))
    .where('entered.to_status', 'in', from)
    .where((eb) => eb.or([eb('entered.from_status', 'is', null), eb('entered.from_status', 'not in', from)]))
    .select(
      sql<string | null>`avg(extract(epoch from (
        select min(left_stage.created_at) from application_history left_stage
        where left_stage.application_id = entered.application_id and left_stage.created_at >= entered.created_at
          and left_stage.from_status in (${sql.join(from)}) and left_stage.to_status not in (${sql.join(from)})
      ) - entered.created_at) / ${DAY_SECONDS})`.as('average'),
    )
    .executeTakeFirstOrThrow();
  return days(row.average);
}
