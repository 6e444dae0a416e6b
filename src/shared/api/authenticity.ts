import { z } from 'zod';
import { checkRefusal } from '../refusals';
import { calendarDate as isoDate } from './deadlines';
import { safeText, TEXT_LIMITS } from './safe-text';

// Authenticity (shared/design/recognition.md, "Authenticity in practice"): an institution's
// dossier kept in the reference data (accreditation periods, verification contacts, checks, the
// watch list) and what an application shows of it (the watch-list flag, the latest checks, whether
// the institution was accredited on the diploma's date). Contacts and the checks' evidence are only
// for those who establish authenticity (mayVerifyAuthenticity); the rest read findings.

export const ACCREDITATION_PERIOD_STATUSES = ['accredited', 'conditionally_accredited', 'not_accredited', 'suspended', 'withdrawn'] as const;
export type AccreditationPeriodStatus = (typeof ACCREDITATION_PERIOD_STATUSES)[number];
/** The statuses under which a diploma issued in the period counts as from an accredited institution. */
export const ACCREDITING_STATUSES: readonly AccreditationPeriodStatus[] = ['accredited', 'conditionally_accredited'];

export const INSTITUTION_CHECK_SUBJECTS = ['accreditation', 'existence', 'diploma_register', 'contact_details', 'other'] as const;
export type InstitutionCheckSubject = (typeof INSTITUTION_CHECK_SUBJECTS)[number];
export const INSTITUTION_CHECK_FINDINGS = ['confirmed', 'not_confirmed', 'inconclusive'] as const;
export type InstitutionCheckFinding = (typeof INSTITUTION_CHECK_FINDINGS)[number];

export const WATCH_CATEGORIES = ['unrecognised', 'diploma_mill', 'under_investigation'] as const;
export type WatchCategory = (typeof WATCH_CATEGORIES)[number];
/** How an application's institution name met the watch list: a name of the institution, of a duplicate merged into it, or a close spelling. */
export const WATCH_MATCHES = ['name', 'merged_duplicate', 'similar_name'] as const;
export type WatchMatch = (typeof WATCH_MATCHES)[number];

/** The application's history rows the watch list writes (the database's triggers, migration 0033). */
export const WATCH_HISTORY_ACTIONS: readonly string[] = ['watch_list_flagged', 'watch_list_cleared'];

export const CONTACT_LANGUAGES = ['en', 'sq', 'sr'] as const;

const text = (max: number = TEXT_LIMITS.default) => safeText({ max }).min(1, 'This field is required');
const optionalText = (max: number = TEXT_LIMITS.default) =>
  safeText({ max })
    .nullish()
    .transform((value) => (value ? value : null));
const webAddress = safeText({ max: TEXT_LIMITS.default })
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.url({ protocol: /^https?$/, message: 'Invalid format' }).nullable());
const emailAddress = safeText({ max: TEXT_LIMITS.email })
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email('Invalid email address').nullable());

export const accreditationPeriodInput = z
  .object({
    valid_from: isoDate,
    valid_to: isoDate.nullish().transform((value) => value ?? null),
    status: z.enum(ACCREDITATION_PERIOD_STATUSES),
    accrediting_body: text(TEXT_LIMITS.name),
    source_url: webAddress,
    source_document: optionalText(TEXT_LIMITS.name),
    note: optionalText(TEXT_LIMITS.notes),
  })
  .refine((period) => period.valid_to === null || period.valid_to >= period.valid_from, {
    path: ['valid_to'],
    message: 'The period ends before it starts.',
    params: checkRefusal('accreditation_period_reversed'),
  })
  .refine((period) => period.source_url !== null || period.source_document !== null, {
    path: ['source_document'],
    message: 'Name the source: a document or a link.',
    params: checkRefusal('accreditation_source_required'),
  });
export type AccreditationPeriodInput = z.input<typeof accreditationPeriodInput>;

export const accreditationPeriod = z.object({
  id: z.number().int(),
  valid_from: z.string(),
  valid_to: z.string().nullable(),
  status: z.enum(ACCREDITATION_PERIOD_STATUSES),
  accrediting_body: z.string(),
  source_url: z.string().nullable(),
  source_document: z.string().nullable(),
  note: z.string().nullable(),
});
export type AccreditationPeriod = z.infer<typeof accreditationPeriod>;

export const verificationContactInput = z
  .object({
    registrar_email: emailAddress,
    postal_address: optionalText(TEXT_LIMITS.default),
    language: z.enum(CONTACT_LANGUAGES),
    /** The official source the contact was taken from (a register, the ministry's list, the institution's site). */
    source: text(TEXT_LIMITS.default),
    checked_on: isoDate,
  })
  .refine((contact) => contact.registrar_email !== null || contact.postal_address !== null, {
    path: ['registrar_email'],
    message: 'Give an e-mail address or a postal address.',
    params: checkRefusal('verification_contact_empty'),
  });
export type VerificationContactInput = z.input<typeof verificationContactInput>;

export const verificationContact = z.object({
  id: z.number().int(),
  registrar_email: z.string().nullable(),
  postal_address: z.string().nullable(),
  language: z.enum(CONTACT_LANGUAGES),
  source: z.string(),
  checked_on: z.string(),
});
export type VerificationContact = z.infer<typeof verificationContact>;

export const institutionCheckInput = z.object({
  subject: z.enum(INSTITUTION_CHECK_SUBJECTS),
  finding: z.enum(INSTITUTION_CHECK_FINDINGS),
  details: text(TEXT_LIMITS.notes),
  evidence: optionalText(TEXT_LIMITS.notes),
  checked_on: isoDate,
});
export type InstitutionCheckInput = z.input<typeof institutionCheckInput>;

export const institutionCheck = z.object({
  id: z.number().int(),
  subject: z.enum(INSTITUTION_CHECK_SUBJECTS),
  finding: z.enum(INSTITUTION_CHECK_FINDINGS),
  details: z.string(),
  /** Absent for a reader who does not establish authenticity. */
  evidence: z.string().nullable().optional(),
  checked_on: z.string(),
  checked_by: z.string().nullable(),
});
export type InstitutionCheck = z.infer<typeof institutionCheck>;

export const watchEntryInput = z.object({
  category: z.enum(WATCH_CATEGORIES),
  source: text(TEXT_LIMITS.default),
  note: optionalText(TEXT_LIMITS.notes),
});
export type WatchEntryInput = z.input<typeof watchEntryInput>;

export const watchEntry = z.object({
  id: z.number().int(),
  category: z.enum(WATCH_CATEGORIES),
  source: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  lifted_at: z.string().nullable(),
  lifted_by: z.string().nullable(),
  /** Applications naming the institution now (its names, merged duplicates, close spellings). */
  flagged_applications: z.number().int().nonnegative(),
});
export type WatchEntry = z.infer<typeof watchEntry>;

/** GET /reference/institutions/{id}/dossier/ */
export const institutionDossier = z.object({
  institution_id: z.number().int(),
  accreditation_periods: z.array(accreditationPeriod),
  contacts: z.array(verificationContact),
  checks: z.array(institutionCheck),
  watch_entries: z.array(watchEntry),
});
export type InstitutionDossier = z.infer<typeof institutionDossier>;

export const ACCREDITATION_ANSWERS = ['accredited', 'not_accredited', 'no_record'] as const;
export type AccreditationAnswer = (typeof ACCREDITATION_ANSWERS)[number];

export const accreditationOnQuery = z.object({ on: isoDate });
/** GET /reference/institutions/{id}/accreditation/?on=YYYY-MM-DD */
export const accreditationOn = z.object({
  on: z.string(),
  answer: z.enum(ACCREDITATION_ANSWERS),
  /** The period the answer is read from; null for no_record. */
  period: accreditationPeriod.nullable(),
});
export type AccreditationOn = z.infer<typeof accreditationOn>;

export const watchFlag = z.object({
  category: z.enum(WATCH_CATEGORIES),
  matched_by: z.enum(WATCH_MATCHES),
  /** The institution's (or duplicate's) name the application's name was matched with. */
  matched_name: z.string(),
  flagged_at: z.string(),
  /** Absent for a reader who does not establish authenticity. */
  source: z.string().optional(),
  note: z.string().nullable().optional(),
});
export type WatchFlag = z.infer<typeof watchFlag>;

/** GET /applications/{id}/authenticity/ */
export const applicationAuthenticity = z.object({
  /** The reference data's institution the application names (the survivor of a merge); null when not found. */
  institution: z
    .object({ id: z.number().int(), name_en: z.string(), name_sq: z.string(), name_sr: z.string(), country: z.string() })
    .nullable(),
  watch_flag: watchFlag.nullable(),
  /** The diploma's date (the graduation date of the education record), when known. */
  diploma_date: z.string().nullable(),
  /** Whether the institution was accredited on the diploma's date; null without an institution or a date. */
  accreditation: accreditationOn.nullable(),
  /** The institution's latest checks, newest first. */
  latest_checks: z.array(institutionCheck),
  /** Absent for a reader who does not establish authenticity. */
  contacts: z.array(verificationContact).optional(),
});
export type ApplicationAuthenticity = z.infer<typeof applicationAuthenticity>;

/** How many of an institution's checks an application shows. */
export const LATEST_CHECKS = 5;

export const DOSSIER_PATHS = {
  /** GET (admins, document verifiers, officers): the institution's dossier. */
  dossier: (institutionId: number) => `/reference/institutions/${institutionId}/dossier/`,
  /** POST (admin): an accreditation period. */
  accreditationPeriods: (institutionId: number) => `/reference/institutions/${institutionId}/dossier/accreditation-periods/`,
  /** DELETE (admin). */
  accreditationPeriod: (institutionId: number, periodId: number) => `/reference/institutions/${institutionId}/dossier/accreditation-periods/${periodId}/`,
  /** POST (admin): a verification contact. */
  contacts: (institutionId: number) => `/reference/institutions/${institutionId}/dossier/contacts/`,
  /** DELETE (admin). */
  contact: (institutionId: number, contactId: number) => `/reference/institutions/${institutionId}/dossier/contacts/${contactId}/`,
  /** POST (admins, document verifiers, officers): a check of the institution. */
  checks: (institutionId: number) => `/reference/institutions/${institutionId}/dossier/checks/`,
  /** POST (admin): put the institution on the watch list. */
  watchEntries: (institutionId: number) => `/reference/institutions/${institutionId}/dossier/watch-entries/`,
  /** POST (admin): lift a running watch entry (it is kept). */
  liftWatchEntry: (institutionId: number, entryId: number) => `/reference/institutions/${institutionId}/dossier/watch-entries/${entryId}/lift/`,
  /** GET (every member of staff): was the institution accredited on a day? */
  accreditationOn: (institutionId: number) => `/reference/institutions/${institutionId}/accreditation/`,
  /** GET (the application's row scope): the application's institution as its authenticity stands. */
  application: (applicationId: number) => `/applications/${applicationId}/authenticity/`,
} as const;
