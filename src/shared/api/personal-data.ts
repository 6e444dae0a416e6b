import { z } from 'zod';
import { calendarDate } from './deadlines';
import { recordId } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// Personal data over its life (docs/operations.md, "Personal data"): the retention rules and the
// anonymisation they drive (a preview of what is due, a run by hand, the daily run), legal holds on
// an application or a person that keep the job away, a person's subject access export (one ZIP)
// and their erasure requests (recorded, decided with the legal basis, carried out by anonymising).
// Administrators hold all of it; placing or lifting an application's hold is also for whoever may
// change that application (an officer registering an appeal), and reading it for whoever sees it.

export const PERSONAL_DATA_PATHS = {
  /** GET: the rules in force per service, the document rules, the recent runs. */
  retention: '/personal-data/retention/',
  /** GET ?on=YYYY-MM-DD: what a run on that day would anonymise, and what a hold keeps. */
  preview: '/personal-data/retention/preview/',
  /** POST: runs the anonymisation now. */
  runs: '/personal-data/retention/runs/',
  /** GET: every application and person on legal hold. */
  legalHolds: '/personal-data/legal-holds/',
  /** GET, PUT {reason}, DELETE: an application's legal hold. */
  applicationHold: (id: number | string) => `/personal-data/applications/${id}/legal-hold/`,
  /** GET ?q=: people by personal ID or name. */
  people: '/personal-data/people/',
  person: (id: number | string) => `/personal-data/people/${id}/`,
  personHold: (id: number | string) => `/personal-data/people/${id}/legal-hold/`,
  /** GET: the subject access export, one ZIP. */
  personExport: (id: number | string) => `/personal-data/people/${id}/export/`,
  /** GET: the requests; POST: records one. */
  erasureRequests: '/personal-data/erasure-requests/',
  erasureRequest: (id: number | string) => `/personal-data/erasure-requests/${id}/`,
  erasureDecision: (id: number | string) => `/personal-data/erasure-requests/${id}/decision/`,
} as const;

const required = 'This field is required';
const reason = safeText({ max: TEXT_LIMITS.default }).min(1, required);

export const legalHoldRequest = z.object({ reason });
export type LegalHoldRequest = z.infer<typeof legalHoldRequest>;

export const legalHold = z.object({ reason: z.string(), set_at: z.string(), set_by: z.string().nullable() });
export type LegalHold = z.infer<typeof legalHold>;

/** An application's hold, and whether its personal data is already gone. */
export const applicationHoldAnswer = z.object({
  application_id: z.number().int(),
  hold: legalHold.nullable(),
  /** The person's own hold covers this application too. */
  person_hold: legalHold.nullable(),
  anonymised_at: z.string().nullable(),
});
export type ApplicationHoldAnswer = z.infer<typeof applicationHoldAnswer>;

export const serviceRetentionRow = z.object({
  service_type: z.number().int(),
  service_name: z.string(),
  years: z.number().int(),
  /** False: the general number applies. */
  own_rule: z.boolean(),
});

export const retentionRun = z.object({
  id: z.number().int(),
  trigger: z.enum(['scheduled', 'manual']),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  applications: z.number().int(),
  documents: z.number().int(),
  started_by: z.string().nullable(),
});
export type RetentionRun = z.infer<typeof retentionRun>;

export const retentionAnswer = z.object({
  personal_data_years: z.number().int(),
  services: z.array(serviceRetentionRow),
  runs: z.array(retentionRun),
});
export type RetentionAnswer = z.infer<typeof retentionAnswer>;

export const previewQuery = z.object({ on: calendarDate.optional() });

export const dueApplication = z.object({
  id: z.number().int(),
  reference: z.string(),
  applicant_name: z.string(),
  service_type: z.number().int(),
  closed_on: z.string(),
  years: z.number().int(),
  kept_until: z.string(),
  /** Uploaded documents whose files the run deletes. */
  documents: z.number().int(),
  /** Set on the held ones: why the run leaves it. */
  hold_reason: z.string().nullable(),
});
export type DueApplication = z.infer<typeof dueApplication>;

/** The applications listed in a preview at most (the totals count all). */
export const PREVIEW_LIST_MAX = 200;

export const retentionPreview = z.object({
  on: z.string(),
  applications: z.number().int(),
  documents: z.number().int(),
  due: z.array(dueApplication),
  /** Due by the rules, kept by a legal hold. */
  held: z.array(dueApplication),
});
export type RetentionPreview = z.infer<typeof retentionPreview>;

export const retentionRunResult = z.object({ applications: z.number().int(), documents: z.number().int(), people: z.number().int() });
export type RetentionRunResult = z.infer<typeof retentionRunResult>;

export const heldApplication = z.object({ id: z.number().int(), reference: z.string(), applicant_name: z.string(), hold: legalHold });
export const heldPerson = z.object({ id: z.number().int(), name: z.string(), hold: legalHold });
export const legalHoldsAnswer = z.object({ applications: z.array(heldApplication), people: z.array(heldPerson) });
export type LegalHoldsAnswer = z.infer<typeof legalHoldsAnswer>;

export const peopleQuery = z.object({ q: safeText({ max: TEXT_LIMITS.search }).min(2, required) });

export const personRow = z.object({
  id: z.number().int(),
  name: z.string(),
  personal_id: z.string().nullable(),
  date_of_birth: z.string().nullable(),
  applications: z.number().int(),
  anonymised_at: z.string().nullable(),
});
export type PersonRow = z.infer<typeof personRow>;
/** A search lists this many people at most. */
export const PEOPLE_LIST_MAX = 50;

export const personApplication = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.string(),
  service_type: z.number().int(),
  closed_on: z.string().nullable(),
  kept_until: z.string().nullable(),
  hold: legalHold.nullable(),
  anonymised_at: z.string().nullable(),
});
export type PersonApplication = z.infer<typeof personApplication>;

export const ERASURE_OUTCOMES = ['erased', 'partly_erased', 'refused'] as const;
export type ErasureOutcome = (typeof ERASURE_OUTCOMES)[number];

export const erasureRequestRow = z.object({
  id: z.number().int(),
  applicant_id: z.number().int(),
  name: z.string(),
  received_on: z.string(),
  recorded_by: z.string().nullable(),
  outcome: z.enum(ERASURE_OUTCOMES).nullable(),
  decided_at: z.string().nullable(),
  answer_sent_on: z.string().nullable(),
});
export type ErasureRequestRow = z.infer<typeof erasureRequestRow>;

export const personAnswer = z.object({
  person: personRow.extend({ email: z.string(), phone: z.string().nullable(), hold: legalHold.nullable() }),
  applications: z.array(personApplication),
  erasure_requests: z.array(erasureRequestRow),
});
export type PersonAnswer = z.infer<typeof personAnswer>;

/** Why an application's personal data must be kept now. */
export const KEEP_REASONS = ['legal_hold', 'person_hold', 'open_application', 'already_anonymised'] as const;
export type KeepReason = (typeof KEEP_REASONS)[number];

export const erasureItem = z.object({
  application_id: z.number().int(),
  reference: z.string(),
  status: z.string(),
  /** Null: may be erased now. */
  keep: z.enum(KEEP_REASONS).nullable(),
  hold_reason: z.string().nullable(),
});
export type ErasureItem = z.infer<typeof erasureItem>;

export const erasureRequestAnswer = erasureRequestRow.extend({
  legal_basis: z.string().nullable(),
  answer: z.string().nullable(),
  decided_by: z.string().nullable(),
  items: z.array(erasureItem),
});
export type ErasureRequestAnswer = z.infer<typeof erasureRequestAnswer>;

export const erasureRequestCreate = z.object({ applicant_id: recordId, received_on: calendarDate });
export type ErasureRequestCreate = z.infer<typeof erasureRequestCreate>;

/**
 * The decision: erase what may be erased (what must be kept stays, with the legal basis for it),
 * or refuse with the legal basis. The answer sent to the person is recorded with its date.
 */
export const erasureDecision = z.object({
  decision: z.enum(['erase', 'refuse']),
  legal_basis: safeText({ max: TEXT_LIMITS.default }).nullish().transform((value) => value || null),
  answer: safeText({ max: TEXT_LIMITS.notes, multiline: true }).min(1, required),
  answer_sent_on: calendarDate,
});
export type ErasureDecision = z.input<typeof erasureDecision>;
