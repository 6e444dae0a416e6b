import { sql, type Kysely } from 'kysely';
import type { CouncilApplication, CouncilDecision, CouncilListItem, CouncilMember, CouncilMemberOption, CouncilMeetingSummary } from '../../../shared/api/councils';
import { COUNCIL_LIMITS } from '../../../shared/api/councils';
import { GROUPS } from '../../../shared/auth/permissions';
import type { AcademicFieldCategory } from '../../../shared/domain/application-status';
import { kosovoDate } from '../../../shared/domain/deadline-dates';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { readableMeetings, type MeetingReader } from './meeting-access';
import { displayNameSql } from '../../shared/display-name';
import { foldedWordPatterns } from '../../shared/accent-folding';
import { foldedNamesSql, nameInSql } from '../../shared/localised-names';
import type { Language } from '../../../shared/constants';
import { sortByName } from '../../shared/name-order';

// Reading councils: the list (members, chair and open reviews counted), one council with its
// members, meetings, recorded decisions and the applications before it, and the users who may sit
// on a council. The applications and decisions follow the caller's row scope; the council's own
// fields (name, members, meetings) are read by anyone holding councils.view_council.

type Db = Kysely<Database>;

export interface CouncilFilter {
  /** The reader's language: the list is in the order of the names they read. */
  language: Language;
  active?: boolean;
  field?: AcademicFieldCategory;
  search?: string;
  limit: number;
  offset: number;
}

export const OPEN_REVIEW_STATUSES = ['pending_review', 'in_review'] as const;

const userName = (alias: string) => displayNameSql(alias);

function councilColumns(db: Db) {
  return db.selectFrom('councils').select([
    'councils.id',
    'councils.name_en',
    'councils.name_sq',
    'councils.name_sr',
    sql<string>`coalesce(councils.description, '')`.as('description'),
    'councils.active',
    'councils.academic_field_categories',
    'councils.quorum',
    'councils.version',
    'councils.updated_at',
    sql<number>`(select count(*)::int from council_members m where m.council_id = councils.id)`.as('member_count'),
    sql<number | null>`(select m.user_id from council_members m where m.council_id = councils.id and m.is_chair limit 1)`.as('chair_id'),
    sql<string | null>`(select ${displayNameSql('u')}
      from council_members m join users u on u.id = m.user_id where m.council_id = councils.id and m.is_chair limit 1)`.as('chair_name'),
    sql<number>`(select count(*)::int from applications a
      where a.council_id = councils.id and a.review_status in ('pending_review', 'in_review'))`.as('open_review_count'),
  ]);
}

type CouncilRow = Awaited<ReturnType<ReturnType<typeof councilColumns>['execute']>>[number];

function listItem(row: CouncilRow): CouncilListItem {
  return {
    ...row,
    chair_id: row.chair_id === null ? null : Number(row.chair_id),
    member_count: Number(row.member_count),
    open_review_count: Number(row.open_review_count),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export async function listCouncils(db: Db, filter: CouncilFilter): Promise<{ count: number; rows: CouncilListItem[] }> {
  let query = db.selectFrom('councils');
  if (filter.active !== undefined) query = query.where('councils.active', '=', filter.active);
  if (filter.field) query = query.where(sql<boolean>`${filter.field} = any(councils.academic_field_categories)`);
  const searched = foldedNamesSql('councils');
  for (const pattern of foldedWordPatterns(filter.search)) query = query.where(sql<boolean>`${searched} like ${pattern}`);
  const { count } = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const ids = await query.select('councils.id').orderBy('councils.active', 'desc').orderBy(nameInSql('councils', filter.language)).orderBy('councils.id').limit(filter.limit).offset(filter.offset).execute();
  if (ids.length === 0) return { count: Number(count), rows: [] };
  const rows = await councilColumns(db).where('councils.id', 'in', ids.map((row) => row.id)).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return { count: Number(count), rows: ids.map((row) => listItem(byId.get(row.id)!)) };
}

export async function findCouncil(db: Db, id: number): Promise<CouncilListItem | null> {
  const row = await councilColumns(db).where('councils.id', '=', id).executeTakeFirst();
  return row ? listItem(row) : null;
}

/** The members, the chair first, then by last and first name in the reader's language (name-order.ts). */
export async function councilMembers(db: Db, councilId: number, language: string): Promise<CouncilMember[]> {
  const rows = await db
    .selectFrom('council_members')
    .innerJoin('users as u', 'u.id', 'council_members.user_id')
    .select(['u.id', userName('u').as('name'), 'council_members.is_chair', 'u.first_name', 'u.last_name', 'u.username'])
    .where('council_members.council_id', '=', councilId)
    .orderBy('u.id')
    .execute();
  return sortByName(rows, language, (row) => [row.last_name, row.first_name, row.username])
    .sort((a, b) => Number(b.is_chair) - Number(a.is_chair))
    .map(({ id, name, is_chair }) => ({ id, name, is_chair }));
}

export async function councilMeetings(db: Db, reader: MeetingReader, councilId: number): Promise<CouncilMeetingSummary[]> {
  const rows = await db
    .selectFrom('council_meetings')
    .select([
      'council_meetings.id',
      'council_meetings.scheduled_at',
      'council_meetings.place',
      'council_meetings.status',
      sql<number>`(select count(*)::int from council_meeting_agenda g where g.meeting_id = council_meetings.id)`.as('agenda_count'),
      sql<boolean>`council_meetings.minutes_storage_key is not null`.as('has_minutes'),
    ])
    .where('council_meetings.council_id', '=', councilId)
    .where(readableMeetings(reader))
    .orderBy('council_meetings.scheduled_at', 'desc')
    .orderBy('council_meetings.id', 'desc')
    .limit(COUNCIL_LIMITS.detailRows)
    .execute();
  return rows.map((row) => ({ ...row, scheduled_at: new Date(row.scheduled_at).toISOString(), agenda_count: Number(row.agenda_count), has_minutes: Boolean(row.has_minutes) }));
}

/** Recorded decisions on applications the caller may see: of one council, or taken at one meeting. */
export async function visibleDecisions(db: Db, scope: ApplicationScope, where: { councilId: number } | { meetingId: number }): Promise<CouncilDecision[]> {
  let query = db
    .selectFrom('council_decisions as d')
    .innerJoin('applications', 'applications.id', 'd.application_id')
    .leftJoin('users as r', 'r.id', 'd.recorded_by_id')
    .leftJoin('council_meetings as m', 'm.id', 'd.meeting_id')
    .select([
      'd.id',
      'd.application_id',
      'applications.reference as application_reference',
      'd.outcome',
      'd.comments',
      'd.recorded_at',
      sql<string | null>`case when r.id is null then null else ${userName('r')} end`.as('recorded_by_name'),
      'd.meeting_id',
      'm.scheduled_at as meeting_scheduled_at',
    ])
    .where(visibleIn(scope));
  query = 'councilId' in where ? query.where('d.council_id', '=', where.councilId) : query.where('d.meeting_id', '=', where.meetingId);
  const rows = await query.orderBy('d.recorded_at', 'desc').orderBy('d.id', 'desc').limit(COUNCIL_LIMITS.detailRows).execute();
  return rows.map((row) => ({
    ...row,
    recorded_at: new Date(row.recorded_at).toISOString(),
    meeting_scheduled_at: row.meeting_scheduled_at ? new Date(row.meeting_scheduled_at).toISOString() : null,
  }));
}

/** The council's applications waiting for or in review that the caller may see, earliest due first. */
export async function applicationsUnderReview(db: Db, scope: ApplicationScope, councilId: number, now = new Date()): Promise<{ count: number; rows: CouncilApplication[] }> {
  const query = db
    .selectFrom('applications')
    .where('applications.council_id', '=', councilId)
    .where('applications.review_status', 'in', [...OPEN_REVIEW_STATUSES])
    .where(visibleIn(scope));
  const today = kosovoDate(now);
  const [{ count }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    query
      .select(['applications.id', 'applications.reference', 'applications.applicant_name', 'applications.status', 'applications.review_status', 'applications.review_due_date'])
      .orderBy(sql`applications.review_due_date asc nulls last`)
      .orderBy('applications.id')
      .limit(COUNCIL_LIMITS.detailRows)
      .execute(),
  ]);
  return {
    count: Number(count),
    rows: rows.map((row) => {
      const due = row.review_due_date === null ? null : String(row.review_due_date).slice(0, 10);
      return { ...row, review_due_date: due, overdue: due !== null && due < today };
    }),
  };
}

/** Active users of the Council Members group (who may sit on a council), by name in the reader's language. */
export async function memberOptions(db: Db, language: string): Promise<CouncilMemberOption[]> {
  const rows = await db
    .selectFrom('users as u')
    .select(['u.id', userName('u').as('name'), 'u.username', 'u.first_name', 'u.last_name'])
    .where('u.is_active', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_groups as ug')
          .innerJoin('groups as g', 'g.id', 'ug.group_id')
          .select('ug.user_id')
          .whereRef('ug.user_id', '=', 'u.id')
          .where('g.name', '=', GROUPS.councilMembers),
      ),
    )
    .orderBy('u.id')
    .execute();
  return sortByName(rows, language, (row) => [row.last_name, row.first_name, row.username]).map(({ id, name, username }) => ({ id, name, username }));
}

/** Whether the user chairs the council (who, besides councils.change_council, manages its meetings). */
export async function chairsCouncil(db: Db, councilId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('council_members')
    .select('user_id')
    .where('council_id', '=', councilId)
    .where('user_id', '=', userId)
    .where('is_chair', '=', true)
    .executeTakeFirst();
  return row !== undefined;
}
