import { z } from 'zod';
import { ACADEMIC_FIELD_CATEGORIES, APPLICATION_STATUSES, DOCUMENT_KINDS, DOCUMENT_STATUSES } from '../domain/application-status';
import { DOCUMENT_TYPES } from '../document-types';
import { calendarDate } from './deadlines';
import { uploadFileName } from './documents';
import { paginated, pageQuery, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';
import { localisedName } from './localised-name';
import { qualification } from './qualification';

// Expert commissions and expert reviews. A commission is a group of evaluators with a
// chair and an academic field; an officer (or the application's council) asks one evaluator of a
// commission to review a service-1 application by a due date; the evaluator saves drafts, may
// attach a PDF report, and submits — a submitted review is locked for good.
//
// Messages are written in English (the API's language) and translated by the server on the way
// out (locales/<lang>/server.json, `experts`); EXPERT_MESSAGES are those English texts.

export const EXPERT_PATHS = {
  commissions: '/expert-commissions/',
  commission: (id: number) => `/expert-commissions/${id}/`,
  memberOptions: '/expert-commissions/member-options/',
  applicationReviews: (applicationId: number) => `/applications/${applicationId}/expert-reviews/`,
  requestOptions: (applicationId: number) => `/applications/${applicationId}/expert-reviews/options/`,
  reviews: '/expert-reviews/',
  review: (id: number) => `/expert-reviews/${id}/`,
  submit: (id: number) => `/expert-reviews/${id}/submit/`,
  report: (id: number) => `/expert-reviews/${id}/report/`,
} as const;

export const EXPERT_MESSAGES = {
  required: 'This field is required',
  nameTaken: 'An expert commission with this name already exists.',
  notEvaluator: 'Members must be active evaluators.',
  duplicateMember: 'A member is listed twice.',
  chairNotMember: 'The chair must be one of the members.',
  memberHasOpenReviews: 'A member with open reviews of this commission cannot be removed.',
  commissionInactive: 'Choose an active expert commission.',
  reviewerNotMember: 'The reviewer must be a member of the chosen commission.',
  dueDatePast: 'The due date cannot be in the past.',
  notReviewable: 'Only open applications for the recognition of a foreign diploma can be sent for expert review.',
  alreadyRequested: 'This evaluator already has an open review of this application.',
  mayNotRequest: 'Only officers and the members of the application’s council may request an expert review.',
  notReviewer: 'Only the evaluator the review is assigned to may change it.',
  locked: 'This review has been submitted and is locked.',
  stale: 'The review was changed by someone else. Reload it and apply your changes again.',
  staleCommission: 'The commission was changed by someone else. Reload it and apply your changes again.',
} as const;

export const EXPERT_LIMITS = {
  name: TEXT_LIMITS.name,
  description: 4000,
  assessment: TEXT_LIMITS.notes,
  comments: 4000,
  maxMembers: 50,
} as const;

export const EXPERT_RECOMMENDATIONS = ['recognise', 'recognise_with_conditions', 'do_not_recognise'] as const;
export type ExpertRecommendation = (typeof EXPERT_RECOMMENDATIONS)[number];
export const EXPERT_REVIEW_STATUSES = ['requested', 'submitted'] as const;
export type ExpertReviewStatus = (typeof EXPERT_REVIEW_STATUSES)[number];

const field = z.enum(ACADEMIC_FIELD_CATEGORIES);
const booleanParam = z.enum(['true', 'false']).transform((value) => value === 'true');
const idParam = z.coerce.number().int().positive().max(2_147_483_647);

export const commissionParams = z.object({ commissionId: idParam });
export const reviewParams = z.object({ reviewId: idParam });
export const applicationParams = z.object({ id: idParam });

// ---- Commissions ----

export const commissionListQuery = pageQuery.extend({
  active: booleanParam.optional(),
  field: field.optional(),
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
});
export type CommissionListQueryInput = z.input<typeof commissionListQuery>;

export const commissionListItem = localisedName.extend({
  id: z.number().int(),
  academic_field_category: field.nullable(),
  active: z.boolean(),
  member_count: z.number().int().nonnegative(),
  chair_name: z.string().nullable(),
  /** Reviews of this commission still waiting for their evaluator. */
  open_review_count: z.number().int().nonnegative(),
});
export type CommissionListItem = z.infer<typeof commissionListItem>;
export const commissionListAnswer = paginated(commissionListItem);

export const commissionMember = z.object({
  id: z.number().int(),
  full_name: z.string(),
  username: z.string(),
  is_chair: z.boolean(),
});
export type CommissionMember = z.infer<typeof commissionMember>;

export const commissionReview = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  application_reference: z.string(),
  reviewer_id: z.number().int(),
  reviewer_name: z.string(),
  status: z.enum(EXPERT_REVIEW_STATUSES),
  due_date: z.string(),
  overdue: z.boolean(),
});
export type CommissionReview = z.infer<typeof commissionReview>;

export const commission = localisedName.extend({
  id: z.number().int(),
  description: z.string(),
  academic_field_category: field.nullable(),
  active: z.boolean(),
  members: z.array(commissionMember),
  chair_id: z.number().int().nullable(),
  /** Its reviews of applications the caller may see, newest request first. */
  reviews: z.array(commissionReview),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Commission = z.infer<typeof commission>;

const commissionFields = z.object({
  name_en: safeText({ max: EXPERT_LIMITS.name }).min(1, EXPERT_MESSAGES.required),
  /** Empty: not translated yet (readers of that language see name_en). */
  name_sq: safeText({ max: EXPERT_LIMITS.name }).default(''),
  name_sr: safeText({ max: EXPERT_LIMITS.name }).default(''),
  description: safeText({ max: EXPERT_LIMITS.description, multiline: true }).default(''),
  academic_field_category: field.nullable().default(null),
  member_ids: z.array(recordId).min(1, EXPERT_MESSAGES.required).max(EXPERT_LIMITS.maxMembers),
  chair_id: recordId,
  active: z.boolean().default(true),
});

function checkMembers(body: { member_ids?: readonly number[]; chair_id?: number }, context: z.RefinementCtx): void {
  if (!Array.isArray(body.member_ids)) return;
  body.member_ids.forEach((id, index) => {
    if (body.member_ids!.indexOf(id) !== index) context.addIssue({ code: 'custom', path: ['member_ids', index], message: EXPERT_MESSAGES.duplicateMember });
  });
  if (typeof body.chair_id === 'number' && !body.member_ids.includes(body.chair_id)) {
    context.addIssue({ code: 'custom', path: ['chair_id'], message: EXPERT_MESSAGES.chairNotMember });
  }
}

export const commissionCreate = commissionFields.superRefine(checkMembers);
export type CommissionCreate = z.input<typeof commissionCreate>;
/** A change names the version it read (412 when stale); members and chair are given together. */
export const commissionUpdate = commissionFields
  .partial()
  // Without their default: a change that leaves a translation out keeps it.
  .extend({ version: recordVersion, name_sq: safeText({ max: EXPERT_LIMITS.name }).optional(), name_sr: safeText({ max: EXPERT_LIMITS.name }).optional() })
  .superRefine((body, context) => {
    if ((body.member_ids === undefined) !== (body.chair_id === undefined)) {
      context.addIssue({ code: 'custom', path: [body.member_ids === undefined ? 'member_ids' : 'chair_id'], message: EXPERT_MESSAGES.required });
    }
    checkMembers(body, context);
  });
export type CommissionUpdate = z.input<typeof commissionUpdate>;

export const memberOption = z.object({ id: z.number().int(), full_name: z.string(), username: z.string() });
export type MemberOption = z.infer<typeof memberOption>;
export const memberOptionsAnswer = z.array(memberOption);

// ---- Reviews of one application ----

export const reviewRequest = z.object({
  commission_id: recordId,
  reviewer_id: recordId,
  due_date: calendarDate,
});
export type ReviewRequest = z.infer<typeof reviewRequest>;

export const reportMeta = z.object({ file_name: z.string(), size: z.number().int().nonnegative() });

export const applicationReview = z.object({
  id: z.number().int(),
  commission_id: z.number().int(),
  commission_names: localisedName,
  reviewer_id: z.number().int(),
  reviewer_name: z.string(),
  requested_at: z.string(),
  due_date: z.string(),
  overdue: z.boolean(),
  status: z.enum(EXPERT_REVIEW_STATUSES),
  submitted_at: z.string().nullable(),
  /** The evaluator's texts once submitted; a draft stays the evaluator's own (null until then). */
  assessment: z.string().nullable(),
  recommendation: z.enum(EXPERT_RECOMMENDATIONS).nullable(),
  comments: z.string().nullable(),
  report: reportMeta.nullable(),
});
export type ApplicationReview = z.infer<typeof applicationReview>;
export const applicationReviewsAnswer = z.object({
  /** Whether the caller may request a review of this application (the panel's button). */
  can_request: z.boolean(),
  results: z.array(applicationReview),
});
export type ApplicationReviewsAnswer = z.infer<typeof applicationReviewsAnswer>;

export const requestOption = localisedName.extend({
  id: z.number().int(),
  academic_field_category: field.nullable(),
  members: z.array(memberOption.extend({ is_chair: z.boolean() })),
});
export type RequestOption = z.infer<typeof requestOption>;
export const requestOptionsAnswer = z.array(requestOption);

// ---- My reviews, and one review ----

export const reviewListQuery = pageQuery.extend({ status: z.enum(EXPERT_REVIEW_STATUSES).optional() });
export type ReviewListQueryInput = z.input<typeof reviewListQuery>;

export const reviewListItem = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  application_reference: z.string(),
  applicant_name: z.string(),
  commission_id: z.number().int(),
  commission_names: localisedName,
  reviewer_name: z.string(),
  due_date: z.string(),
  overdue: z.boolean(),
  status: z.enum(EXPERT_REVIEW_STATUSES),
  submitted_at: z.string().nullable(),
});
export type ReviewListItem = z.infer<typeof reviewListItem>;
export const reviewListAnswer = paginated(reviewListItem);


export const reviewedApplication = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  service_type: z.number().int(),
  service_name_en: z.string(),
  service_name_sq: z.string(),
  service_name_sr: z.string(),
  applicant_name: z.string(),
  institution_name: z.string().nullable(),
  institution_country: z.string().nullable(),
  academic_field_category: field.nullable(),
  submitted_at: z.string(),
  /** The qualification under review; present only when the caller receives the education record (docs/access.md, "Fields"). */
  education: qualification.nullable().optional(),
});

export const reviewedDocument = z.object({
  id: z.number().int(),
  file_name: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  kind: z.enum(DOCUMENT_KINDS),
  media_type: z.string(),
  size: z.number().int(),
  status: z.enum(DOCUMENT_STATUSES),
  uploaded_at: z.string(),
  /** False for a document whose file was never stored (metadata only): nothing to preview. */
  has_file: z.boolean(),
});
export type ReviewedDocument = z.infer<typeof reviewedDocument>;

export const expertReview = z.object({
  id: z.number().int(),
  status: z.enum(EXPERT_REVIEW_STATUSES),
  /** A submitted review never changes again. */
  locked: z.boolean(),
  commission_id: z.number().int(),
  commission_names: localisedName,
  reviewer_id: z.number().int(),
  reviewer_name: z.string(),
  requested_by_name: z.string().nullable(),
  requested_at: z.string(),
  due_date: z.string(),
  overdue: z.boolean(),
  submitted_at: z.string().nullable(),
  assessment: z.string(),
  recommendation: z.enum(EXPERT_RECOMMENDATIONS).nullable(),
  comments: z.string(),
  report: reportMeta.nullable(),
  application: reviewedApplication,
  documents: z.array(reviewedDocument),
  version: z.number().int(),
});
export type ExpertReview = z.infer<typeof expertReview>;

const draftFields = {
  assessment: safeText({ max: EXPERT_LIMITS.assessment, multiline: true }),
  recommendation: z.enum(EXPERT_RECOMMENDATIONS).nullable(),
  comments: safeText({ max: EXPERT_LIMITS.comments, multiline: true }),
};

/** Saving a draft: any of the fields, with the version read. */
export const reviewDraft = z.object({
  version: recordVersion,
  assessment: draftFields.assessment.optional(),
  recommendation: draftFields.recommendation.optional(),
  comments: draftFields.comments.optional(),
});
export type ReviewDraft = z.input<typeof reviewDraft>;

/** Submitting: the final texts (assessment and recommendation required), saved and locked at once. */
export const reviewSubmit = z.object({
  version: recordVersion,
  assessment: draftFields.assessment.min(1, EXPERT_MESSAGES.required),
  recommendation: z.enum(EXPERT_RECOMMENDATIONS, { message: EXPERT_MESSAGES.required }),
  comments: draftFields.comments.default(''),
});
export type ReviewSubmit = z.input<typeof reviewSubmit>;

export const reportQuery = z.object({
  version: z.coerce.number().int().nonnegative().max(2_147_483_647),
  file_name: uploadFileName.optional(),
});
export const reportDownloadQuery = z.object({ disposition: z.enum(['attachment', 'inline']).default('attachment') });
