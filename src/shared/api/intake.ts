import { z } from 'zod';
import { GENDERS } from '../constants';
import { DOCUMENT_TYPES } from '../document-types';
import { DEGREE_LEVELS, DOCUMENT_KINDS, INSTITUTION_TYPES, INSTRUCTION_LANGUAGES, STUDY_MODES } from '../domain/application-status';
import { ACADEMIC_INFORMATION_REQUEST_TYPES } from '../domain/fees';
import { isoDate } from './applications';
import { recordId } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';
import { uploadFileName } from './documents';

// Counter intake: an application typed in at the counter, possibly offline, reaches
// the server later, once, complete. Its files are staged first (each under a key the client
// chose, so a retried upload stores nothing twice); the application is then created in one call
// carrying an Idempotency-Key and the staged files' keys, and only with files the server holds.
// A repeat of that call answers the application it already created.

/** A client-generated key (crypto.randomUUID()): staged uploads and Idempotency-Key use it. */
export const clientKey = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'Invalid format');
export type ClientKey = z.infer<typeof clientKey>;

/** The header a submission carries; the same value for every retry of the same draft. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const INTAKE_PATHS = {
  /** PUT a raw application/pdf body (query: file_name); answers the staged file. */
  upload: (uploadKey: string) => `/applications/intake/uploads/${uploadKey}/`,
  /** POST an intakeRequest with the Idempotency-Key header. */
  submit: '/applications/intake/',
  /** GET with intakeDuplicateQuery. */
  duplicates: '/applications/intake/possible-duplicates/',
} as const;

export const intakeUploadParams = z.object({ upload_key: clientKey });
export const intakeUploadQuery = z.object({ file_name: uploadFileName });

/** A staged file as the server holds it: its sha256 is what the client compares with its own. */
export const stagedUpload = z.object({
  upload_key: clientKey,
  file_name: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** Set once an application has taken the file. */
  application_id: z.number().int().nullable(),
});
export type StagedUpload = z.infer<typeof stagedUpload>;

const optionalText = (max: number = TEXT_LIMITS.default) => safeText({ max }).nullable().default(null);
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'Invalid format');
const email = safeText({ max: TEXT_LIMITS.email }).pipe(z.email('Enter a valid email address.'));
const required = (max: number) => safeText({ max }).min(1, 'This field is required');

export const INTAKE_LIMITS = {
  personalId: 32,
  phone: 32,
  address: 500,
  website: 300,
  duration: 50,
  purpose: 2000,
  gradingScale: 200,
  finalGrade: 50,
  exemptionReason: 2000,
  documents: 30,
  maxEcts: 1000,
} as const;

export const intakeApplicant = z.object({
  first_name: required(TEXT_LIMITS.name),
  last_name: required(TEXT_LIMITS.name),
  personal_id: required(INTAKE_LIMITS.personalId),
  date_of_birth: isoDate.nullable().default(null),
  gender: z.enum(GENDERS).default('not_specified'),
  email,
  phone: optionalText(INTAKE_LIMITS.phone),
  country: countryCode.nullable().default(null),
  address: optionalText(INTAKE_LIMITS.address),
});
export type IntakeApplicant = z.input<typeof intakeApplicant>;

export const intakeEducation = z.object({
  institution_name: required(TEXT_LIMITS.name),
  institution_country: countryCode.nullable().default(null),
  institution_email: email.nullable().default(null),
  institution_website: optionalText(INTAKE_LIMITS.website),
  institution_type: z.enum(INSTITUTION_TYPES).nullable().default(null),
  program_name: optionalText(TEXT_LIMITS.name),
  /** One of the service's degree options (spec §9); the server refuses another. */
  degree_level: z.enum(DEGREE_LEVELS).nullable().default(null),
  duration: optionalText(INTAKE_LIMITS.duration),
  graduation_date: isoDate.nullable().default(null),
  ects_credits: z.number().int().min(0).max(INTAKE_LIMITS.maxEcts).nullable().default(null),
  purpose_details: safeText({ max: INTAKE_LIMITS.purpose, multiline: true }).nullable().default(null),
  /** As the diploma writes it, in its own language. */
  original_title: optionalText(TEXT_LIMITS.name),
  language_of_instruction: z.enum(INSTRUCTION_LANGUAGES).nullable().default(null),
  study_mode: z.enum(STUDY_MODES).nullable().default(null),
  study_start: isoDate.nullable().default(null),
  study_end: isoDate.nullable().default(null),
  /** e.g. "1–10, pass 6". */
  grading_scale: optionalText(INTAKE_LIMITS.gradingScale),
  final_grade: optionalText(INTAKE_LIMITS.finalGrade),
}).superRefine((education, context) => {
  if (education.study_start && education.study_end && education.study_end < education.study_start) {
    context.addIssue({ code: 'custom', path: ['study_end'], message: INTAKE_MESSAGES.studyPeriodReversed });
  }
});
export type IntakeEducation = z.input<typeof intakeEducation>;

/** One file of the application: a staged upload and what it is. */
export const intakeDocument = z.object({
  upload_key: clientKey,
  document_type: z.enum(DOCUMENT_TYPES),
  kind: z.enum(DOCUMENT_KINDS).default('original'),
});
export type IntakeDocument = z.input<typeof intakeDocument>;

export const intakeRequest = z.object({
  service_type: z.number().int().min(1, 'Invalid format').max(5, 'Invalid format'),
  applicant: intakeApplicant,
  education: intakeEducation,
  /** Service 5: one of ACADEMIC_INFORMATION_REQUEST_TYPES. */
  request_type: z.enum(ACADEMIC_INFORMATION_REQUEST_TYPES).nullable().default(null),
  documents: z.array(intakeDocument).max(INTAKE_LIMITS.documents),
  /** The exemption request; its proof is a document of type exemption_proof. */
  exemption: z.object({ reason: required(INTAKE_LIMITS.exemptionReason) }).nullable().default(null),
  /**
   * The total the officer quoted at the counter (computed offline with shared/domain/fees.ts).
   * The server quotes again; when the price table changed meanwhile it refuses with 409 rather
   * than charge the applicant an amount nobody told them.
   */
  quoted_total: z.string().regex(/^\d{1,8}(\.\d{1,2})?$/, 'Invalid format'),
  /** When the officer took the application at the counter (the draft's creation). */
  taken_at: z.iso.datetime({ offset: true }),
});
export type IntakeRequest = z.input<typeof intakeRequest>;
export type IntakeRequestParsed = z.output<typeof intakeRequest>;

/** 201 on the first call, 200 with `replayed: true` on a repeat with the same Idempotency-Key. */
export const intakeAnswer = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.string(),
  quoted_fee: z.string().nullable(),
  documents: z.array(z.object({ id: z.number().int(), upload_key: clientKey, sha256: z.string().nullable() })),
  replayed: z.boolean(),
});
export type IntakeAnswer = z.infer<typeof intakeAnswer>;

export const intakeDuplicateQuery = z.object({
  personal_id: required(INTAKE_LIMITS.personalId),
  institution_name: required(TEXT_LIMITS.name),
});
export const intakeDuplicate = z.object({
  id: recordId,
  reference: z.string(),
  applicant_name: z.string(),
  institution_name: z.string().nullable(),
  service_type: z.number().int(),
  status: z.string(),
  submitted_at: z.string(),
});
export type IntakeDuplicate = z.infer<typeof intakeDuplicate>;
export const intakeDuplicatesAnswer = z.object({ matches: z.array(intakeDuplicate) });
export type IntakeDuplicatesAnswer = z.infer<typeof intakeDuplicatesAnswer>;

/** Refusal texts a person can act on (translated by the renderer's errors namespace). */
export const INTAKE_MESSAGES = {
  idempotencyKeyMissing: 'Every submission needs an Idempotency-Key header (a UUID chosen by the client).',
  idempotencyKeyReused: 'This submission key was already used for a different application. Send the draft again as a new submission.',
  uploadKeyReused: 'This upload key already holds a different file.',
  uploadMissing: 'A document of this application has not reached the server yet. Send the draft again: its files are uploaded first.',
  uploadTaken: 'A document of this draft already belongs to another application.',
  feeChanged: 'The fee changed since this draft was quoted. Open the draft, check the new fee with the applicant and send it again.',
  duplicateDocument: 'The same file is listed twice.',
  studyPeriodReversed: 'The studies must end on or after the day they start.',
} as const;
