// The application statuses of spec §4 and the fields around them (spec §3).

export const APPLICATION_STATUSES = [
  'submitted',
  'processing',
  'approved',
  'rejected',
  'pending',
  'council_review',
  'council_assigned',
  'document_verification',
  'decision_pending',
  'originality_verified',
  'pre_university_recognition',
  'pre_university_non_recognition',
  'payment_completed',
  'payment_exempted',
  'payment_pending',
  'original',
  'verified',
  'suspicious',
  'inspectorate_pending',
  'inspectorate_verified',
  'inspectorate_rejected',
  'in_review',
  'needs_clarification',
  'assessment_completed',
  'additional_info_required',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** Statuses that end the work on an application (workflow.md: "open" means any other). */
export const CLOSED_STATUSES: readonly ApplicationStatus[] = [
  'approved',
  'rejected',
  'pre_university_recognition',
  'pre_university_non_recognition',
];

export function isClosedStatus(status: ApplicationStatus): boolean {
  return CLOSED_STATUSES.includes(status);
}

/** Statuses in which the applicant owes us something (part of the "incomplete" definition). */
export const WAITING_FOR_APPLICANT_STATUSES: readonly ApplicationStatus[] = [
  'needs_clarification',
  'additional_info_required',
];

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const DEGREE_LEVELS = [
  'high_school',
  'bachelor',
  'master',
  'phd',
  'doctorate',
  'professional',
  'diploma',
  'certificate',
  'other',
] as const;
export type DegreeLevel = (typeof DEGREE_LEVELS)[number];

export const INSTITUTION_TYPES = ['public', 'private'] as const;
export type InstitutionType = (typeof INSTITUTION_TYPES)[number];

/** How the qualification was studied: evaluators weigh a distance degree's workload differently. */
export const STUDY_MODES = ['full_time', 'part_time', 'distance'] as const;
export type StudyMode = (typeof STUDY_MODES)[number];

/**
 * Languages a qualification may have been taught in (ISO 639-1), those of the region and of the
 * countries the caseload comes from: a closed list, so every reader sees each one named in their
 * language.
 */
export const INSTRUCTION_LANGUAGES = [
  'sq', 'sr', 'bs', 'hr', 'mk', 'sl', 'tr', 'en', 'de', 'fr', 'it', 'es', 'pt', 'nl', 'sv', 'no', 'da', 'fi',
  'cs', 'sk', 'pl', 'hu', 'ro', 'bg', 'el', 'ru', 'uk', 'ar',
] as const;
export type InstructionLanguage = (typeof INSTRUCTION_LANGUAGES)[number];

/** Review status of the council's work on an application (spec §3 "review status"). */
export const COUNCIL_REVIEW_STATUSES = ['pending_review', 'in_review', 'completed'] as const;
export type CouncilReviewStatus = (typeof COUNCIL_REVIEW_STATUSES)[number];

/** Document review states (spec §4 "Other statuses") and kinds (spec §3). */
export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
export const DOCUMENT_KINDS = ['original', 'copy', 'translation'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Academic field categories used to route service-1 applications to a council. */
export const ACADEMIC_FIELD_CATEGORIES = [
  'natural_sciences',
  'engineering_technology',
  'medical_health',
  'agricultural_sciences',
  'social_sciences',
  'humanities_arts',
  'education',
  'law',
  'economics_business',
] as const;
export type AcademicFieldCategory = (typeof ACADEMIC_FIELD_CATEGORIES)[number];
