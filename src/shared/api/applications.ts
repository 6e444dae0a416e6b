import { z } from 'zod';
import { PAYMENT_METHODS } from './payments';
import { GENDERS } from '../constants';
import { DOCUMENT_TYPES } from '../document-types';
import {
  ACADEMIC_FIELD_CATEGORIES,
  APPLICATION_STATUSES,
  COUNCIL_REVIEW_STATUSES,
  DEGREE_LEVELS,
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  INSTITUTION_TYPES,
  INSTRUCTION_LANGUAGES,
  PRIORITIES,
  STUDY_MODES,
} from '../domain/application-status';
import { ACTION_NAMES, PREVIOUS_STATUS, actionPathSegment, type ActionName } from '../domain/application-workflow';
import { WATCH_CATEGORIES } from './authenticity';
import { applicationDeadline } from './deadlines';
import { paginated, pageQuery, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';
import { localisedName } from './localised-name';
import { applicationFeeSnapshot } from './services';
import { recognitionDecisionInput } from './recognition-decisions';

// The applications calls: list, incomplete list, detail, one endpoint per workflow action.

const serviceType = z.coerce.number().int().min(1, 'Invalid format').max(5, 'Invalid format');
const status = z.enum(APPLICATION_STATUSES);
/** A calendar date that exists (2026-02-30 is refused here, not by the database). */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid format')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Invalid format');
const money = z.string().max(13, 'Invalid format').regex(/^\d+(\.\d{1,2})?$/, 'Invalid format');

/** A query parameter given once as "a,b" or repeated (?x=a&x=b): both read as a list. */
function listParam<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    const values = Array.isArray(value) ? value : [value];
    return values.flatMap((v) => (typeof v === 'string' ? v.split(',') : [v])).filter((v) => v !== '');
  }, z.array(item).min(1));
}
const booleanParam = z.enum(['true', 'false']).transform((v) => v === 'true');

export const APPLICATION_ORDERING_FIELDS = [
  'reference',
  'applicant',
  'service_type',
  'status',
  'institution',
  'submitted_at',
  'assigned_officer',
  'priority',
  'deadline',
] as const;
export type ApplicationOrderingField = (typeof APPLICATION_ORDERING_FIELDS)[number];
const orderings = APPLICATION_ORDERING_FIELDS.flatMap((f) => [f, `-${f}`] as const);

export const applicationListQuery = pageQuery.extend({
  service_type: serviceType.optional(),
  status: listParam(status).optional(),
  /** "me", "unassigned" or a user id. */
  assigned_officer: z.union([z.enum(['me', 'unassigned']), z.coerce.number().pipe(recordId)]).optional(),
  council: z.coerce.number().pipe(recordId).optional(),
  priority: listParam(z.enum(PRIORITIES)).optional(),
  submitted_from: isoDate.optional(),
  submitted_to: isoDate.optional(),
  overdue: booleanParam.optional(),
  /** Archived applications leave the default lists (workflow.md). */
  archived: z.enum(['false', 'true', 'all']).default('false'),
  incomplete: booleanParam.optional(),
  /** true: open cases (any status but the closed ones, workflow.md); false: closed cases. */
  open: booleanParam.optional(),
  /** Matched against reference, applicant name, personal ID and institution. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
  ordering: z.enum(orderings as [string, ...string[]]).default('-submitted_at'),
});
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;
/** The query as the URL carries it (before defaults and coercion). */
export type ApplicationListQueryInput = z.input<typeof applicationListQuery>;

const personRef = z.object({ id: z.number().int(), full_name: z.string() });
export type PersonRef = z.infer<typeof personRef>;
const councilRef = localisedName.extend({ id: z.number().int() });

export const applicationListItem = z.object({
  id: z.number().int(),
  reference: z.string(),
  service_type: z.number().int().min(1).max(5),
  status,
  priority: z.enum(PRIORITIES),
  /** personal_id is absent for a caller who does not receive identities (docs/access.md). */
  applicant: z.object({ id: z.number().int(), full_name: z.string(), personal_id: z.string().nullable().optional() }),
  institution_name: z.string().nullable(),
  institution_country: z.string().nullable(),
  submitted_at: z.string(),
  assigned_officer: personRef.nullable(),
  council: councilRef.nullable(),
  deadline: z.string().nullable(),
  overdue: z.boolean(),
  days_in_system: z.number().int().nonnegative(),
  archived: z.boolean(),
  invalidated: z.boolean(),
  incomplete: z.boolean(),
  version: z.number().int(),
  /** The watch list's category when the application names a watch-listed institution (authenticity.ts). */
  watch_flag: z.enum(WATCH_CATEGORIES).nullable(),
});
export type ApplicationListItem = z.infer<typeof applicationListItem>;
export const applicationListAnswer = paginated(applicationListItem);

/**
 * The applicant as the caller may receive them (docs/access.md, "Fields"): contact details
 * (email, phone, city, address) and identity (personal_id, date_of_birth) are absent, not null,
 * for a group whose work does not need them. Null means the applicant gave none.
 */
export const applicantDetail = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string().optional(),
  phone: z.string().nullable().optional(),
  personal_id: z.string().nullable().optional(),
  date_of_birth: z.string().nullable().optional(),
  gender: z.enum(GENDERS),
  country: z.string().nullable(),
  city: z.string().nullable().optional(),
  address: z.string().nullable().optional(),
});

export const educationInfo = z.object({
  institution_name: z.string(),
  institution_country: z.string().nullable(),
  institution_email: z.string().nullable(),
  institution_website: z.string().nullable(),
  institution_type: z.enum(INSTITUTION_TYPES).nullable(),
  program_name: z.string().nullable(),
  degree_level: z.enum(DEGREE_LEVELS).nullable(),
  /** Free text as the applicant wrote it, e.g. "3 years". */
  duration: z.string().nullable(),
  graduation_date: z.string().nullable(),
  ects_credits: z.number().int().nullable(),
  purpose_details: z.string().nullable(),
  /** The qualification's title as the diploma writes it, in its own language. */
  original_title: z.string().nullable(),
  language_of_instruction: z.enum(INSTRUCTION_LANGUAGES).nullable(),
  study_mode: z.enum(STUDY_MODES).nullable(),
  study_start: z.string().nullable(),
  study_end: z.string().nullable(),
  /** As the diploma states it, e.g. "1–10, pass 6". */
  grading_scale: z.string().nullable(),
  final_grade: z.string().nullable(),
});
export type EducationInfo = z.infer<typeof educationInfo>;

/**
 * Active content a stored PDF carries (found in its bytes on upload): scripts, an action run on
 * opening, a program launch, attached files, embedded media. A system viewer may run them; the
 * in-app viewer (pdf.js, scripting off) does not.
 */
export const ACTIVE_CONTENT_KINDS = ['javascript', 'open_action', 'launch', 'embedded_file', 'rich_media'] as const;
export type ActiveContentKind = (typeof ACTIVE_CONTENT_KINDS)[number];
export const activeContent = z.array(z.enum(ACTIVE_CONTENT_KINDS));

export const applicationDocument = z.object({
  id: z.number().int(),
  file_name: z.string(),
  document_type: z.enum(DOCUMENT_TYPES),
  kind: z.enum(DOCUMENT_KINDS),
  size: z.number().int().nonnegative(),
  uploaded_at: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  review_notes: z.string().nullable(),
  reviewed_by: personRef.nullable(),
  reviewed_at: z.string().nullable(),
  /** Whether the file itself is stored (imported and demo records may carry metadata only). */
  has_file: z.boolean(),
  sha256: z.string().nullable(),
  /** Empty for a clean file (and for records without one). */
  active_content: activeContent,
});
export type ApplicationDocument = z.infer<typeof applicationDocument>;

const statusOrNull = status.nullable();

export const historyEntry = z.object({
  id: z.number().int(),
  action: z.enum(ACTION_NAMES).or(z.literal('submit')),
  from_status: statusOrNull,
  to_status: statusOrNull,
  actor: personRef.nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** The timeline tab: history plus document and payment events, newest first. */
export const timelineEntry = z.object({
  id: z.string(),
  kind: z.enum(['status', 'flag', 'record', 'document', 'payment']),
  at: z.string(),
  action: z.string(),
  from_status: statusOrNull,
  to_status: statusOrNull,
  actor: personRef.nullable(),
  notes: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntry>;

export const allowedMove = z.object({
  action: z.enum(ACTION_NAMES),
  to: status.or(z.literal(PREVIOUS_STATUS)).nullable(),
  notes: z.enum(['required', 'optional']),
});

export const applicationDetail = applicationListItem.extend({
  applicant: applicantDetail,
  service: localisedName.extend({ id: z.number().int(), fee_enabled: z.boolean(), fee_exemption_allowed: z.boolean() }),
  /** Absent for a caller who does not receive the education record (docs/access.md); null when there is none. */
  education: educationInfo.nullable().optional(),
  notes: z.string().nullable(),
  previous_status: statusOrNull,
  assigned_at: z.string().nullable(),
  review_status: z.enum(COUNCIL_REVIEW_STATUSES).nullable(),
  review_due_date: z.string().nullable(),
  council_comments: z.string().nullable(),
  review_notes: z.string().nullable(),
  reviewed_by: personRef.nullable(),
  review_date: z.string().nullable(),
  academic_field_category: z.enum(ACADEMIC_FIELD_CATEGORIES).nullable(),
  decision: z
    .object({ outcome: z.enum(['approved', 'rejected']), comments: z.string().nullable(), decided_by: personRef.nullable(), decided_at: z.string() })
    .nullable(),
  /** The verification PDF of the inspectorate's current request (spec §4: one per request), once uploaded. */
  inspectorate_document_id: z.number().int().nullable(),
  inspectorate: z
    .object({ outcome: z.enum(['verified', 'rejected']), verified_by: personRef.nullable(), verified_at: z.string(), notes: z.string().nullable() })
    .nullable(),
  /** The fee and document requirements the application was quoted with; service edits never change them. */
  fee_snapshot: applicationFeeSnapshot.optional(),
  /** Absent for a caller without payments.view_payment (docs/access.md); null when nothing was paid. */
  payment: z.object({ amount: money, transaction_id: z.string(), paid_at: z.string() }).nullable().optional(),
  documents: z.array(applicationDocument),
  application_notes: z.array(z.object({ id: z.number().int(), author: personRef.nullable(), text: z.string(), created_at: z.string() })),
  history: z.array(historyEntry),
  timeline: z.array(timelineEntry),
  /** What the requesting user may do now (workflow table × permissions × row-level access). */
  allowed_actions: z.array(allowedMove),
  /**
   * The application's deadlines from the deadline configurations, each with how it was
   * computed (start, days, skipped weekends and holidays, pauses while waiting on the applicant).
   * Newest first. Always sent by the server; optional so answers of older servers still parse.
   */
  deadlines: z.array(applicationDeadline).optional(),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

// Action requests. Every action carries the version the client saw (412 when stale).
const notes = safeText({ max: 4000, multiline: true }).optional();
const actionBase = z.object({ version: recordVersion, notes });

export const ACTION_REQUESTS = {
  ...(Object.fromEntries(ACTION_NAMES.map((name) => [name, actionBase])) as Record<ActionName, typeof actionBase>),
  update_status: actionBase.extend({ to: status }),
  move_to_council: actionBase.extend({ council_id: recordId }),
  mark_paid: actionBase.extend({
    amount: money,
    transaction_id: safeText({ max: 100 }).min(1, 'This field is required'),
    /** How it was paid; bank transfer when not said. */
    method: z.enum(PAYMENT_METHODS).optional(),
  }),
  assign_officer: actionBase.extend({ officer_id: recordId.nullable() }),
  approve_document: actionBase.extend({ document_id: recordId }),
  reject_document: actionBase.extend({ document_id: recordId }),
  // `notes` are the council's comments (required); who took part is checked against the
  // council's quorum and declared conflicts of interest (src/server/council-quorum.ts).
  // The structured recognition decision (recognition-decisions.ts): prepared for the agency
  // officer's approval (service 1), or taken at once (service 2).
  prepare_decision: actionBase.extend({ decision: recognitionDecisionInput }),
  grant_recognition: actionBase.extend({ decision: recognitionDecisionInput }),
  deny_recognition: actionBase.extend({ decision: recognitionDecisionInput }),
  record_council_decision: actionBase.extend({
    outcome: z.enum(['approved', 'rejected']),
    participant_ids: z.array(recordId).min(1, 'Choose the members who took part.').max(50),
    meeting_id: recordId.nullable().optional(),
    review_notes: safeText({ max: 4000, multiline: true }).optional(),
  }),
} satisfies Record<ActionName, z.ZodType>;
export type ActionRequest<A extends ActionName> = z.input<(typeof ACTION_REQUESTS)[A]>;

/** Most documents one review request takes (an application rarely holds more than a dozen). */
export const DOCUMENT_REVIEW_MAX = 50;
export const DOCUMENT_REVIEW_DECISIONS = ['approve_document', 'reject_document'] as const;
export type DocumentReviewDecision = (typeof DOCUMENT_REVIEW_DECISIONS)[number];

/**
 * Several documents of one application approved or rejected at once. All or nothing: each
 * document is reviewed by the workflow's approve_document / reject_document (history and audit
 * per document) in one transaction, so a refusal (stale version, closed application, a document
 * not of the application, a rejection without its reason) leaves every document as it was.
 */
export const documentReviewRequest = z.object({
  version: recordVersion,
  decision: z.enum(DOCUMENT_REVIEW_DECISIONS),
  document_ids: z
    .array(recordId)
    .min(1, 'This field is required')
    .max(DOCUMENT_REVIEW_MAX)
    // A document named twice is reviewed once.
    .transform((ids) => [...new Set(ids)]),
  /** The reason: required to reject, as for one document. */
  notes,
});
export type DocumentReviewRequest = z.input<typeof documentReviewRequest>;
export const documentReviewAnswer = z.object({
  /** Each document reviewed, in the order asked, with the status it now has. */
  results: z.array(z.object({ document_id: z.number().int(), file_name: z.string(), status: z.enum(DOCUMENT_STATUSES) })),
  application: applicationDetail,
});
export type DocumentReviewAnswer = z.infer<typeof documentReviewAnswer>;

export const OFFICER_ROLES = ['administrator', 'naric_administrator', 'naric_officer'] as const;
/**
 * A person an application can be assigned to: the name, the user name and role that tell two
 * people of one name apart, and the open (not closed, not archived) applications they hold.
 * The list comes sorted by last and first name in the language of Accept-Language.
 */
export const assignableOfficer = personRef.extend({
  username: z.string(),
  role: z.enum(OFFICER_ROLES),
  open_applications: z.number().int().nonnegative(),
});
export type AssignableOfficer = z.infer<typeof assignableOfficer>;
export const assignableOfficersAnswer = z.array(assignableOfficer);

export const councilSummary = localisedName.extend({
  id: z.number().int(),
  active: z.boolean(),
  academic_field_categories: z.array(z.enum(ACADEMIC_FIELD_CATEGORIES)),
});
export const councilSummariesAnswer = z.array(councilSummary);

/** A filter an officer saved (the list's URL query string), remembered per user on the server. */
export const savedFilter = z.object({ id: z.number().int(), name: z.string(), query: z.string(), created_at: z.string() });
export type SavedFilter = z.infer<typeof savedFilter>;
export const savedFilterCreate = z.object({
  name: safeText({ max: 80 }).min(1, 'This field is required'),
  query: safeText({ max: 2000, trim: false }),
});
export const savedFiltersAnswer = z.array(savedFilter);

export const APPLICATION_PATHS = {
  list: '/applications/',
  incomplete: '/applications/incomplete/',
  detail: (id: number) => `/applications/${id}/`,
  action: (id: number, name: ActionName) => `/applications/${id}/${actionPathSegment(name)}/`,
  assignableOfficers: '/applications/assignable-officers/',
  /** POST: approve or reject several documents of the application at once. */
  documentReview: (id: number) => `/applications/${id}/document-reviews/`,
  councils: '/applications/councils/',
  savedFilters: '/applications/saved-filters/',
  savedFilter: (id: number) => `/applications/saved-filters/${id}/`,
} as const;
