import { sql, type Kysely } from 'kysely';
import type { AgendaItem, AttendanceRow, CouncilMeeting } from '../../../shared/api/councils';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';
import { visibleDecisions } from './council-queries';
import { readableMeetings, type MeetingReader } from './meeting-access';
import { displayNameSql } from '../../shared/display-name';
import { namesFrom } from '../../shared/localised-names';
import { sortByName } from '../../shared/name-order';

// Reading one council meeting: its agenda (the applications the caller may see, in order), the
// attendance of each member (a former member's recorded attendance stays), the minutes' file and
// the decisions taken at it. Only for its readers (meeting-access.ts): anyone else finds nothing.

type Db = Kysely<Database>;

export interface StoredMinutes {
  key: string;
  fileName: string;
  sha256: string | null;
}

export interface FoundMeeting {
  meeting: Omit<CouncilMeeting, 'can_manage'>;
  minutes: StoredMinutes | null;
}

const name = (alias: string) => displayNameSql(alias);

/** The meeting's council and version (for the checks before a write), or null. */
export async function meetingCouncil(db: Db, meetingId: number): Promise<{ council_id: number; version: number } | null> {
  const row = await db.selectFrom('council_meetings').select(['council_id', 'version']).where('id', '=', meetingId).executeTakeFirst();
  return row ?? null;
}

async function agenda(db: Db, scope: ApplicationScope, meetingId: number): Promise<AgendaItem[]> {
  return db
    .selectFrom('council_meeting_agenda as g')
    .innerJoin('applications', 'applications.id', 'g.application_id')
    .select(['applications.id as application_id', 'applications.reference', 'applications.applicant_name', 'applications.status', 'applications.review_status'])
    .where('g.meeting_id', '=', meetingId)
    .where(visibleIn(scope))
    .orderBy('g.position')
    .orderBy('applications.id')
    .execute();
}

/** Members first (the chair first), then former members who attended; each group by name in the reader's language. */
async function attendance(db: Db, meetingId: number, councilId: number, language: string): Promise<AttendanceRow[]> {
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('council_members as m', (join) => join.onRef('m.user_id', '=', 'u.id').on('m.council_id', '=', councilId))
    .leftJoin('council_meeting_attendance as a', (join) => join.onRef('a.user_id', '=', 'u.id').on('a.meeting_id', '=', meetingId))
    .select(['u.id as user_id', name('u').as('name'), sql<boolean>`coalesce(m.is_chair, false)`.as('is_chair'), sql<boolean>`m.user_id is not null`.as('is_member'), 'a.present', 'u.first_name', 'u.last_name', 'u.username'])
    .where((eb) => eb.or([eb('m.user_id', 'is not', null), eb('a.user_id', 'is not', null)]))
    .orderBy('u.id')
    .execute();
  const rank = (row: (typeof rows)[number]) => (row.is_member ? (row.is_chair ? 0 : 1) : 2);
  return sortByName(rows, language, (row) => [row.last_name, row.first_name, row.username])
    .sort((a, b) => rank(a) - rank(b))
    .map(({ user_id, name: fullName, is_chair, is_member, present }) => ({ user_id, name: fullName, is_chair: Boolean(is_chair), is_member: Boolean(is_member), present: present ?? null }));
}

export async function findMeeting(db: Db, reader: MeetingReader, meetingId: number, language: string): Promise<FoundMeeting | null> {
  const { scope } = reader;
  const row = await db
    .selectFrom('council_meetings as cm')
    .innerJoin('councils as c', 'c.id', 'cm.council_id')
    .leftJoin('users as up', 'up.id', 'cm.minutes_uploaded_by_id')
    .select([
      'cm.id',
      'cm.council_id',
      'c.name_en as council_name_en',
      'c.name_sq as council_name_sq',
      'c.name_sr as council_name_sr',
      'c.active as council_active',
      'cm.scheduled_at',
      'cm.place',
      'cm.status',
      sql<string>`coalesce(cm.notes, '')`.as('notes'),
      'cm.version',
      'cm.minutes_storage_key',
      'cm.minutes_file_name',
      'cm.minutes_size',
      'cm.minutes_sha256',
      'cm.minutes_uploaded_at',
      sql<string | null>`case when up.id is null then null else ${name('up')} end`.as('uploaded_by_name'),
    ])
    .where('cm.id', '=', meetingId)
    .where('cm.id', 'in', (eb) => eb.selectFrom('council_meetings').select('council_meetings.id').where(readableMeetings(reader)))
    .executeTakeFirst();
  if (!row) return null;
  const [agendaRows, attendanceRows, decisions] = await Promise.all([
    agenda(db, scope, meetingId),
    attendance(db, meetingId, row.council_id, language),
    visibleDecisions(db, scope, { meetingId }),
  ]);
  const hasMinutes = row.minutes_storage_key !== null;
  return {
    meeting: {
      id: row.id,
      council_id: row.council_id,
      council_names: namesFrom(row, 'council_name'),
      council_active: row.council_active,
      scheduled_at: new Date(row.scheduled_at).toISOString(),
      place: row.place,
      status: row.status,
      notes: row.notes,
      version: row.version,
      agenda: agendaRows,
      attendance: attendanceRows,
      minutes: hasMinutes
        ? {
            file_name: row.minutes_file_name ?? 'minutes.pdf',
            size: Number(row.minutes_size ?? 0),
            uploaded_at: row.minutes_uploaded_at ? new Date(row.minutes_uploaded_at).toISOString() : null,
            uploaded_by_name: row.uploaded_by_name,
          }
        : null,
      decisions,
    },
    minutes: hasMinutes ? { key: row.minutes_storage_key!, fileName: row.minutes_file_name ?? 'minutes.pdf', sha256: row.minutes_sha256 } : null,
  };
}
