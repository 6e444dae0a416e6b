import type { Kysely } from 'kysely';
import en from '../../locales/en/server.json';
import sq from '../../locales/sq/server.json';
import sr from '../../locales/sr/server.json';
import type { User } from '../shared/api/auth';
import { COUNCIL_REFUSALS, type CouncilRefusal } from '../shared/api/council-review';
import { hasPermission } from '../shared/auth/permissions';
import { DEFAULT_LANGUAGE, type Language } from '../shared/constants';
import { HTTP_STATUS } from '../shared/api/drf';
import { INTL_LOCALE_TAGS } from '../shared/locale-tags';
import type { RefusalCode } from '../shared/refusals';
import type { Database } from './db/schema';
import { ApiError, fieldError } from './errors';
import { displayName } from './shared/display-name';

// The one rule of who may take part in a council's decision on an application, used by
// the workflow (start_council_review, record_council_decision) and by the review screen's answer:
// - the people who may take part are the members of the application's council who declared no
//   conflict of interest on it; a decision needs at least the council's quorum of them;
// - who may start the review or record the decision: such a member, or someone holding
//   applications.change_status (an officer recording on the council's behalf) who declared no
//   conflict themselves.
// Refusals carry a stable `reason` code and its values beside the English detail, so a client
// words them in its reader's language; translateCouncilError does the same for Accept-Language.

type Db = Kysely<Database>;
type Messages = typeof en.councilReview.messages;
type FieldNames = typeof en.councilReview.fields;
const TEXTS: Readonly<Record<Language, { messages: Messages; fields: FieldNames }>> = {
  en: en.councilReview,
  sq: sq.councilReview,
  sr: sr.councilReview,
};

/** Our English texts (what the server throws; translated on the way out). */
export const COUNCIL_TEXTS: Messages = en.councilReview.messages;

const REFUSAL_CODES = {
  conflict_declared: 'council_review_conflict_declared',
  not_council_member: 'council_review_not_council_member',
  conflict_exists: 'council_review_conflict_exists',
  no_council: 'council_review_no_council',
  quorum_not_met: 'council_review_quorum_not_met',
  recorder_not_allowed: 'council_review_recorder_not_allowed',
  no_field: 'council_review_no_field',
  no_active_council: 'council_review_no_active_council',
  review_closed: 'council_review_review_closed',
} as const satisfies Readonly<Record<CouncilRefusal, RefusalCode>>;

const REFUSAL_KEYS: Readonly<Record<CouncilRefusal, keyof Messages>> = {
  conflict_declared: 'conflictDeclared',
  not_council_member: 'notCouncilMember',
  conflict_exists: 'conflictExists',
  no_council: 'noCouncil',
  quorum_not_met: 'quorumNotMet',
  recorder_not_allowed: 'recorderNotAllowed',
  no_field: 'noField',
  no_active_council: 'noActiveCouncil',
  review_closed: 'reviewClosed',
};

type Values = Readonly<Record<string, string | number>>;

function interpolate(language: Language, template: string, values: Values): string {
  return template.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole, name: string, format?: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    if (name === 'field' && typeof value === 'string' && Object.hasOwn(TEXTS[language].fields, value)) return TEXTS[language].fields[value as keyof FieldNames];
    return format === 'number' && typeof value === 'number' ? new Intl.NumberFormat(INTL_LOCALE_TAGS[language]).format(value) : String(value);
  });
}

/** A refusal with its code and values (403 for who may not, 409 for the state of things). */
export function councilRefusal(reason: CouncilRefusal, values: Values = {}): ApiError {
  const forbidden = reason === 'conflict_declared' || reason === 'not_council_member' || reason === 'recorder_not_allowed';
  // `reason` and the values stay beside the code for clients that read them from before codes.
  return new ApiError(forbidden ? HTTP_STATUS.forbidden : HTTP_STATUS.conflict, REFUSAL_CODES[reason], undefined, { params: values, extra: { reason, ...values } });
}

const FIELD_KEYS: ReadonlyMap<string, keyof Messages> = new Map(
  (['participantsRequired', 'participantNotMember', 'participantConflicted', 'meetingNotCouncil', 'reasonRequired'] as const).map((key) => [COUNCIL_TEXTS[key], key]),
);

/** `{"detail", "reason"}` and `{"field": [...]}` bodies with our texts in the language; anything else as it came. */
export function translateCouncilError(language: Language, body: unknown): unknown {
  if (language === DEFAULT_LANGUAGE || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const reason = record.reason;
  if (typeof reason === 'string' && (COUNCIL_REFUSALS as readonly string[]).includes(reason)) {
    const values = Object.fromEntries(Object.entries(record).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
    return { ...record, detail: interpolate(language, TEXTS[language].messages[REFUSAL_KEYS[reason as CouncilRefusal]], values) };
  }
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => {
      if (!Array.isArray(value)) return [key, value];
      return [key, value.map((item) => (typeof item === 'string' && FIELD_KEYS.has(item) ? TEXTS[language].messages[FIELD_KEYS.get(item)!] : item))];
    }),
  );
}

export interface CouncilSeat {
  id: number;
  full_name: string;
  is_chair: boolean;
  /** Declared a conflict of interest on the application. */
  conflict: boolean;
}

/** The council's members, each with whether they declared a conflict on the application; chair first, then by name. */
export async function councilSeats(db: Db, councilId: number, applicationId: number): Promise<CouncilSeat[]> {
  const rows = await db
    .selectFrom('council_members')
    .innerJoin('users', 'users.id', 'council_members.user_id')
    .leftJoin('council_conflicts', (join) =>
      join.onRef('council_conflicts.user_id', '=', 'council_members.user_id').on('council_conflicts.application_id', '=', applicationId),
    )
    .select(['users.id', 'users.first_name', 'users.last_name', 'users.username', 'council_members.is_chair', 'council_conflicts.user_id as conflicted'])
    .where('council_members.council_id', '=', councilId)
    .orderBy('council_members.is_chair', 'desc')
    .orderBy('users.last_name')
    .orderBy('users.first_name')
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    full_name: displayName(row.first_name, row.last_name, row.username),
    is_chair: row.is_chair,
    conflict: row.conflicted !== null,
  }));
}

export interface Participation {
  member: boolean;
  conflict_declared: boolean;
  may_decide: boolean;
  refusal: 'conflict_declared' | 'not_council_member' | 'no_council' | null;
}

/**
 * Whether the user may start the review or record the decision. A conflict declared by the user
 * (as a member) always excludes them, even when they also hold applications.change_status.
 */
export function participationOf(user: User, seats: readonly CouncilSeat[] | null): Participation {
  if (seats === null) return { member: false, conflict_declared: false, may_decide: false, refusal: 'no_council' };
  const seat = seats.find((s) => s.id === user.id);
  if (seat?.conflict) return { member: true, conflict_declared: true, may_decide: false, refusal: 'conflict_declared' };
  if (seat) return { member: true, conflict_declared: false, may_decide: true, refusal: null };
  if (hasPermission(user, 'applications.change_status')) return { member: false, conflict_declared: false, may_decide: true, refusal: null };
  return { member: false, conflict_declared: false, may_decide: false, refusal: 'not_council_member' };
}

/** Throws the refusal when the user may not take the council's step on the application. */
export function assertMayDecide(user: User, seats: readonly CouncilSeat[] | null): void {
  const participation = participationOf(user, seats);
  if (participation.may_decide) return;
  if (participation.refusal === 'conflict_declared') throw councilRefusal('conflict_declared');
  if (participation.refusal === 'no_council') throw councilRefusal('no_council');
  throw councilRefusal('recorder_not_allowed');
}

/**
 * The participants of a decision, checked: each a member without a conflict (400 on the field
 * otherwise), and at least the quorum of them (409). Answers the ids without repeats, in order.
 */
export function checkParticipants(seats: readonly CouncilSeat[], quorum: number, participantIds: readonly number[]): number[] {
  const ids = [...new Set(participantIds)];
  if (ids.length === 0) throw fieldError('participant_ids', 'council_review_participants_required');
  const byId = new Map(seats.map((seat) => [seat.id, seat]));
  if (ids.some((id) => !byId.has(id))) throw fieldError('participant_ids', 'council_review_participant_not_member');
  if (ids.some((id) => byId.get(id)!.conflict)) throw fieldError('participant_ids', 'council_review_participant_conflicted');
  if (ids.length < quorum) throw councilRefusal('quorum_not_met', { quorum, count: ids.length });
  return ids;
}

/** A scheduled or held meeting of the council (400 on meeting_id otherwise). */
export async function checkMeeting(db: Db, councilId: number, meetingId: number): Promise<void> {
  const meeting = await db
    .selectFrom('council_meetings')
    .select('id')
    .where('id', '=', meetingId)
    .where('council_id', '=', councilId)
    .where('status', 'in', ['scheduled', 'held'])
    .executeTakeFirst();
  if (!meeting) throw fieldError('meeting_id', 'council_review_meeting_not_council');
}
