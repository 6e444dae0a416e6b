import { z } from 'zod';
import { paginated, pageQuery, recordId, recordVersion } from './drf';
import { QUALIFICATION_LEVEL } from './reference-data';
import { safeText, TEXT_LIMITS } from './safe-text';

// What a structured recognition decision is built from, kept by administrators in the reference
// data (shared/design/recognition.md): the library of legal reasons a decision cites as its legal
// basis, and the national reference qualifications a foreign qualification is compared with.
//
// Access: every role that prepares or reviews recognition decisions reads (officers, agency
// officers, council members, evaluators, administrators: `mayReadDecisionReferences`); only an
// administrator writes, as for the rest of the reference data. Every change writes an audit entry
// (entity 'legal_reason' or 'national_qualification') in the same transaction.
//
// A record a decision cites is deactivated, never deleted: the decision tables reference these
// rows with restricting foreign keys, so DELETE of a cited one answers 409 `legal_reason_in_use` /
// `national_qualification_in_use` and removes nothing. Writes carry the `version` the client read;
// a stale one answers 412 `reference_stale`.

export const DECISION_REFERENCE_PATHS = {
  /** GET: the legal reasons (filters, search, pages); POST: add one (admin). */
  legalReasons: '/reference-data/legal-reasons/',
  /** GET one; PATCH (admin, with the version read); DELETE (admin, 409 when a decision cites it). */
  legalReason: (id: number) => `/reference-data/legal-reasons/${id}/`,
  /** GET: the national reference qualifications (filters, search, pages); POST: add one (admin). */
  nationalQualifications: '/reference-data/national-qualifications/',
  /** GET one; PATCH (admin, with the version read); DELETE (admin, 409 when a decision cites it). */
  nationalQualification: (id: number) => `/reference-data/national-qualifications/${id}/`,
} as const;

/** The outcomes of a recognition decision (full … non-recognition), in the order screens offer them. */
export const RECOGNITION_OUTCOMES = ['full', 'partial', 'alternative', 'conditional', 'non_recognition'] as const;
export type RecognitionOutcome = (typeof RECOGNITION_OUTCOMES)[number];

/** The recognition services: 1 higher education, 2 pre-university (services 3–5 keep their verdicts). */
export const RECOGNITION_SERVICES = [1, 2] as const;
export type RecognitionService = (typeof RECOGNITION_SERVICES)[number];

export const QUALIFICATION_PROFILES = ['academic', 'professional'] as const;
export type QualificationProfile = (typeof QUALIFICATION_PROFILES)[number];

export const DECISION_REFERENCE_LIMITS = {
  /** "Lisbon Recognition Convention, Article VI.3": a citation, not a text. */
  article: 200,
  /** A legal reason's text in one language: a paragraph or two of a law. */
  text: 2000,
  name: TEXT_LIMITS.name,
  /** ECTS of the longest programmes (integrated medicine: 360) with room to spare. */
  ects: 600,
  /** Years, in steps of half a year. */
  duration: { max: 12, step: 0.5 },
} as const;

/** "true"/"false" in a query string (z.coerce.boolean would take "false" as true). */
const queryFlag = z.enum(['true', 'false']).transform((flag) => flag === 'true');
const searchText = safeText({ max: TEXT_LIMITS.search });
const required = 'This field is required';
const level = z.number().int().min(QUALIFICATION_LEVEL.min).max(QUALIFICATION_LEVEL.max);
const orderingsOf = <const T extends readonly string[]>(fields: T) => [...fields, ...fields.map((field) => `-${field}` as `-${T[number]}`)] as const;

// ---- legal reasons ----

export const legalReason = z.object({
  id: z.number().int(),
  /** The provision cited, e.g. "LRC Art. VI.3". */
  article: z.string(),
  text_en: z.string(),
  text_sq: z.string(),
  text_sr: z.string(),
  /** Recognition services it may be cited for. */
  services: z.array(z.number().int()),
  /** Outcomes it may be cited for. */
  outcomes: z.array(z.enum(RECOGNITION_OUTCOMES)),
  /** Offered to new decisions (an inactive reason stays on the decisions that cite it). */
  active: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LegalReason = z.infer<typeof legalReason>;

export const LEGAL_REASON_ORDERINGS = orderingsOf(['article', 'updated_at'] as const);
export const legalReasonQuery = pageQuery.extend({
  /** Reasons that may be cited for this service. */
  service: z.enum(['1', '2']).transform(Number).optional(),
  /** Reasons that may be cited for this outcome. */
  outcome: z.enum(RECOGNITION_OUTCOMES).optional(),
  active: queryFlag.optional(),
  /** The article and the three texts, accent-insensitive. */
  search: searchText.optional(),
  ordering: z.enum(LEGAL_REASON_ORDERINGS).default('article'),
});
export type LegalReasonQuery = z.input<typeof legalReasonQuery>;
export const legalReasonListAnswer = paginated(legalReason);

const article = safeText({ max: DECISION_REFERENCE_LIMITS.article }).min(1, required);
const reasonText = safeText({ max: DECISION_REFERENCE_LIMITS.text, multiline: true }).min(1, required);
// Sorted and without repeats, so the same choice is stored (and compared) the same way.
const serviceSet = z
  .array(z.union(RECOGNITION_SERVICES.map((service) => z.literal(service)) as [z.ZodLiteral<1>, z.ZodLiteral<2>]))
  .min(1, required)
  .max(RECOGNITION_SERVICES.length * 2)
  .transform((services) => [...new Set(services)].sort((a, b) => a - b));
const outcomeSet = z
  .array(z.enum(RECOGNITION_OUTCOMES))
  .min(1, required)
  .max(RECOGNITION_OUTCOMES.length * 2)
  .transform((outcomes) => RECOGNITION_OUTCOMES.filter((outcome) => outcomes.includes(outcome)));

export const legalReasonInput = z.object({
  article,
  text_en: reasonText,
  text_sq: reasonText,
  text_sr: reasonText,
  services: serviceSet,
  outcomes: outcomeSet,
  active: z.boolean().default(true),
});
export type LegalReasonInput = z.input<typeof legalReasonInput>;

/** The fields to change, with the version read (`{active: false, version}` deactivates). */
export const legalReasonUpdate = z.object({
  version: recordVersion,
  article: article.optional(),
  text_en: reasonText.optional(),
  text_sq: reasonText.optional(),
  text_sr: reasonText.optional(),
  services: serviceSet.optional(),
  outcomes: outcomeSet.optional(),
  active: z.boolean().optional(),
});
export type LegalReasonUpdate = z.input<typeof legalReasonUpdate>;

// ---- national reference qualifications ----

export const nationalQualification = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  /** A code of the degree_levels reference list. */
  degree_level: z.string(),
  eqf_level: z.number().int(),
  nqf_level: z.number().int(),
  ects_credits: z.number().int().nullable(),
  /** Years (0.5 steps). */
  duration_years: z.number().nullable(),
  profile: z.enum(QUALIFICATION_PROFILES),
  active: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NationalQualification = z.infer<typeof nationalQualification>;

export const NATIONAL_QUALIFICATION_ORDERINGS = orderingsOf(['name', 'eqf_level', 'ects_credits', 'updated_at'] as const);
export const nationalQualificationQuery = pageQuery.extend({
  degree_level: safeText({ max: TEXT_LIMITS.code }).optional(),
  profile: z.enum(QUALIFICATION_PROFILES).optional(),
  eqf_level: z.coerce.number().pipe(level).optional(),
  active: queryFlag.optional(),
  /** The three names, accent-insensitive. */
  search: searchText.optional(),
  /** `name` orders by the name in the request's language (Accept-Language). */
  ordering: z.enum(NATIONAL_QUALIFICATION_ORDERINGS).default('eqf_level'),
});
export type NationalQualificationQuery = z.input<typeof nationalQualificationQuery>;
export const nationalQualificationListAnswer = paginated(nationalQualification);

const qualificationName = safeText({ max: DECISION_REFERENCE_LIMITS.name }).min(1, required);
const degreeLevel = safeText({ max: TEXT_LIMITS.code }).min(1, required);
const ects = z.number().int().min(0).max(DECISION_REFERENCE_LIMITS.ects).nullable();
const duration = z.number().positive().max(DECISION_REFERENCE_LIMITS.duration.max).multipleOf(DECISION_REFERENCE_LIMITS.duration.step).nullable();

export const nationalQualificationInput = z.object({
  name_en: qualificationName,
  name_sq: qualificationName,
  name_sr: qualificationName,
  degree_level: degreeLevel,
  eqf_level: level,
  nqf_level: level,
  ects_credits: ects.default(null),
  duration_years: duration.default(null),
  profile: z.enum(QUALIFICATION_PROFILES),
  active: z.boolean().default(true),
});
export type NationalQualificationInput = z.input<typeof nationalQualificationInput>;

/** The fields to change, with the version read (`{active: false, version}` deactivates). */
export const nationalQualificationUpdate = z.object({
  version: recordVersion,
  name_en: qualificationName.optional(),
  name_sq: qualificationName.optional(),
  name_sr: qualificationName.optional(),
  degree_level: degreeLevel.optional(),
  eqf_level: level.optional(),
  nqf_level: level.optional(),
  ects_credits: ects.optional(),
  duration_years: duration.optional(),
  profile: z.enum(QUALIFICATION_PROFILES).optional(),
  active: z.boolean().optional(),
});
export type NationalQualificationUpdate = z.input<typeof nationalQualificationUpdate>;

export const decisionReferenceIdParams = z.object({ id: z.coerce.number().pipe(recordId) });
