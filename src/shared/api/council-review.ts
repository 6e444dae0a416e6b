import { z } from 'zod';
import {
  ACADEMIC_FIELD_CATEGORIES,
  APPLICATION_STATUSES,
  COUNCIL_REVIEW_STATUSES,
} from '../domain/application-status';
import { allowedMove, applicationDocument } from './applications';
import { missingDocuments, qualification } from './qualification';
import { safeText } from './safe-text';
import { localisedName } from './localised-name';

// The council's own calls: the dashboard a council member lands on, everything the
// review screen of one application needs, and declaring a conflict of interest. The decision itself
// is the applications workflow action record_council_decision (its request schema lives with the
// other actions in applications.ts); the rule of who may take part is src/server/council-quorum.ts.

/**
 * Why the server refused a council step: a stable code beside the English `detail`, so a client
 * shows the refusal in its reader's language (the values come with it: `quorum`, `count`, `field`).
 */
export const COUNCIL_REFUSALS = [
  'conflict_declared',
  'not_council_member',
  'conflict_exists',
  'no_council',
  'quorum_not_met',
  'recorder_not_allowed',
  'no_field',
  'no_active_council',
  'review_closed',
] as const;
export type CouncilRefusal = (typeof COUNCIL_REFUSALS)[number];

/** The field messages of a refused decision (400, `{"participant_ids": [...]}`, `{"meeting_id": [...]}`). */
export const COUNCIL_FIELD_MESSAGES = {
  participantsRequired: 'Choose the members who took part.',
  participantNotMember: "Everyone who took part must be a member of the application's council.",
  participantConflicted: 'A member who declared a conflict of interest on this application cannot take part.',
  meetingNotCouncil: "Choose a meeting of the application's council.",
  reasonRequired: 'Give the reason for the conflict of interest.',
} as const;

const personRef = z.object({ id: z.number().int(), full_name: z.string() });
const status = z.enum(APPLICATION_STATUSES);
const reviewStatus = z.enum(COUNCIL_REVIEW_STATUSES);
const outcome = z.enum(['approved', 'rejected']);
const field = z.enum(ACADEMIC_FIELD_CATEGORIES);

export const queueItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  applicant_name: z.string(),
  academic_field_category: field.nullable(),
  council: localisedName.extend({ id: z.number().int() }),
  status,
  review_status: reviewStatus,
  assigned_at: z.string().nullable(),
  review_due_date: z.string().nullable(),
  overdue: z.boolean(),
  /** The caller declared a conflict of interest on it (they take no part in its review). */
  conflict_declared: z.boolean(),
});
export type QueueItem = z.infer<typeof queueItem>;

export const upcomingMeeting = z.object({
  id: z.number().int(),
  council: localisedName.extend({ id: z.number().int() }),
  scheduled_at: z.string(),
  place: z.string(),
  agenda_count: z.number().int().nonnegative(),
});
export type UpcomingMeeting = z.infer<typeof upcomingMeeting>;

export const recentDecision = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  reference: z.string(),
  council: localisedName.extend({ id: z.number().int() }),
  outcome,
  recorded_at: z.string(),
});
export type RecentDecision = z.infer<typeof recentDecision>;

export const councilDashboard = z.object({
  /** The caller's councils (every council for a caller who sees every application). */
  councils: z.array(localisedName.extend({ id: z.number().int(), quorum: z.number().int() })),
  queue: z.array(queueItem),
  next_meetings: z.array(upcomingMeeting),
  recent_decisions: z.array(recentDecision),
});
export type CouncilDashboard = z.infer<typeof councilDashboard>;

export const reviewMember = personRef.extend({ is_chair: z.boolean(), conflict: z.boolean() });
export type ReviewMember = z.infer<typeof reviewMember>;

export const declaredConflict = z.object({ member: personRef, reason: z.string(), declared_at: z.string() });
export type DeclaredConflict = z.infer<typeof declaredConflict>;

export const expertReviewSummary = z.object({
  id: z.number().int(),
  commission: localisedName,
  reviewer: z.string(),
  status: z.enum(['requested', 'submitted']),
  due_date: z.string(),
  recommendation: z.enum(['recognise', 'recognise_with_conditions', 'do_not_recognise']).nullable(),
  assessment: z.string().nullable(),
  comments: z.string().nullable(),
  submitted_at: z.string().nullable(),
  report_present: z.boolean(),
});
export type ExpertReviewSummary = z.infer<typeof expertReviewSummary>;

export const recordedDecision = z.object({
  id: z.number().int(),
  outcome,
  comments: z.string(),
  review_notes: z.string().nullable(),
  participants: z.array(personRef),
  meeting: z.object({ id: z.number().int(), scheduled_at: z.string(), place: z.string() }).nullable(),
  recorded_by: personRef.nullable(),
  recorded_at: z.string(),
});
export type RecordedDecision = z.infer<typeof recordedDecision>;

export const meetingChoice = z.object({
  id: z.number().int(),
  scheduled_at: z.string(),
  place: z.string(),
  status: z.enum(['scheduled', 'held']),
});

/** Why the caller may not take part in the decision (null when they may). */
export const PARTICIPATION_REFUSALS = ['conflict_declared', 'not_council_member', 'no_council'] as const;

export const councilApplicationReview = z.object({
  application: z.object({
    id: z.number().int(),
    reference: z.string(),
    service: localisedName.extend({ id: z.number().int() }),
    status,
    review_status: reviewStatus.nullable(),
    review_due_date: z.string().nullable(),
    overdue: z.boolean(),
    applicant_name: z.string(),
    institution_name: z.string().nullable(),
    institution_country: z.string().nullable(),
    program_name: z.string().nullable(),
    academic_field_category: field.nullable(),
    council_outcome: outcome.nullable(),
    council_comments: z.string().nullable(),
    review_notes: z.string().nullable(),
    version: z.number().int(),
    /** The council's workflow actions open to the caller now (start_council_review, record_council_decision). */
    allowed_actions: z.array(allowedMove),
  }),
  /** What the council judges: the education record with the reference data's word on it (null when none was recorded). */
  qualification: qualification.nullable(),
  documents: z.array(applicationDocument),
  /** Documents the service requires that the file lacks: the decision is refused until none is. */
  missing_documents: missingDocuments,
  council: z
    .object({ id: z.number().int(), ...localisedName.shape, active: z.boolean(), quorum: z.number().int(), members: z.array(reviewMember) })
    .nullable(),
  conflicts: z.array(declaredConflict),
  expert_reviews: z.array(expertReviewSummary),
  decisions: z.array(recordedDecision),
  meetings: z.array(meetingChoice),
  participation: z.object({
    /** The caller is a member of the application's council. */
    member: z.boolean(),
    /** The caller declared a conflict of interest on this application. */
    conflict_declared: z.boolean(),
    /** The caller may start the review or record the decision (a non-conflicted member, or an officer). */
    may_decide: z.boolean(),
    refusal: z.enum(PARTICIPATION_REFUSALS).nullable(),
  }),
});
export type CouncilApplicationReview = z.infer<typeof councilApplicationReview>;

export const conflictDeclaration = z.object({
  reason: safeText({ max: 2000, multiline: true }).min(1, COUNCIL_FIELD_MESSAGES.reasonRequired),
});
export type ConflictDeclaration = z.input<typeof conflictDeclaration>;

export const COUNCIL_REVIEW_PATHS = {
  dashboard: '/councils/dashboard/',
  review: (id: number) => `/councils/applications/${id}/review/`,
  conflicts: (id: number) => `/councils/applications/${id}/conflicts/`,
} as const;
