import type { ActiveContentKind } from '../../../shared/api/applications';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { type meetingCreate, type meetingUpdate } from '../../../shared/api/councils';
import { HTTP_STATUS } from '../../../shared/api/drf';
import { visibleIn, type ApplicationScope } from '../../application-scope';
import type { AppDatabase } from '../../db/database';
import type { Database } from '../../db/schema';
import { ApiError, conflict, fieldErrors, notFound } from '../../errors';
import type { RefusalCode } from '../../../shared/refusals';

// Scheduling a council meeting and changing it (date, place, status, agenda, attendance, the
// minutes' file), each in one transaction. An inactive council takes no new meetings; the ones it
// has stay and may still be completed (attendance, minutes). The agenda holds only applications
// before the meeting's council (that the caller may see); attendance only the council's members.
// A change names the meeting's version (412 when stale).

type Trx = Transaction<Database>;
export type MeetingInput = z.output<typeof meetingCreate>;
export type MeetingChange = z.output<typeof meetingUpdate>;

const stale = () => new ApiError(HTTP_STATUS.preconditionFailed, 'council_stale_meeting');

async function checkAgenda(trx: Trx, scope: ApplicationScope, councilId: number, agenda: readonly number[]): Promise<void> {
  if (agenda.length === 0) return;
  const found = await trx
    .selectFrom('applications')
    .select('applications.id')
    .where('applications.id', 'in', [...agenda])
    .where('applications.council_id', '=', councilId)
    .where(visibleIn(scope))
    .execute();
  const before = new Set(found.map((row) => row.id));
  const problems: Record<string, RefusalCode[]> = {};
  agenda.forEach((id, index) => {
    if (!before.has(id)) problems[`agenda.${index}`] = ['council_not_on_council'];
  });
  if (Object.keys(problems).length > 0) throw fieldErrors(problems);
}

async function writeAgenda(trx: Trx, meetingId: number, agenda: readonly number[]): Promise<void> {
  await trx.deleteFrom('council_meeting_agenda').where('meeting_id', '=', meetingId).execute();
  if (agenda.length === 0) return;
  await trx
    .insertInto('council_meeting_agenda')
    .values(agenda.map((applicationId, position) => ({ meeting_id: meetingId, application_id: applicationId, position })))
    .execute();
}

export async function createMeeting(db: AppDatabase, scope: ApplicationScope, councilId: number, input: MeetingInput, actorId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Locked so the council cannot be made inactive while its meeting is being added.
    const council = await trx.selectFrom('councils').select(['id', 'active']).where('id', '=', councilId).forShare().executeTakeFirst();
    if (!council) throw notFound();
    if (!council.active) throw conflict('council_inactive');
    await checkAgenda(trx, scope, councilId, input.agenda);
    const { id } = await trx
      .insertInto('council_meetings')
      .values({
        council_id: councilId,
        scheduled_at: input.scheduled_at,
        place: input.place,
        notes: input.notes === '' ? null : input.notes,
        created_by_id: actorId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAgenda(trx, id, input.agenda);
    return id;
  });
}

async function lockedMeeting(trx: Trx, meetingId: number, version: number) {
  const meeting = await trx.selectFrom('council_meetings').select(['id', 'council_id', 'version', 'minutes_storage_key']).where('id', '=', meetingId).forUpdate().executeTakeFirst();
  if (!meeting) throw notFound();
  if (meeting.version !== version) throw stale();
  return meeting;
}

export async function updateMeeting(db: AppDatabase, scope: ApplicationScope, meetingId: number, change: MeetingChange): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const meeting = await lockedMeeting(trx, meetingId, change.version);
    if (change.agenda) await checkAgenda(trx, scope, meeting.council_id, change.agenda);
    if (change.attendance && change.attendance.length > 0) {
      const members = await trx.selectFrom('council_members').select('user_id').where('council_id', '=', meeting.council_id).execute();
      const memberIds = new Set(members.map((row) => row.user_id));
      const problems: Record<string, RefusalCode[]> = {};
      change.attendance.forEach((row, index) => {
        if (!memberIds.has(row.user_id)) problems[`attendance.${index}.user_id`] = ['council_attendee_not_member'];
      });
      if (Object.keys(problems).length > 0) throw fieldErrors(problems);
    }
    await trx
      .updateTable('council_meetings')
      .set({
        ...(change.scheduled_at !== undefined ? { scheduled_at: change.scheduled_at } : {}),
        ...(change.place !== undefined ? { place: change.place } : {}),
        ...(change.status !== undefined ? { status: change.status } : {}),
        ...(change.notes !== undefined ? { notes: change.notes === '' ? null : change.notes } : {}),
        version: meeting.version + 1,
      })
      .where('id', '=', meetingId)
      .execute();
    if (change.agenda) await writeAgenda(trx, meetingId, change.agenda);
    if (change.attendance && change.attendance.length > 0) {
      await trx
        .insertInto('council_meeting_attendance')
        .values(change.attendance.map((row) => ({ meeting_id: meetingId, user_id: row.user_id, present: row.present })))
        .onConflict((onConflict) => onConflict.columns(['meeting_id', 'user_id']).doUpdateSet((eb) => ({ present: eb.ref('excluded.present') })))
        .execute();
    }
  });
}

export interface MinutesFile {
  storageKey: string;
  fileName: string;
  size: number;
  sha256: string;
  activeContent: ActiveContentKind[];
}

/** Records the minutes' file; answers the key of the file it replaced (to delete once saved). */
export async function attachMinutes(db: AppDatabase, meetingId: number, version: number, file: MinutesFile, actorId: number): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    const meeting = await lockedMeeting(trx, meetingId, version);
    await trx
      .updateTable('council_meetings')
      .set({
        minutes_storage_key: file.storageKey,
        minutes_file_name: file.fileName,
        minutes_size: file.size,
        minutes_sha256: file.sha256,
        minutes_active_content: file.activeContent,
        minutes_uploaded_by_id: actorId,
        minutes_uploaded_at: new Date(),
        version: meeting.version + 1,
      })
      .where('id', '=', meetingId)
      .execute();
    return meeting.minutes_storage_key;
  });
}
