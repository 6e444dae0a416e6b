import { z } from 'zod';
import { LANGUAGES, SERVICE_CATEGORIES, SERVICE_DEGREE_OPTIONS, SERVICE_TYPES, type ServiceType } from '../constants';
import { DOCUMENT_TYPES } from '../document-types';
import { APPLICATION_STATUSES } from '../domain/application-status';
import {
  ALL_PRICE_CASES,
  FEE_PROBLEM_MESSAGES,
  FEE_PROBLEM_REFUSALS,
  FEE_RULES,
  PRICE_TABLE_KINDS,
  priceTableProblems,
  type FeeLine,
  type FeeQuote,
  type PriceTable,
} from '../domain/fees';
import { MAX_PRICE_CENTS, MONEY_MESSAGE, fromCents, isMoney, toCents } from '../domain/fees-money';
import { stageProblems } from '../domain/service-stages';
import { paginated, pageQuery, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';
import { checkRefusal, type CheckRefusal } from '../refusals';

// The services calls: list, detail, create, update, enable/disable, delete (only a
// service no application uses), history, and the fee quote. Reads are open to every signed-in
// user (other screens show service names and fees); writes and the history are admin-only.
//
// Texts a person reads come in en, sq and sr (`name_en`, `name_sq`, `name_sr` …), all required.
// Money is a decimal string ("12.50"). Error messages follow the caller's Accept-Language
// (en, sq, sr; the server translates its own texts), field errors are `{"field.path": [message]}`.

export const SERVICE_PATHS = {
  list: '/services/',
  detail: (id: number) => `/services/${id}/`,
  enable: (id: number) => `/services/${id}/enable/`,
  disable: (id: number) => `/services/${id}/disable/`,
  history: (id: number) => `/services/${id}/history/`,
  quote: (id: number) => `/services/${id}/quote/`,
} as const;

const REQUIRED = 'This field is required';
const requiredText = (max: number, multiline = false) => safeText({ max, multiline }).min(1, REQUIRED);
const optionalText = (max: number, multiline = false) => safeText({ max, multiline }).default('');

/** A decimal string of euros as a client sends it: zero or more, at most two decimals. */
export const moneyInput = safeText({ max: 16 }).refine((text) => isMoney(text) && toCents(text) <= MAX_PRICE_CENTS, { message: MONEY_MESSAGE, params: checkRefusal('invalid_amount') });
/** Money as the server answers it ("12.50"). */
const money = z.string().regex(/^\d+\.\d{2}$/);

const serviceType = z.number().int().refine((value) => (SERVICE_TYPES as readonly number[]).includes(value), 'Invalid format');

export const TEXT_LIMITS_SERVICES = {
  name: TEXT_LIMITS.name,
  description: 4000,
  requirements: 4000,
  requirementDescription: 1000,
  label: TEXT_LIMITS.name,
  maxDocumentRequirements: DOCUMENT_TYPES.length,
  maxSelectableDocuments: 50,
  maxProcessingDays: 3650,
  maxAppealPeriodDays: 365,
} as const;

// ---- Shapes shared by answers and requests ----

export const documentRequirementInput = z.object({
  document_type: z.enum(DOCUMENT_TYPES),
  required: z.boolean(),
  description_en: optionalText(TEXT_LIMITS_SERVICES.requirementDescription),
  description_sq: optionalText(TEXT_LIMITS_SERVICES.requirementDescription),
  description_sr: optionalText(TEXT_LIMITS_SERVICES.requirementDescription),
});
export const documentRequirement = documentRequirementInput.extend({
  description_en: z.string(),
  description_sq: z.string(),
  description_sr: z.string(),
});
export type DocumentRequirement = z.infer<typeof documentRequirement>;

export const selectableDocumentInput = z.object({
  label_en: requiredText(TEXT_LIMITS_SERVICES.label),
  label_sq: requiredText(TEXT_LIMITS_SERVICES.label),
  label_sr: requiredText(TEXT_LIMITS_SERVICES.label),
});
export const selectableDocument = z.object({ label_en: z.string(), label_sq: z.string(), label_sr: z.string() });
export type SelectableDocument = z.infer<typeof selectableDocument>;

const priceCaseKey = z.enum(ALL_PRICE_CASES as [string, ...string[]]);
/** An amount per case; null (or leaving the case out) means "not priced". */
const priceAmountsInput = z.partialRecord(priceCaseKey, moneyInput.nullable());
const degreeKey = safeText({ max: TEXT_LIMITS.code }).min(1, REQUIRED);

/**
 * The price table (src/shared/domain/fees.ts): `kind` follows the service type (1 flat,
 * 2 diploma_transcript, 3 and 4 document_count, 5 request_type); `prices` must price every case
 * of the kind; `degree_prices` may replace some of them for a degree level the service offers.
 */
export const priceTableInput = z.object({
  kind: z.enum(PRICE_TABLE_KINDS as [PriceTable['kind'], ...PriceTable['kind'][]]),
  prices: priceAmountsInput,
  degree_prices: z.record(degreeKey, priceAmountsInput).default({}),
});
const priceAmounts = z.partialRecord(priceCaseKey, money.nullable());
export const priceTable = z.object({
  kind: z.enum(PRICE_TABLE_KINDS as [PriceTable['kind'], ...PriceTable['kind'][]]),
  prices: priceAmounts,
  degree_prices: z.record(z.string(), priceAmounts),
});

// ---- Answers ----

export const service = z.object({
  id: z.number().int(),
  service_type: z.number().int().min(1).max(5),
  category: z.enum(SERVICE_CATEGORIES),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  description_en: z.string(),
  description_sq: z.string(),
  description_sr: z.string(),
  requirements_en: z.string(),
  requirements_sq: z.string(),
  requirements_sr: z.string(),
  /** The headline fee: the lowest base price of the price table (derived, not written). */
  fee: money,
  fee_enabled: z.boolean(),
  /** Reference only: the engine never reads it. */
  base_fee_amount: money.nullable(),
  fee_exemption_allowed: z.boolean(),
  processing_time_days: z.number().int(),
  enabled: z.boolean(),
  council_required: z.boolean(),
  /** The appeal notice of the service's recognition decisions: days to appeal (null: none set) and the appeal body. */
  appeal_period_days: z.number().int().nullable(),
  appeal_body_en: z.string(),
  appeal_body_sq: z.string(),
  appeal_body_sr: z.string(),
  degree_options: z.array(z.string()),
  document_requirements: z.array(documentRequirement),
  selectable_documents: z.array(selectableDocument),
  workflow_stages: z.array(z.enum(APPLICATION_STATUSES)),
  price_table: priceTable,
  /** Applications made with this service: with any, it can be disabled but not deleted. */
  application_count: z.number().int().nonnegative(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Service = z.infer<typeof service>;

export const serviceListQuery = pageQuery.extend({
  /** Matched against the names in en, sq and sr. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
  category: z.enum(SERVICE_CATEGORIES).optional(),
  enabled: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
});
export const serviceListAnswer = paginated(service);

export const SERVICE_HISTORY_ACTIONS = ['created', 'updated', 'enabled', 'disabled', 'deleted'] as const;
export type ServiceHistoryAction = (typeof SERVICE_HISTORY_ACTIONS)[number];

export const serviceChange = z.object({
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export const serviceHistoryEntry = z.object({
  id: z.number().int(),
  action: z.enum(SERVICE_HISTORY_ACTIONS),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
  /** The fields this change altered, each with its value before and after. */
  changes: z.array(serviceChange),
});
export type ServiceHistoryEntry = z.infer<typeof serviceHistoryEntry>;
export const serviceHistoryQuery = pageQuery;
export const serviceHistoryAnswer = paginated(serviceHistoryEntry);

// ---- Writes ----

/** Field problems of a service beyond its shape: they need the service type to be judged. */
export function serviceWriteProblems(body: {
  service_type: number;
  degree_options: readonly string[];
  document_requirements: readonly { document_type: string }[];
  workflow_stages: readonly string[];
  price_table: PriceTable;
}): { path: (string | number)[]; message: string; params: CheckRefusal }[] {
  // Only judged once the shape holds (an amount's own format is the field schema's message).
  const lists = [body.degree_options, body.document_requirements, body.workflow_stages];
  if (!(SERVICE_TYPES as readonly number[]).includes(body.service_type) || !lists.every(Array.isArray) || !body.price_table) return [];
  const type = body.service_type as ServiceType;
  const problems: { path: (string | number)[]; message: string; params: CheckRefusal }[] = [];
  const offered = SERVICE_DEGREE_OPTIONS[type];
  body.degree_options.forEach((option, index) => {
    if (!offered.includes(option)) problems.push({ path: ['degree_options', index], message: DEGREE_OPTION_MESSAGE, params: checkRefusal('service_degree_option') });
    else if (body.degree_options.indexOf(option) !== index) problems.push({ path: ['degree_options', index], message: DUPLICATE_MESSAGE, params: checkRefusal('service_duplicate') });
  });
  body.document_requirements.forEach((requirement, index) => {
    const first = body.document_requirements.findIndex((other) => other.document_type === requirement.document_type);
    if (first !== index) problems.push({ path: ['document_requirements', index, 'document_type'], message: DUPLICATE_DOCUMENT_TYPE_MESSAGE, params: checkRefusal('service_duplicate_document_type') });
  });
  for (const problem of stageProblems(type, body.workflow_stages)) {
    const duplicate = problem.problem === 'duplicate';
    problems.push({ path: ['workflow_stages', problem.index], message: duplicate ? DUPLICATE_MESSAGE : STAGE_MESSAGE, params: checkRefusal(duplicate ? 'service_duplicate' : 'service_stage') });
  }
  // A price table not of its shape yet (an amount mistyped) has its own messages; its cases are judged once it holds.
  const prices = priceTableInput.safeParse(body.price_table).success ? priceTableProblems(type, body.degree_options, body.price_table) : [];
  for (const problem of prices) {
    if (problem.code === 'invalid_amount') continue;
    problems.push({ path: problem.field.split('.'), message: FEE_PROBLEM_MESSAGES[problem.code], params: { refusal: { code: FEE_PROBLEM_REFUSALS[problem.code], params: {} } } });
  }
  return problems;
}

export const APPEAL_DAYS_MAX_MESSAGE = 'Enter at most 365 days.';
export const DEGREE_OPTION_MESSAGE = 'This degree level is not one of the options of this service type.';
export const DUPLICATE_MESSAGE = 'This value is listed twice.';
export const DUPLICATE_DOCUMENT_TYPE_MESSAGE = 'This document type is already required above: list each type once.';
export const STAGE_MESSAGE = 'This stage is not part of the workflow of this service type.';

const serviceFields = z.object({
  service_type: serviceType,
  category: z.enum(SERVICE_CATEGORIES),
  name_en: requiredText(TEXT_LIMITS_SERVICES.name),
  name_sq: requiredText(TEXT_LIMITS_SERVICES.name),
  name_sr: requiredText(TEXT_LIMITS_SERVICES.name),
  description_en: optionalText(TEXT_LIMITS_SERVICES.description, true),
  description_sq: optionalText(TEXT_LIMITS_SERVICES.description, true),
  description_sr: optionalText(TEXT_LIMITS_SERVICES.description, true),
  requirements_en: optionalText(TEXT_LIMITS_SERVICES.requirements, true),
  requirements_sq: optionalText(TEXT_LIMITS_SERVICES.requirements, true),
  requirements_sr: optionalText(TEXT_LIMITS_SERVICES.requirements, true),
  fee_enabled: z.boolean(),
  base_fee_amount: moneyInput.nullable().default(null),
  fee_exemption_allowed: z.boolean(),
  processing_time_days: z.number().int().min(1, 'Enter at least 1 day.').max(TEXT_LIMITS_SERVICES.maxProcessingDays, 'Enter at most 3650 days.'),
  enabled: z.boolean().default(true),
  council_required: z.boolean(),
  /** Days to appeal a decision (recognition services); null: the service takes no such decisions. */
  appeal_period_days: z.number().int().min(1, 'Enter at least 1 day.').max(TEXT_LIMITS_SERVICES.maxAppealPeriodDays, APPEAL_DAYS_MAX_MESSAGE).nullable().default(null),
  appeal_body_en: optionalText(TEXT_LIMITS_SERVICES.name),
  appeal_body_sq: optionalText(TEXT_LIMITS_SERVICES.name),
  appeal_body_sr: optionalText(TEXT_LIMITS_SERVICES.name),
  degree_options: z.array(safeText({ max: TEXT_LIMITS.code })).max(20).default([]),
  document_requirements: z.array(documentRequirementInput).max(TEXT_LIMITS_SERVICES.maxDocumentRequirements).default([]),
  selectable_documents: z.array(selectableDocumentInput).max(TEXT_LIMITS_SERVICES.maxSelectableDocuments).default([]),
  /** Ordered stages of the type's workflow (workflowStagesOf); empty → the whole workflow, in order. */
  workflow_stages: z.array(safeText({ max: TEXT_LIMITS.code })).max(APPLICATION_STATUSES.length).default([]),
  price_table: priceTableInput,
});

/** The fields serviceWriteProblems needs: its rules run whenever these hold, even beside a missing name or a mistyped amount. */
const judgedFields = serviceFields.pick({ service_type: true, degree_options: true, document_requirements: true, workflow_stages: true });

function withProblems<T extends z.ZodType<z.infer<typeof serviceFields>>>(schema: T) {
  return schema.superRefine(
    (body, context) => {
      for (const problem of serviceWriteProblems(body as z.infer<typeof serviceFields>)) {
        context.addIssue({ code: 'custom', path: problem.path, message: problem.message, params: problem.params });
      }
    },
    { when: (payload) => judgedFields.safeParse(payload.value).success },
  );
}

/** POST /services/: a new service. */
export const serviceCreate = withProblems(serviceFields);
export type ServiceCreate = z.input<typeof serviceCreate>;

/** PUT /services/{id}/: every field again, with the version read (412 when someone saved since). */
export const serviceUpdate = withProblems(serviceFields.extend({ version: recordVersion }));
export type ServiceUpdate = z.input<typeof serviceUpdate>;

/** POST /services/{id}/enable/ and /disable/. */
export const serviceToggle = z.object({ version: recordVersion });

export const serviceParams = z.object({ id: z.coerce.number().pipe(recordId) });

// ---- Quote ----

export const quoteRequest = z.object({
  /** The type of each document handed in (one entry per document; the form and the ID never count). */
  documents: z.array(z.enum(DOCUMENT_TYPES)).max(100).default([]),
  degree_level: safeText({ max: TEXT_LIMITS.code }).nullable().default(null),
  /** Service 5: one of ACADEMIC_INFORMATION_REQUEST_TYPES. */
  request_type: safeText({ max: TEXT_LIMITS.code }).nullable().default(null),
  exemption_requested: z.boolean().default(false),
  /** The language of the breakdown labels; without it, the request's Accept-Language (else en). */
  language: z.enum(LANGUAGES).optional(),
});
export type QuoteRequest = z.input<typeof quoteRequest>;

export const quoteLine = z.object({
  rule: z.enum(FEE_RULES as [string, ...string[]]),
  amount: money,
  price_case: z.string().nullable(),
  degree_level: z.string().nullable(),
  counted_documents: z.number().int().nullable(),
  /** What produced this line, in the requested language. */
  label: z.string(),
});
export type QuoteLine = z.infer<typeof quoteLine>;

export const quoteAnswer = z.object({
  service_id: z.number().int(),
  service_version: z.number().int(),
  currency: z.literal('EUR'),
  amount: money,
  price_case: z.string().nullable(),
  fee_enabled: z.boolean(),
  /** The applicant may ask for an exemption (the workflow's exemption review decides). */
  exemption_allowed: z.boolean(),
  exemption_requested: z.boolean(),
  lines: z.array(quoteLine),
});
export type QuoteAnswer = z.infer<typeof quoteAnswer>;

/** A quote as an application keeps it: no labels (whoever shows it writes them in the reader's language). */
export const storedFeeQuote = quoteAnswer.extend({ lines: z.array(quoteLine.omit({ label: true })) });
export type StoredFeeQuote = z.infer<typeof storedFeeQuote>;

/** The engine's quote (fees.ts) in the answer's shape, each line labelled by `label`. */
export function feeQuoteAnswer(
  serviceId: number,
  serviceVersion: number,
  quote: FeeQuote,
  label: (line: FeeLine) => string,
): QuoteAnswer {
  return {
    service_id: serviceId,
    service_version: serviceVersion,
    currency: 'EUR',
    amount: fromCents(quote.total_cents),
    price_case: quote.price_case,
    fee_enabled: quote.fee_enabled,
    exemption_allowed: quote.exemption_allowed,
    exemption_requested: quote.exemption_requested,
    lines: quote.lines.map((line) => ({
      rule: line.rule,
      amount: fromCents(line.amount_cents),
      price_case: line.price_case,
      degree_level: line.degree_level,
      counted_documents: line.counted_documents,
      label: label(line),
    })),
  };
}

/** What an application keeps of its service when it is made: editing the service never changes it. */
export const applicationFeeSnapshot = z.object({
  quoted_fee: money.nullable(),
  fee_quote: storedFeeQuote.nullable(),
  document_requirements: z.array(documentRequirement).nullable(),
});
export type ApplicationFeeSnapshot = z.infer<typeof applicationFeeSnapshot>;
