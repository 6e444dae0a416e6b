import { z } from 'zod';
import { isoDate } from './applications';
import { pageQuery, paginated } from './drf';
import { DIFFERENCE_ELEMENTS, DECISION_STATES, RECOGNITION_OUTCOMES, legalBasis } from './recognition-decisions';
import { safeText } from './safe-text';

// Precedents and consistency (shared/design/recognition.md): the earlier decisions on the same or a
// similar qualification (same institution, merged duplicates included; the programme's name
// compared without accents and word order; degree level; country), how consistent an outcome is
// with those on the same programme, the precedents a decision cites and those that cite it, and the
// register of every decision.

const queryFlag = z.enum(['true', 'false']).transform((flag) => flag === 'true');
const outcome = z.enum(RECOGNITION_OUTCOMES);

/** The similar-decisions panel's filters: each "same …" narrows to decisions that share it with the application (all on when absent). */
export const similarDecisionsFilter = z.object({
  same_institution: queryFlag.optional(),
  same_programme: queryFlag.optional(),
  same_level: queryFlag.optional(),
  same_country: queryFlag.optional(),
  outcome: outcome.optional(),
  /** Full text over the reasons: the differences' explanations, the outcome's detail, the departure reason. */
  search: safeText({ max: 200 }).optional(),
});
export type SimilarDecisionsFilter = z.input<typeof similarDecisionsFilter>;
export const similarDecisionsQuery = pageQuery.merge(similarDecisionsFilter);
export type SimilarDecisionsQuery = z.input<typeof similarDecisionsQuery>;
export const SIMILARITY_FLAGS = ['same_institution', 'same_programme', 'same_level', 'same_country'] as const;

/** A decision as a precedent: what it decided and why, on which qualification, and where to read it. */
export const precedent = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  reference: z.string(),
  /** Whether the reader may open the application (its row scope); the precedent itself is readable by every decision reader. */
  may_open: z.boolean(),
  outcome,
  outcome_detail: z.string().nullable(),
  state: z.enum(DECISION_STATES),
  institution_name: z.string().nullable(),
  programme: z.string().nullable(),
  degree_level: z.string().nullable(),
  country: z.string().nullable(),
  differences: z.array(z.object({ element: z.enum(DIFFERENCE_ELEMENTS), explanation: z.string() })),
  legal_bases: z.array(legalBasis),
  /** The day it was approved (prepared, while it waits). */
  decided_at: z.string(),
});
export type Precedent = z.infer<typeof precedent>;

/** A precedent with what it shares with the application the panel is for. */
export const similarDecision = precedent.extend({
  same: z.object({ institution: z.boolean(), programme: z.boolean(), level: z.boolean(), country: z.boolean() }),
});
export type SimilarDecision = z.infer<typeof similarDecision>;
export const similarDecisionList = paginated(similarDecision);

/** GET /applications/{id}/decision/consistency/: the earlier approved decisions on the application's programme, by outcome. */
export const decisionConsistency = z.object({
  /** Earlier decisions on the same programme (same institution, programme and degree level). */
  total: z.number().int(),
  outcomes: z.partialRecord(outcome, z.number().int()),
  /** The outcome of a clear majority (domain/decision-consistency.ts), null when there is none. */
  majority: outcome.nullable(),
});
export type DecisionConsistency = z.infer<typeof decisionConsistency>;

/** GET /decisions/{id}/citations/: the precedents a decision cites and the decisions that cite it. */
export const decisionCitations = z.object({
  cites: z.array(precedent),
  cited_by: z.array(precedent),
});
export type DecisionCitations = z.infer<typeof decisionCitations>;

// ---- The register ----

export const REGISTER_ORDERINGS = ['decided_at', '-decided_at'] as const;

export const decisionRegisterFilter = z.object({
  service_type: z.coerce.number().int().min(1).max(2).optional(),
  outcome: outcome.optional(),
  state: z.enum(DECISION_STATES).optional(),
  decided_from: isoDate.optional(),
  decided_to: isoDate.optional(),
  council: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** Who prepared or approved it. */
  officer: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  country: z.string().regex(/^[A-Z]{2}$/, 'Invalid format').optional(),
  /** An institution of the reference data; the duplicates merged into it count as it. */
  institution: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});
export type DecisionRegisterFilter = z.input<typeof decisionRegisterFilter>;
export const decisionRegisterQuery = pageQuery.merge(decisionRegisterFilter).extend({ ordering: z.enum(REGISTER_ORDERINGS).default('-decided_at') });
export type DecisionRegisterQuery = z.input<typeof decisionRegisterQuery>;

export const registerEntry = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  reference: z.string(),
  may_open: z.boolean(),
  service_type: z.number().int(),
  /** Only for a reader who may see the applicant's identity on that application; absent otherwise. */
  applicant_name: z.string().optional(),
  outcome,
  state: z.enum(DECISION_STATES),
  institution_name: z.string().nullable(),
  programme: z.string().nullable(),
  degree_level: z.string().nullable(),
  country: z.string().nullable(),
  council: z.object({ id: z.number().int(), name_en: z.string(), name_sq: z.string(), name_sr: z.string() }).nullable(),
  prepared_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  decided_at: z.string(),
});
export type RegisterEntry = z.infer<typeof registerEntry>;
export const decisionRegister = paginated(registerEntry);

export const REGISTER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const REGISTER_EXPORT_CAP = 200_000;
export const decisionRegisterExportRequest = z.object({ filter: decisionRegisterFilter.default({}), format: z.enum(REGISTER_EXPORT_FORMATS) });
export type DecisionRegisterExportRequest = z.input<typeof decisionRegisterExportRequest>;
export const REGISTER_EXPORT_COLUMNS = [
  'reference', 'service', 'applicant', 'outcome', 'state', 'institution', 'programme', 'degree_level', 'country', 'council', 'prepared_by', 'approved_by', 'decided_at',
] as const;

export const PRECEDENT_PATHS = {
  similar: (applicationId: number) => `/applications/${applicationId}/decision/similar/`,
  consistency: (applicationId: number) => `/applications/${applicationId}/decision/consistency/`,
  citations: (decisionId: number) => `/decisions/${decisionId}/citations/`,
  register: '/decisions/',
  export: '/decisions/export/',
} as const;
