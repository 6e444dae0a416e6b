import { z } from 'zod';
import { recordId } from './drf';
import { safeText } from './safe-text';
import { checkRefusal, type RefusalCode } from '../refusals';
import { LANGUAGES } from '../constants';

// The structured recognition decision of services 1 and 2 (shared/design/recognition.md): the
// outcome, the comparison of the foreign qualification with a national reference qualification,
// the substantial differences that justify anything short of full recognition, the legal bases
// and the appeal notice. It is prepared with the workflow action prepare_decision (service 1;
// the agency officer then approves it) or taken at once with grant_recognition /
// deny_recognition (service 2); those actions' requests carry `decision` (applications.ts).

export const RECOGNITION_OUTCOMES = ['full', 'partial', 'alternative', 'conditional', 'non_recognition'] as const;
export type RecognitionOutcome = (typeof RECOGNITION_OUTCOMES)[number];
/** Outcomes that need their detail: the purposes or parts, the alternative, the conditions. */
export const DETAILED_OUTCOMES: readonly RecognitionOutcome[] = ['partial', 'alternative', 'conditional'];
/** Every outcome but non-recognition approves the application (decision_outcome "approved"). */
export const isPositiveOutcome = (outcome: RecognitionOutcome): boolean => outcome !== 'non_recognition';

/** The EAR manual's elements of a substantial difference. */
export const DIFFERENCE_ELEMENTS = ['level', 'workload', 'quality', 'profile', 'learning_outcomes'] as const;
export type DifferenceElement = (typeof DIFFERENCE_ELEMENTS)[number];
export const QUALIFICATION_PROFILES = ['academic', 'professional'] as const;
export type QualificationProfile = (typeof QUALIFICATION_PROFILES)[number];
export const DECISION_STATES = ['prepared', 'approved', 'superseded'] as const;
export type DecisionState = (typeof DECISION_STATES)[number];
export const ACCREDITATION_STATES = ['accredited', 'not_accredited', 'expired', 'unknown'] as const;

export const DECISION_LIMITS = { detail: 2000, explanation: 4000, legalBases: 10, precedents: 10 } as const;

/**
 * The rules of a decision's shape, worded as the refusal catalogue's English texts (the server
 * answers them with their codes, a form says them in its reader's language).
 */
export const DECISION_MESSAGES = {
  differenceRequired: 'An outcome short of full recognition needs at least one substantial difference, explained.',
  differenceContradicts: 'A full recognition cannot record a substantial difference: the two contradict each other.',
  differenceElementTwice: 'This element is already listed: explain it once.',
  legalBasisRequired: 'Cite at least one legal basis.',
  detailRequired: 'Say what the outcome covers: the purposes or parts, the alternative qualification or level, or the conditions.',
} as const;

/** The refusal code (shared/refusals.ts) of each rule, as the server answers it. */
export const DECISION_RULE_CODES = {
  differenceRequired: 'decision_difference_required',
  differenceContradicts: 'decision_difference_contradicts',
  differenceElementTwice: 'decision_difference_element_twice',
  legalBasisRequired: 'decision_legal_basis_required',
  detailRequired: 'decision_detail_required',
} as const satisfies Record<keyof typeof DECISION_MESSAGES, RefusalCode>;

export const decisionDifferenceInput = z.object({
  element: z.enum(DIFFERENCE_ELEMENTS),
  explanation: safeText({ max: DECISION_LIMITS.explanation, multiline: true }).min(1, 'This field is required'),
});

/** The decision an officer prepares: what they judge. The comparison's foreign side and the appeal notice are the server's. */
export const recognitionDecisionInput = z
  .object({
    outcome: z.enum(RECOGNITION_OUTCOMES),
    /** Kept only for the outcomes that need it (DETAILED_OUTCOMES). */
    /** Null or absent for the others (a form sends the request as the schema made it: null). */
    outcome_detail: safeText({ max: DECISION_LIMITS.detail, multiline: true }).nullable().optional(),
    /** The foreign qualification's orientation: the application does not say it, the evaluator does. */
    foreign_profile: z.enum(QUALIFICATION_PROFILES),
    national_qualification_id: recordId,
    differences: z.array(decisionDifferenceInput).max(DIFFERENCE_ELEMENTS.length).default([]),
    legal_reason_ids: z
      .array(recordId)
      .max(DECISION_LIMITS.legalBases)
      .default([])
      // A reason cited twice is cited once.
      .transform((ids) => [...new Set(ids)]),
    /** Why the outcome departs from a clear majority of earlier decisions on the programme (domain/decision-consistency.ts). */
    departure_reason: safeText({ max: DECISION_LIMITS.detail, multiline: true }).nullable().optional(),
    /** Earlier approved decisions of other applications the decision cites as precedents. */
    precedent_ids: z
      .array(recordId)
      .max(DECISION_LIMITS.precedents)
      .default([])
      .transform((ids) => [...new Set(ids)]),
  })
  .superRefine(
    (decision, context) => {
      for (const problem of decisionProblems(decision)) context.addIssue({ code: 'custom', path: problem.path, message: DECISION_MESSAGES[problem.rule], params: checkRefusal(DECISION_RULE_CODES[problem.rule]) });
    },
    // Judged even while another field is missing, so a form says every problem in one round
    // (but only of an object: anything else is the schema's own issue).
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  )
  .transform(({ outcome_detail, departure_reason, ...decision }) => ({
    ...decision,
    outcome_detail: DETAILED_OUTCOMES.includes(decision.outcome) ? (outcome_detail ?? null) : null,
    departure_reason: departure_reason?.trim() ? departure_reason : null,
  }));
export type RecognitionDecisionInput = z.input<typeof recognitionDecisionInput>;
export type RecognitionDecisionRequest = z.output<typeof recognitionDecisionInput>;

/** What contradicts itself or is missing in a decision, by field (the builder shows the same). */
export function decisionProblems(decision: {
  outcome: RecognitionOutcome;
  outcome_detail?: string | null;
  differences: readonly { element: DifferenceElement }[];
  legal_reason_ids: readonly number[];
}): { path: (string | number)[]; rule: keyof typeof DECISION_MESSAGES }[] {
  const problems: { path: (string | number)[]; rule: keyof typeof DECISION_MESSAGES }[] = [];
  // Parts of another shape are the schema's own issues; the rules judge what has its shape.
  const differences = Array.isArray(decision.differences) ? decision.differences : [];
  const legalReasonIds = Array.isArray(decision.legal_reason_ids) ? decision.legal_reason_ids : [];
  if (Array.isArray(decision.legal_reason_ids) && legalReasonIds.length === 0) problems.push({ path: ['legal_reason_ids'], rule: 'legalBasisRequired' });
  if (!(RECOGNITION_OUTCOMES as readonly unknown[]).includes(decision.outcome)) return problems;
  if (decision.outcome === 'full' && differences.length > 0) problems.push({ path: ['differences'], rule: 'differenceContradicts' });
  if (decision.outcome !== 'full' && differences.length === 0) problems.push({ path: ['differences'], rule: 'differenceRequired' });
  differences.forEach((difference, index) => {
    if (difference?.element !== undefined && differences.findIndex((other) => other?.element === difference.element) !== index) {
      problems.push({ path: ['differences', index, 'element'], rule: 'differenceElementTwice' });
    }
  });
  if (DETAILED_OUTCOMES.includes(decision.outcome) && !(typeof decision.outcome_detail === 'string' && decision.outcome_detail.trim())) {
    problems.push({ path: ['outcome_detail'], rule: 'detailRequired' });
  }
  return problems;
}

// ---- Answers ----

const personRef = z.object({ id: z.number().int(), full_name: z.string() });

/** The foreign qualification as the decision compares it (from the application's education info and the reference data). */
export const foreignQualification = z.object({
  institution_name: z.string().nullable(),
  /** The institution's status in the reference data; unknown when the institution is not in it. */
  accreditation: z.enum(ACCREDITATION_STATES),
  programme: z.string().nullable(),
  degree_level: z.string().nullable(),
  eqf_level: z.number().int().nullable(),
  nqf_level: z.number().int().nullable(),
  duration: z.string().nullable(),
  ects: z.number().int().nullable(),
});
export type ForeignQualification = z.infer<typeof foreignQualification>;

export const nationalQualificationOption = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  degree_level: z.string(),
  eqf_level: z.number().int(),
  nqf_level: z.number().int(),
  ects_credits: z.number().int().nullable(),
  /** Years, as a decimal text ("3.0"). */
  duration_years: z.string().nullable(),
  profile: z.enum(QUALIFICATION_PROFILES),
});
export type NationalQualificationOption = z.infer<typeof nationalQualificationOption>;

export const decisionDifference = z.object({ element: z.enum(DIFFERENCE_ELEMENTS), explanation: z.string() });
export type Difference = z.infer<typeof decisionDifference>;

export const legalBasis = z.object({
  id: z.number().int(),
  article: z.string(),
  text_en: z.string(),
  text_sq: z.string(),
  text_sr: z.string(),
});
export type LegalBasis = z.infer<typeof legalBasis>;
export const legalReasonOption = legalBasis.extend({ outcomes: z.array(z.enum(RECOGNITION_OUTCOMES)) });
export type LegalReasonOption = z.infer<typeof legalReasonOption>;

export const appealNotice = z.object({
  body_en: z.string(),
  body_sq: z.string(),
  body_sr: z.string(),
  period_days: z.number().int(),
  /** The last day an appeal is received: the decision's day plus the period, moved past closed days of the office. */
  last_day: z.string(),
});
export type AppealNotice = z.infer<typeof appealNotice>;

export const decisionPdf = z.object({
  /** SHA-256 (hex) of the bytes as stored, the download's ETag. */
  sha256: z.string(),
  size: z.number().int(),
  language: z.enum(LANGUAGES),
  rendered_at: z.string(),
});

export const recognitionDecision = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  outcome: z.enum(RECOGNITION_OUTCOMES),
  outcome_detail: z.string().nullable(),
  foreign: foreignQualification.extend({ profile: z.enum(QUALIFICATION_PROFILES) }),
  national: nationalQualificationOption,
  differences: z.array(decisionDifference),
  legal_bases: z.array(legalBasis),
  /** The earlier decisions it cites as precedents, in the order cited. */
  precedent_ids: z.array(z.number().int()),
  appeal: appealNotice,
  /** Why the outcome departs from earlier decisions on the same qualification; null when it does not. */
  departure_reason: z.string().nullable(),
  state: z.enum(DECISION_STATES),
  superseded_by: z.number().int().nullable(),
  prepared_by: personRef.nullable(),
  prepared_at: z.string(),
  approved_by: personRef.nullable(),
  approved_at: z.string().nullable(),
  version: z.number().int(),
  /** The decision PDF stored when it was approved (in the applicant's language); null before approval, or while a demo decision's is not made yet. */
  pdf: decisionPdf.nullable(),
});
export type RecognitionDecision = z.infer<typeof recognitionDecision>;

/** GET /applications/{id}/decision/: the current decision (prepared or approved) and the superseded ones, newest first. */
export const applicationDecisions = z.object({
  current: recognitionDecision.nullable(),
  history: z.array(recognitionDecision),
});
export type ApplicationDecisions = z.infer<typeof applicationDecisions>;

/** GET /applications/{id}/decision/options/: what the builder offers and compares. */
export const decisionOptions = z.object({
  foreign: foreignQualification,
  /** Active national reference qualifications, those of the application's degree level first. */
  national_qualifications: z.array(nationalQualificationOption),
  /** Active legal reasons that apply to the application's service, each with the outcomes it may be cited for. */
  legal_reasons: z.array(legalReasonOption),
  /** The appeal notice a decision taken today would state; null while the service has no appeal period or body. */
  appeal: appealNotice.nullable(),
});
export type DecisionOptions = z.infer<typeof decisionOptions>;

export const DECISION_PATHS = {
  decision: (applicationId: number) => `/applications/${applicationId}/decision/`,
  options: (applicationId: number) => `/applications/${applicationId}/decision/options/`,
  /** The decision PDF as stored at approval (`?disposition=inline` to view it). */
  pdf: (applicationId: number, decisionId: number) => `/applications/${applicationId}/decision/${decisionId}/pdf/`,
} as const;
