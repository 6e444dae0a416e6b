import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { User } from '../../../shared/api/auth';
import { hasPermission } from '../../../shared/auth/permissions';
import { applicationScope, visibleIn, type ApplicationScope } from '../../application-scope';
import type { Database } from '../../db/schema';

// Who reads a meeting's own material (its notes, attendance and minutes): the members of its
// council, holders of councils.change_council, and callers who may see every application on its
// agenda (an agenda they see only in part, or an empty one, is not theirs to read). Anyone else
// with councils.view_council still reads the council's own fields, but its meetings are not
// there for them: the condition is part of the query, so lists, details and the minutes' file
// all answer as if the meeting did not exist.

export interface MeetingReader {
  userId: number;
  scope: ApplicationScope;
  managesCouncils: boolean;
}

export const meetingReader = (user: User): MeetingReader => ({
  userId: user.id,
  scope: applicationScope(user),
  managesCouncils: hasPermission(user, 'councils.change_council'),
});

/** The WHERE condition over `council_meetings` for the meetings `reader` may read. */
export function readableMeetings(reader: MeetingReader) {
  return (eb: ExpressionBuilder<Database, 'council_meetings'>): Expression<SqlBool> => {
    if (reader.managesCouncils || reader.scope.kind === 'all') return eb.lit(true);
    const agendaRows = () => eb.selectFrom('council_meeting_agenda as g').select('g.application_id').whereRef('g.meeting_id', '=', 'council_meetings.id');
    return eb.or([
      eb.exists(
        eb
          .selectFrom('council_members')
          .select('council_members.user_id')
          .whereRef('council_members.council_id', '=', 'council_meetings.council_id')
          .where('council_members.user_id', '=', reader.userId),
      ),
      eb.and([
        eb.exists(agendaRows()),
        eb.not(
          eb.exists(
            agendaRows()
              .innerJoin('applications', 'applications.id', 'g.application_id')
              .where((inner) => inner.not(visibleIn(reader.scope)(inner as unknown as ExpressionBuilder<Database, 'applications'>))),
          ),
        ),
      ]),
    ]);
  };
}
