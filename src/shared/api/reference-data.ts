import { z } from 'zod';
import { paginated, pageQuery, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';
import { checkRefusal } from '../refusals';

// Reference data (spec §2 "Reference data", §3): the administration of countries,
// institutions and the fixed code lists the application forms offer (academic field categories,
// degree levels with their EQF/NQF level, document types, request types of service 5).
//
// Access: every signed-in staff member reads (the application forms need the choices); only an
// administrator (isAdmin: superuser or the Administrators group, spec §6 "reference data is
// admin-only") writes. Every change writes an audit entry (entity 'country', 'institution' or
// 'reference_value') in the same transaction.
//
// A value in use is deactivated, never deleted: DELETE of an institution named by an application
// (or that a duplicate was merged into) answers 409 with REFERENCE_DATA_MESSAGES.inUse; an unused
// one is removed. Countries (the ISO list) and the code lists are never deleted: their codes are
// fixed by the application tables' check constraints and the forms' contract, so they are only
// renamed, reordered and switched on or off (`active`). GET /countries/ (./reference.ts) stays the
// names-only catalogue every screen formats country names with; the list here carries the flags.
//
// Writes carry the `version` the client read; a stale one answers 412 (REFERENCE_DATA_MESSAGES.stale).
// Messages are English and translated on the way out (locales/<lang>/server.json, `referenceData`).

export const REFERENCE_DATA_PATHS = {
  /** GET: countries with their flags (search, filters, pages). */
  countries: '/reference/countries/',
  /** GET one country; PATCH its names, flags and `active_for_applications` (admin). */
  country: (code: string) => `/reference/countries/${encodeURIComponent(code)}/`,
  /** GET: institutions (search, filters, pages); POST: create one (admin). */
  institutions: '/reference/institutions/',
  /** GET one institution (a merged one too: `merged_into` names the survivor); PATCH (admin); DELETE (admin, 409 when in use). */
  institution: (id: number) => `/reference/institutions/${id}/`,
  /** POST (admin): merge the duplicate `duplicate_id` into this institution. */
  mergeInstitution: (id: number) => `/reference/institutions/${id}/merge/`,
  /** GET: the application forms' searchable choice: active institutions matching `search`, best first. */
  institutionChoices: '/reference/institutions/choices/',
  /** GET: every value of one code list, in order (`?active=true` for what the forms offer). */
  codeList: (list: ReferenceList) => `/reference/lists/${list}/`,
  /** PATCH (admin): one value's names, order, EQF/NQF levels (degree levels only) and `active`. */
  codeValue: (list: ReferenceList, code: string) => `/reference/lists/${list}/${encodeURIComponent(code)}/`,
} as const;

export const REFERENCE_DATA_MESSAGES = {
  required: 'This field is required',
  invalidFormat: 'Invalid format',
  invalidUrl: 'Enter an http:// or https:// address.',
  invalidEmail: 'Enter a valid e-mail address.',
  unknownCountry: 'There is no country with this code.',
  inUse: 'This value is in use and cannot be deleted. Deactivate it instead.',
  stale: 'This record was changed by someone else. Reload and try again.',
  mergeSelf: 'An institution cannot be merged into itself.',
  unknownInstitution: 'There is no institution with this ID.',
  alreadyMerged: 'This institution has already been merged into another one.',
  mergeTargetInactive: 'Merge into an active institution.',
  levelsOnlyForDegrees: 'Only degree levels have EQF and NQF levels.',
} as const;

export const REFERENCE_LISTS = ['academic_field_categories', 'degree_levels', 'document_types', 'request_types'] as const;
export type ReferenceList = (typeof REFERENCE_LISTS)[number];
export const referenceList = z.enum(REFERENCE_LISTS);

export const INSTITUTION_TYPES = ['public', 'private'] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number];
export const ACCREDITATION_STATUSES = ['accredited', 'not_accredited', 'expired', 'unknown'] as const;
export type AccreditationStatus = (typeof ACCREDITATION_STATUSES)[number];

/** EQF has levels 1–8; national frameworks (Kosovo's NQF among them) use the same eight. */
export const QUALIFICATION_LEVEL = { min: 1, max: 8 } as const;

export const REFERENCE_DATA_LIMITS = {
  name: TEXT_LIMITS.name,
  url: 500,
  email: TEXT_LIMITS.email,
  /** Most institutions one choices answer lists. */
  choices: 20,
} as const;

/** "true"/"false" in a query string (z.coerce.boolean would take "false" as true). */
const queryFlag = z.enum(['true', 'false']).transform((flag) => flag === 'true');

const countryCode = safeText({ max: 2 }).regex(/^[A-Za-z]{2}$/, REFERENCE_DATA_MESSAGES.unknownCountry).transform((code) => code.toUpperCase());
const name = safeText({ max: REFERENCE_DATA_LIMITS.name });
const requiredName = name.min(1, REFERENCE_DATA_MESSAGES.required);
const webAddress = safeText({ max: REFERENCE_DATA_LIMITS.url }).refine(
  (text) => /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(text),
  { message: REFERENCE_DATA_MESSAGES.invalidUrl, params: checkRefusal('invalid_url') },
);
const emailAddress = safeText({ max: REFERENCE_DATA_LIMITS.email }).refine(
  (text) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text),
  { message: REFERENCE_DATA_MESSAGES.invalidEmail, params: checkRefusal('reference_invalid_email') },
);
/** An optional text field: '' or null clears it. */
const optional = <T extends z.ZodType<string>>(schema: T) =>
  z.union([z.literal('').transform(() => null), z.null(), schema]);

// ---- countries ----

export const countryRecord = z.object({
  code: z.string().length(2),
  alpha3: z.string().nullable(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  /** Member of the EU or the EEA. */
  eu_eea: z.boolean(),
  /** Member of the European Higher Education Area (Bologna process). */
  bologna_member: z.boolean(),
  /** Offered as an institution's country on the application forms. */
  active_for_applications: z.boolean(),
  version: z.number().int(),
});
export type CountryRecord = z.infer<typeof countryRecord>;

export const countryRecordQuery = pageQuery.extend({
  /** The code and the three names, accent-insensitive. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
  eu_eea: queryFlag.optional(),
  bologna_member: queryFlag.optional(),
  active_for_applications: queryFlag.optional(),
});
export const countryRecordListAnswer = paginated(countryRecord);

export const countryUpdate = z.object({
  version: recordVersion,
  name_en: requiredName.optional(),
  name_sq: requiredName.optional(),
  name_sr: requiredName.optional(),
  eu_eea: z.boolean().optional(),
  bologna_member: z.boolean().optional(),
  active_for_applications: z.boolean().optional(),
});
export type CountryUpdate = z.infer<typeof countryUpdate>;
export const countryCodeParams = z.object({ code: countryCode });

// ---- institutions ----

export const institutionRecord = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  country: z.string().length(2),
  type: z.enum(INSTITUTION_TYPES),
  website: z.string().nullable(),
  email: z.string().nullable(),
  accreditation_status: z.enum(ACCREDITATION_STATUSES),
  /** The institution's own public register of the diplomas it issued, where one exists. */
  diploma_register_url: z.string().nullable(),
  active: z.boolean(),
  /** Set when this record was a duplicate: the institution it was merged into (follow it to resolve). */
  merged_into: z.number().int().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type InstitutionRecord = z.infer<typeof institutionRecord>;

export const institutionDetail = institutionRecord.extend({
  /** Applications naming the institution (any of its names, same country). */
  application_count: z.number().int().nonnegative(),
  /** Duplicates merged into it. */
  merged_duplicates: z.array(z.object({ id: z.number().int(), name_en: z.string() })),
});
export type InstitutionDetail = z.infer<typeof institutionDetail>;

export const institutionQuery = pageQuery.extend({
  /** Any language's name, accent-insensitive ("Prishtines" finds "Prishtinës", "Nis" finds "Niš"). */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
  country: countryCode.optional(),
  type: z.enum(INSTITUTION_TYPES).optional(),
  accreditation_status: z.enum(ACCREDITATION_STATUSES).optional(),
  /** Absent: active and inactive alike (merged duplicates included). */
  active: queryFlag.optional(),
});
export const institutionListAnswer = paginated(institutionRecord);

/** A new institution. Albanian and Serbian names left empty take the English one. */
export const institutionInput = z.object({
  name_en: requiredName,
  name_sq: name.default(''),
  name_sr: name.default(''),
  country: countryCode,
  type: z.enum(INSTITUTION_TYPES),
  website: optional(webAddress).default(null),
  email: optional(emailAddress).default(null),
  accreditation_status: z.enum(ACCREDITATION_STATUSES).default('unknown'),
  diploma_register_url: optional(webAddress).default(null),
  active: z.boolean().default(true),
});
export type InstitutionInput = z.input<typeof institutionInput>;

/** The fields to change, with the version read. */
export const institutionUpdate = z.object({
  version: recordVersion,
  name_en: requiredName.optional(),
  name_sq: requiredName.optional(),
  name_sr: requiredName.optional(),
  country: countryCode.optional(),
  type: z.enum(INSTITUTION_TYPES).optional(),
  website: optional(webAddress).optional(),
  email: optional(emailAddress).optional(),
  accreditation_status: z.enum(ACCREDITATION_STATUSES).optional(),
  diploma_register_url: optional(webAddress).optional(),
  active: z.boolean().optional(),
});
export type InstitutionUpdate = z.input<typeof institutionUpdate>;

/** Merge `duplicate_id` into the institution of the path (whose version the client read). */
export const institutionMerge = z.object({
  duplicate_id: recordId,
  version: recordVersion,
});
export type InstitutionMerge = z.infer<typeof institutionMerge>;

export const institutionIdParams = z.object({ id: z.coerce.number().pipe(recordId) });

export const institutionChoice = institutionRecord.pick({
  id: true,
  name_en: true,
  name_sq: true,
  name_sr: true,
  country: true,
  type: true,
  website: true,
  email: true,
  accreditation_status: true,
});
export type InstitutionChoice = z.infer<typeof institutionChoice>;
export const institutionChoiceQuery = z.object({
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
  country: countryCode.optional(),
});
export const institutionChoiceAnswer = z.object({ results: z.array(institutionChoice) });

// ---- code lists ----

export const referenceValue = z.object({
  list: referenceList,
  code: z.string(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  /** Offered by the forms (an inactive value stays readable on the records that hold it). */
  active: z.boolean(),
  sort_order: z.number().int(),
  /** Degree levels only: the European and the national qualification-framework level. */
  eqf_level: z.number().int().nullable(),
  nqf_level: z.number().int().nullable(),
  version: z.number().int(),
});
export type ReferenceValue = z.infer<typeof referenceValue>;

export const codeListParams = z.object({ list: referenceList });
export const codeValueParams = z.object({ list: referenceList, code: safeText({ max: TEXT_LIMITS.code }) });
export const codeListQuery = z.object({ active: queryFlag.optional() });
export const codeListAnswer = z.object({ results: z.array(referenceValue) });

const qualificationLevel = z.number().int().min(QUALIFICATION_LEVEL.min).max(QUALIFICATION_LEVEL.max).nullable();
export const referenceValueUpdate = z.object({
  version: recordVersion,
  name_en: requiredName.optional(),
  name_sq: requiredName.optional(),
  name_sr: requiredName.optional(),
  active: z.boolean().optional(),
  sort_order: z.number().int().min(0).max(10_000).optional(),
  eqf_level: qualificationLevel.optional(),
  nqf_level: qualificationLevel.optional(),
});
export type ReferenceValueUpdate = z.infer<typeof referenceValueUpdate>;
