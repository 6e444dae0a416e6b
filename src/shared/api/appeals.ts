import { z } from 'zod';
import { calendarDate } from './deadlines';
import { pageQuery, paginated, recordId, recordVersion } from './drf';
import { localisedName } from './localised-name';
import { recognitionDecisionInput, RECOGNITION_OUTCOMES } from './recognition-decisions';
import { safeText } from './safe-text';
import { checkRefusal } from '../refusals';

// An appeal against a recognition decision of services 1 and 2 (shared/design/recognition.md):
// registered by an officer from the applicant's letter (the letter itself is one of the
// application's documents), flagged late when received after the decision's last day of appeal,
// assigned to a council or an officer who did not take the decision, and decided: upheld, the
// decision changed (a new decision through the same builder, the old one superseded) or, only
// for a late appeal, rejected as late. A late appeal goes on to review only with a recorded reason.

export const APPEAL_STATES = ['registered', 'under_review', 'decided'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];
export const APPEAL_OUTCOMES = ['upheld', 'changed', 'rejected_late'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
/** The services whose decisions are appealed here (the recognitions; services 3–5 keep their verdicts). */
export const APPEALABLE_SERVICE_TYPES = [1, 2] as const;

export const APPEAL_LIMITS = { grounds: 8000, reason: 4000 } as const;

const reasonText = safeText({ max: APPEAL_LIMITS.reason, multiline: true }).min(1, 'This field is required');

/** POST /applications/{id}/appeals/: the letter is uploaded first as a document of the application. */
export const appealRegistration = z.object({
  received_on: calendarDate,
  grounds: safeText({ max: APPEAL_LIMITS.grounds, multiline: true }).min(1, 'This field is required'),
  letter_document_id: recordId,
});
export type AppealRegistration = z.input<typeof appealRegistration>;

/**
 * POST /appeals/{id}/assign/: a council or an officer (exactly one). A late appeal not accepted yet
 * carries the reason it is accepted for review; without one it can only be rejected as late.
 */
export const appealAssignment = z
  .object({
    council_id: recordId.nullable().optional(),
    officer_id: recordId.nullable().optional(),
    late_acceptance_reason: reasonText.nullable().optional(),
    version: recordVersion,
  })
  .refine((value) => (value.council_id ?? null) === null !== ((value.officer_id ?? null) === null), {
    path: ['council_id'],
    message: 'Choose a council or an officer.',
    params: checkRefusal('appeal_assignee_required'),
  });
export type AppealAssignmentInput = z.input<typeof appealAssignment>;

/** POST /appeals/{id}/outcome/: `decision` is the new decision when the outcome is `changed`, absent otherwise. */
export const appealOutcomeInput = z
  .object({
    outcome: z.enum(APPEAL_OUTCOMES),
    reason: reasonText,
    decision: recognitionDecisionInput.optional(),
    version: recordVersion,
  })
  .superRefine((value, context) => {
    if (value.outcome === 'changed' && !value.decision) {
      context.addIssue({ code: 'custom', path: ['decision'], message: 'This field is required', params: checkRefusal('appeal_decision_required') });
    }
  })
  .transform(({ decision, ...value }) => (value.outcome === 'changed' ? { ...value, decision } : value));
export type AppealOutcomeInput = z.input<typeof appealOutcomeInput>;
export type AppealOutcomeRequest = z.output<typeof appealOutcomeInput>;

// ---- Answers ----

const personRef = z.object({ id: z.number().int(), full_name: z.string() });
const councilRef = localisedName.extend({ id: z.number().int() });

export const appealSummary = z.object({
  id: z.number().int(),
  application: z.object({ id: z.number().int(), reference: z.string(), service_type: z.number().int(), applicant_name: z.string() }),
  decision_id: z.number().int(),
  decision_outcome: z.enum(RECOGNITION_OUTCOMES),
  received_on: z.string(),
  /** Received after the decision's last day of appeal. */
  late: z.boolean(),
  state: z.enum(APPEAL_STATES),
  outcome: z.enum(APPEAL_OUTCOMES).nullable(),
  council: councilRef.nullable(),
  officer: personRef.nullable(),
  /** From the active `appeal_review` deadline configuration of the service's category; null when none is configured. */
  due_date: z.string().nullable(),
  decided_at: z.string().nullable(),
});
export type AppealSummary = z.infer<typeof appealSummary>;

export const appealDetail = appealSummary.extend({
  grounds: z.string(),
  letter: z.object({ id: z.number().int(), file_name: z.string() }),
  /** The decision's last day of appeal the received date was judged against. */
  appeal_last_day: z.string(),
  late_acceptance_reason: z.string().nullable(),
  outcome_reason: z.string().nullable(),
  decided_by: personRef.nullable(),
  /** The decision that replaced the one appealed against (outcome `changed`). */
  new_decision_id: z.number().int().nullable(),
  registered_by: personRef.nullable(),
  created_at: z.string(),
  /** What the caller may do now: assign (and accept a late appeal), record an outcome (which ones). */
  may_assign: z.boolean(),
  may_decide: z.array(z.enum(APPEAL_OUTCOMES)),
  version: z.number().int(),
});
export type AppealDetail = z.infer<typeof appealDetail>;

export const APPEAL_ORDERINGS = ['received_on', '-received_on', 'due_date', '-due_date', 'id', '-id'] as const;

export const appealListQuery = pageQuery.extend({
  state: z.enum(APPEAL_STATES).optional(),
  late: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  council: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  officer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  service_type: z.coerce.number().int().min(1).max(2).optional(),
  application: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  received_from: calendarDate.optional(),
  received_to: calendarDate.optional(),
  ordering: z.enum(APPEAL_ORDERINGS).default('-received_on'),
});
export type AppealListQueryInput = z.input<typeof appealListQuery>;
export const appealListAnswer = paginated(appealSummary);

/**
 * GET /appeals/assignees/: the active councils and officers appeals go to (the list's filters);
 * GET /appeals/{id}/assignees/: who this appeal may go to, less those who took the decision
 * appealed against (the conflict rule, which assignment enforces too).
 */
export const appealAssignees = z.object({
  councils: z.array(councilRef),
  officers: z.array(personRef),
});
export type AppealAssignees = z.infer<typeof appealAssignees>;

export const APPEAL_PATHS = {
  list: '/appeals/',
  assignees: '/appeals/assignees/',
  assigneesFor: (appealId: number) => `/appeals/${appealId}/assignees/`,
  register: (applicationId: number) => `/applications/${applicationId}/appeals/`,
  detail: (appealId: number) => `/appeals/${appealId}/`,
  assign: (appealId: number) => `/appeals/${appealId}/assign/`,
  outcome: (appealId: number) => `/appeals/${appealId}/outcome/`,
  decisionOptions: (appealId: number) => `/appeals/${appealId}/decision-options/`,
  /** GET: the applicant's letter, streamed to whoever may read the appeal (its assignee included). */
  letter: (appealId: number) => `/appeals/${appealId}/letter/`,
} as const;
