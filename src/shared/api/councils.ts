import { z } from 'zod';
import { ACADEMIC_FIELD_CATEGORIES, APPLICATION_STATUSES, COUNCIL_REVIEW_STATUSES } from '../domain/application-status';
import { uploadFileName } from './documents';
import { paginated, pageQuery, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';
import { localisedName } from './localised-name';
import { checkRefusal, type CheckRefusal } from '../refusals';

// Councils (spec §2–§4): the list, one council's details (members, meetings, recorded
// decisions, the applications before it), create and edit, and the council's meetings (agenda,
// attendance, status and the minutes PDF).
//
// A council is active or inactive. An inactive council takes no new applications (the workflow's
// assign_council and auto-assign refuse it) and no new meetings (409); its history and the
// reviews already before it stay visible and go on. Reading needs councils.view_council, writing
// councils.change_council; a council's meetings are also managed by its chair. Lists of
// applications (the council's reviews, decisions, a meeting's agenda) follow the caller's row scope.
//
// Messages are written in English (the API's language) and translated by the server on the way
// out (locales/<lang>/server.json, `councils`); COUNCIL_MESSAGES are those English texts.

export const COUNCIL_PATHS = {
  list: '/councils/',
  detail: (id: number) => `/councils/${id}/`,
  memberOptions: '/councils/member-options/',
  meetings: (councilId: number) => `/councils/${councilId}/meetings/`,
  meeting: (id: number) => `/councils/meetings/${id}/`,
  minutes: (id: number) => `/councils/meetings/${id}/minutes/`,
} as const;

export const COUNCIL_MESSAGES = {
  required: 'This field is required',
  nameTaken: 'A council with this name already exists.',
  notCouncilMember: 'Members must be active users of the Council Members group.',
  duplicateMember: 'A member is listed twice.',
  chairNotMember: 'The chair must be one of the members.',
  quorumTooLarge: 'The quorum cannot be larger than the number of members.',
  duplicateField: 'An area of expertise is listed twice.',
  noField: 'Choose at least one area of expertise.',
  inactive: 'This council is inactive: it takes no new meetings.',
  notOnCouncil: 'This application is not before this council.',
  duplicateAgenda: 'An application is listed twice on the agenda.',
  attendeeNotMember: 'Attendance can be recorded only for the council’s members.',
  mayNotManage: 'Only the council’s chair or a council administrator may manage its meetings.',
  stale: 'The council was changed by someone else. Reload it and apply your changes again.',
  staleMeeting: 'The meeting was changed by someone else. Reload it and apply your changes again.',
  noMinutes: 'No minutes have been uploaded for this meeting.',
} as const;

export const COUNCIL_LIMITS = {
  name: TEXT_LIMITS.name,
  description: 4000,
  place: TEXT_LIMITS.name,
  notes: 4000,
  maxMembers: 50,
  maxAgenda: 100,
  /** Rows a council's details list at most (the newest meetings and decisions, the earliest due reviews). */
  detailRows: 100,
} as const;

export const COUNCIL_MEETING_STATUSES = ['scheduled', 'held', 'cancelled'] as const;
export type CouncilMeetingStatus = (typeof COUNCIL_MEETING_STATUSES)[number];

const fieldCategory = z.enum(ACADEMIC_FIELD_CATEGORIES);
const requiredText = (max: number, multiline = false) => safeText({ max, multiline }).min(1, COUNCIL_MESSAGES.required);
const optionalText = (max: number) => safeText({ max, multiline: true }).default('');
/** A date and time as ISO 8601 with its offset ("2026-05-04T10:00:00Z"), within years PostgreSQL and JS agree on. */
const dateTime = safeText({ max: 40 })
  .pipe(z.iso.datetime({ offset: true, message: 'Invalid format' }))
  .refine((text) => {
    const year = new Date(text).getUTCFullYear();
    return year >= 2000 && year <= 2200;
  }, 'Invalid format');

// ---- Answers ----

export const councilListItem = localisedName.extend({
  id: z.number().int(),
  description: z.string(),
  active: z.boolean(),
  academic_field_categories: z.array(fieldCategory),
  quorum: z.number().int(),
  member_count: z.number().int().nonnegative(),
  chair_id: z.number().int().nullable(),
  chair_name: z.string().nullable(),
  /** Applications before this council waiting for or in review (every one, whoever asks). */
  open_review_count: z.number().int().nonnegative(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type CouncilListItem = z.infer<typeof councilListItem>;

export const councilListQuery = pageQuery.extend({
  active: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  /** Councils whose areas of expertise include this academic field category. */
  field: fieldCategory.optional(),
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
});
export const councilListAnswer = paginated(councilListItem);

export const councilMember = z.object({ id: z.number().int(), name: z.string(), is_chair: z.boolean() });
export type CouncilMember = z.infer<typeof councilMember>;

export const councilMeetingSummary = z.object({
  id: z.number().int(),
  scheduled_at: z.string(),
  place: z.string(),
  status: z.enum(COUNCIL_MEETING_STATUSES),
  agenda_count: z.number().int().nonnegative(),
  has_minutes: z.boolean(),
});
export type CouncilMeetingSummary = z.infer<typeof councilMeetingSummary>;

export const councilDecision = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  application_reference: z.string(),
  outcome: z.enum(['approved', 'rejected']),
  comments: z.string(),
  recorded_at: z.string(),
  recorded_by_name: z.string().nullable(),
  meeting_id: z.number().int().nullable(),
  meeting_scheduled_at: z.string().nullable(),
});
export type CouncilDecision = z.infer<typeof councilDecision>;

export const councilApplication = z.object({
  id: z.number().int(),
  reference: z.string(),
  applicant_name: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  review_status: z.enum(COUNCIL_REVIEW_STATUSES).nullable(),
  review_due_date: z.string().nullable(),
  /** The review's due date has passed (the server's today). */
  overdue: z.boolean(),
});
export type CouncilApplication = z.infer<typeof councilApplication>;

export const councilDetail = councilListItem.extend({
  members: z.array(councilMember),
  /** The newest meetings first (upcoming ones included). */
  meetings: z.array(councilMeetingSummary),
  /** Recorded decisions the caller may see, newest first. */
  decisions: z.array(councilDecision),
  /** The council's applications waiting for or in review that the caller may see, earliest due first. */
  applications: z.array(councilApplication),
  applications_count: z.number().int().nonnegative(),
  /** The caller may edit the council (councils.change_council). */
  can_edit: z.boolean(),
  /** The caller may schedule and manage its meetings (councils.change_council or its chair). */
  can_manage_meetings: z.boolean(),
});
export type CouncilDetail = z.infer<typeof councilDetail>;

export const councilMemberOption = z.object({ id: z.number().int(), name: z.string(), username: z.string() });
export type CouncilMemberOption = z.infer<typeof councilMemberOption>;
export const councilMemberOptionsAnswer = z.array(councilMemberOption);

// ---- Writes ----

const councilFields = z.object({
  name_en: requiredText(COUNCIL_LIMITS.name),
  /** Empty: not translated yet (readers of that language see name_en). */
  name_sq: safeText({ max: COUNCIL_LIMITS.name }).default(''),
  name_sr: safeText({ max: COUNCIL_LIMITS.name }).default(''),
  description: optionalText(COUNCIL_LIMITS.description),
  members: z.array(recordId).min(1, COUNCIL_MESSAGES.required).max(COUNCIL_LIMITS.maxMembers),
  chair: recordId,
  academic_field_categories: z.array(fieldCategory).min(1, COUNCIL_MESSAGES.noField).max(ACADEMIC_FIELD_CATEGORIES.length * 2),
  quorum: z.number().int().min(1, 'Enter at least 1.').max(COUNCIL_LIMITS.maxMembers),
  active: z.boolean().default(true),
});

type CouncilFields = z.infer<typeof councilFields>;

/** Problems of a council beyond each field's shape (they compare fields). */
export function councilWriteProblems(body: Pick<CouncilFields, 'members' | 'chair' | 'academic_field_categories' | 'quorum'>): { path: (string | number)[]; message: string; params: CheckRefusal }[] {
  const problems: { path: (string | number)[]; message: string; params: CheckRefusal }[] = [];
  body.members.forEach((member, index) => {
    if (body.members.indexOf(member) !== index) problems.push({ path: ['members', index], message: COUNCIL_MESSAGES.duplicateMember, params: checkRefusal('council_duplicate_member') });
  });
  body.academic_field_categories.forEach((field, index) => {
    if (body.academic_field_categories.indexOf(field) !== index) problems.push({ path: ['academic_field_categories', index], message: COUNCIL_MESSAGES.duplicateField, params: checkRefusal('council_duplicate_field') });
  });
  if (!body.members.includes(body.chair)) problems.push({ path: ['chair'], message: COUNCIL_MESSAGES.chairNotMember, params: checkRefusal('council_chair_not_member') });
  const distinct = new Set(body.members).size;
  if (distinct > 0 && body.quorum > distinct) problems.push({ path: ['quorum'], message: COUNCIL_MESSAGES.quorumTooLarge, params: checkRefusal('council_quorum_too_large') });
  return problems;
}

function withProblems<T extends z.ZodType<CouncilFields>>(schema: T) {
  return schema.superRefine((body, context) => {
    for (const problem of councilWriteProblems(body as CouncilFields)) {
      context.addIssue({ code: 'custom', path: problem.path, message: problem.message, params: problem.params });
    }
  });
}

/** POST /councils/ */
export const councilCreate = withProblems(councilFields);
export type CouncilCreate = z.input<typeof councilCreate>;
/** PATCH /councils/{id}/: every field again, with the version read (412 when someone saved since). */
export const councilUpdate = withProblems(councilFields.extend({ version: recordVersion }));
export type CouncilUpdate = z.input<typeof councilUpdate>;

export const councilParams = z.object({ councilId: z.coerce.number().pipe(recordId) });
export const meetingParams = z.object({ meetingId: z.coerce.number().pipe(recordId) });

// ---- Meetings ----

const agendaInput = z
  .array(recordId)
  .max(COUNCIL_LIMITS.maxAgenda)
  .superRefine((ids, context) => {
    ids.forEach((id, index) => {
      if (ids.indexOf(id) !== index) context.addIssue({ code: 'custom', path: [index], message: COUNCIL_MESSAGES.duplicateAgenda, params: checkRefusal('council_duplicate_agenda') });
    });
  });

/** POST /councils/{id}/meetings/ */
export const meetingCreate = z.object({
  scheduled_at: dateTime,
  place: requiredText(COUNCIL_LIMITS.place),
  agenda: agendaInput.default([]),
  notes: optionalText(COUNCIL_LIMITS.notes),
});
export type MeetingCreate = z.input<typeof meetingCreate>;

export const attendanceInput = z.object({ user_id: recordId, present: z.boolean() });

/** PATCH /councils/meetings/{id}/: the fields sent change; the agenda and attendance given replace the old ones. */
export const meetingUpdate = z.object({
  version: recordVersion,
  scheduled_at: dateTime.optional(),
  place: requiredText(COUNCIL_LIMITS.place).optional(),
  status: z.enum(COUNCIL_MEETING_STATUSES).optional(),
  notes: optionalText(COUNCIL_LIMITS.notes).optional(),
  agenda: agendaInput.optional(),
  attendance: z
    .array(attendanceInput)
    .max(COUNCIL_LIMITS.maxMembers * 2)
    .superRefine((rows, context) => {
      rows.forEach((row, index) => {
        if (rows.findIndex((other) => other.user_id === row.user_id) !== index) context.addIssue({ code: 'custom', path: [index, 'user_id'], message: COUNCIL_MESSAGES.duplicateMember, params: checkRefusal('council_duplicate_member') });
      });
    })
    .optional(),
});
export type MeetingUpdate = z.input<typeof meetingUpdate>;

export const agendaItem = z.object({
  application_id: z.number().int(),
  reference: z.string(),
  applicant_name: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  review_status: z.enum(COUNCIL_REVIEW_STATUSES).nullable(),
});
export type AgendaItem = z.infer<typeof agendaItem>;

export const attendanceRow = z.object({
  user_id: z.number().int(),
  name: z.string(),
  is_chair: z.boolean(),
  /** Still a member of the council (attendance of a former member stays in the record). */
  is_member: z.boolean(),
  /** Null: not recorded yet. */
  present: z.boolean().nullable(),
});
export type AttendanceRow = z.infer<typeof attendanceRow>;

export const meetingMinutes = z.object({
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  uploaded_at: z.string().nullable(),
  uploaded_by_name: z.string().nullable(),
});

export const councilMeeting = z.object({
  id: z.number().int(),
  council_id: z.number().int(),
  council_names: localisedName,
  council_active: z.boolean(),
  scheduled_at: z.string(),
  place: z.string(),
  status: z.enum(COUNCIL_MEETING_STATUSES),
  notes: z.string(),
  version: z.number().int(),
  /** The agenda's applications the caller may see, in agenda order. */
  agenda: z.array(agendaItem),
  attendance: z.array(attendanceRow),
  minutes: meetingMinutes.nullable(),
  /** Decisions taken at this meeting the caller may see. */
  decisions: z.array(councilDecision),
  can_manage: z.boolean(),
});
export type CouncilMeeting = z.infer<typeof councilMeeting>;

/** PUT /councils/meetings/{id}/minutes/?version=&file_name= with the PDF as the body (raw or one multipart `file`). */
export const minutesUploadQuery = z.object({
  version: z.coerce.number().pipe(recordVersion),
  /** Absent: the multipart file's own name, else `minutes.pdf`. */
  file_name: uploadFileName.optional(),
});
export const minutesDownloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });
