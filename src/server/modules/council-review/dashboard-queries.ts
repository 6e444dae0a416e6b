import { sql } from 'kysely';
import type { User } from '../../../shared/api/auth';
import type { CouncilDashboard } from '../../../shared/api/council-review';
import type { AppDatabase } from '../../db/database';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import { namesFrom } from '../../shared/localised-names';

// The council dashboard (route /councils/dashboard): the caller's councils' applications waiting
// for review, their next meetings and their last decisions. "The caller's councils" are those they
// sit on; a caller who sees every application (officers, administrators) sees every council.

const QUEUE_LIMIT = 200;
const MEETINGS_LIMIT = 3;
const DECISIONS_LIMIT = 10;

export async function loadCouncilDashboard(db: AppDatabase, scope: ApplicationScope, user: User): Promise<CouncilDashboard> {
  const councils = await db
    .selectFrom('councils')
    .select(['councils.id', 'councils.name_en', 'councils.name_sq', 'councils.name_sr', 'councils.quorum'])
    .$if(scope.kind === 'limited', (query) =>
      query.where('councils.id', 'in', (eb) => eb.selectFrom('council_members').select('council_members.council_id').where('council_members.user_id', '=', user.id)),
    )
    .orderBy('councils.active', 'desc')
    .orderBy('councils.name_en')
    .execute();
  const councilIds = councils.map((council) => council.id);
  if (councilIds.length === 0) return { councils: [], queue: [], next_meetings: [], recent_decisions: [] };

  const [queue, meetings, decisions] = await Promise.all([
    db
      .selectFrom('applications')
      .innerJoin('councils', 'councils.id', 'applications.council_id')
      .leftJoin('council_conflicts', (join) =>
        join.onRef('council_conflicts.application_id', '=', 'applications.id').on('council_conflicts.user_id', '=', user.id),
      )
      .select([
        'applications.id',
        'applications.reference',
        'applications.applicant_name',
        'applications.academic_field_category',
        'applications.status',
        'applications.review_status',
        'applications.assigned_at',
        'applications.review_due_date',
        'councils.id as council_id',
        'councils.name_en as council_name_en',
        'councils.name_sq as council_name_sq',
        'councils.name_sr as council_name_sr',
        'council_conflicts.user_id as conflicted',
        sql<boolean>`applications.review_due_date < current_date`.as('overdue'),
      ])
      .where('applications.council_id', 'in', councilIds)
      .where('applications.review_status', 'in', ['pending_review', 'in_review'])
      .where('applications.archived', '=', false)
      .where('applications.invalidated', '=', false)
      .where(visibleIn(scope))
      .orderBy(sql`applications.review_due_date asc nulls last`)
      .orderBy('applications.id')
      .limit(QUEUE_LIMIT)
      .execute(),
    db
      .selectFrom('council_meetings')
      .innerJoin('councils', 'councils.id', 'council_meetings.council_id')
      .select([
        'council_meetings.id',
        'council_meetings.scheduled_at',
        'council_meetings.place',
        'councils.id as council_id',
        'councils.name_en as council_name_en',
        'councils.name_sq as council_name_sq',
        'councils.name_sr as council_name_sr',
        (eb) =>
          eb
            .selectFrom('council_meeting_agenda')
            .select((inner) => inner.fn.countAll<string>().as('n'))
            .whereRef('council_meeting_agenda.meeting_id', '=', 'council_meetings.id')
            .as('agenda_count'),
      ])
      .where('council_meetings.council_id', 'in', councilIds)
      .where('council_meetings.status', '=', 'scheduled')
      .where('council_meetings.scheduled_at', '>=', sql<Date>`now()`)
      .orderBy('council_meetings.scheduled_at')
      .orderBy('council_meetings.id')
      .limit(MEETINGS_LIMIT)
      .execute(),
    db
      .selectFrom('council_decisions')
      .innerJoin('applications', 'applications.id', 'council_decisions.application_id')
      .innerJoin('councils', 'councils.id', 'council_decisions.council_id')
      .select([
        'council_decisions.id',
        'council_decisions.outcome',
        'council_decisions.recorded_at',
        'applications.id as application_id',
        'applications.reference',
        'councils.id as council_id',
        'councils.name_en as council_name_en',
        'councils.name_sq as council_name_sq',
        'councils.name_sr as council_name_sr',
      ])
      .where('council_decisions.council_id', 'in', councilIds)
      .where(visibleIn(scope))
      .orderBy('council_decisions.recorded_at', 'desc')
      .orderBy('council_decisions.id', 'desc')
      .limit(DECISIONS_LIMIT)
      .execute(),
  ]);

  return {
    councils,
    queue: queue.map((row) => ({
      id: row.id,
      reference: row.reference,
      applicant_name: row.applicant_name,
      academic_field_category: row.academic_field_category,
      council: { id: row.council_id, ...namesFrom(row, 'council_name') },
      status: row.status,
      review_status: row.review_status!,
      assigned_at: row.assigned_at?.toISOString() ?? null,
      review_due_date: row.review_due_date,
      overdue: Boolean(row.overdue),
      conflict_declared: row.conflicted !== null,
    })),
    next_meetings: meetings.map((row) => ({
      id: row.id,
      council: { id: row.council_id, ...namesFrom(row, 'council_name') },
      scheduled_at: row.scheduled_at.toISOString(),
      place: row.place,
      agenda_count: Number(row.agenda_count ?? 0),
    })),
    recent_decisions: decisions.map((row) => ({
      id: row.id,
      application_id: row.application_id,
      reference: row.reference,
      council: { id: row.council_id, ...namesFrom(row, 'council_name') },
      outcome: row.outcome,
      recorded_at: row.recorded_at.toISOString(),
    })),
  };
}
