// Business constants and limits of spec §9, in one place for every part of the product.

export const API_BASE_PATH = '/api';
export const API_TIMEOUT_MS = 30_000;
export const TOKEN_REFRESH_TIMEOUT_MS = 10_000;

export const AUTH_WAIT_LIMIT_MS = 5_000;
export const AUTH_WAIT_POLL_MS = 100;

export const TOKEN_STORAGE_KEYS = {
  access: 'admin_token',
  refresh: 'admin_refresh_token',
} as const;

export const XSRF_COOKIE_NAME = 'XSRF-TOKEN';
export const XSRF_HEADER_NAME = 'X-XSRF-TOKEN';

export const LANGUAGES = ['en', 'sq', 'sr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_STORAGE_KEY = 'naric.language';

export const SERVICE_TYPES = [1, 2, 3, 4, 5] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];

export const SERVICE_CATEGORIES = [
  'higher_education',
  'pre_university',
  'kosovo_verification',
  'abroad_verification',
  'academic_information',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** Service type n belongs to category n (spec §1 and §9 list them in the same order). */
export const SERVICE_CATEGORY_BY_TYPE: Record<ServiceType, ServiceCategory> = {
  1: 'higher_education',
  2: 'pre_university',
  3: 'kosovo_verification',
  4: 'abroad_verification',
  5: 'academic_information',
};

export const DEADLINE_TYPES = [
  'document_upload',
  'fee_payment',
  'service_completion',
  'council_review',
  'application_submission',
  'document_verification',
  'administrative_review',
  'final_decision',
  'appeal_review',
  'authenticity_confirmation',
] as const;
export type DeadlineType = (typeof DEADLINE_TYPES)[number];

export const REMINDER_FREQUENCIES = ['once', 'daily', 'weekly'] as const;
export type ReminderFrequency = (typeof REMINDER_FREQUENCIES)[number];

/** Degree options offered per service (spec §9); service 3 has none specified. */
export const SERVICE_DEGREE_OPTIONS: Record<ServiceType, readonly string[]> = {
  1: ['high_professional_school', 'bachelor', 'master', 'doctorate'],
  2: ['primary', 'lower_secondary', 'upper_secondary'],
  3: [],
  4: [
    'grades_1_5',
    'grade_10',
    'grade_11',
    'grade_12',
    'grade_13',
    'grades_1_8',
    'grades_6_9',
    'diploma_document',
    'certificate_document',
  ],
  5: ['general_academic_information'],
};

export const GENDERS = ['male', 'female', 'other', 'prefer_not_to_say', 'not_specified'] as const;
export type Gender = (typeof GENDERS)[number];

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 200;
