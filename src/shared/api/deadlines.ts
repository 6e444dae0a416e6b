import { z } from 'zod';
import { DEADLINE_TYPES, REMINDER_FREQUENCIES, SERVICE_CATEGORIES } from '../constants';
import { APPLICATION_STATUSES } from '../domain/application-status';
import { DEADLINE_CONDITIONS } from '../domain/deadline-stages';
import { paginated, pageQuery, recordId, recordVersion } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';
import { checkRefusal, type CheckRefusal } from '../refusals';

// Deadline management (spec §3 "Deadline configuration", §9): configurations, their
// history, the holiday calendar the working-day clock skips, and how an application's deadline
// was computed. Administrators only (spec §2, §6): every call answers 403 to anyone else.

export const DEADLINE_PATHS = {
  configurations: '/deadlines/',
  configuration: (id: number) => `/deadlines/${id}/`,
  activate: (id: number) => `/deadlines/${id}/activate/`,
  deactivate: (id: number) => `/deadlines/${id}/deactivate/`,
  history: (id: number) => `/deadlines/${id}/history/`,
  /** The people and groups an escalation may go to. */
  recipients: '/deadlines/recipients/',
  holidays: '/holidays/',
  holiday: (id: number) => `/holidays/${id}/`,
  /** Adds the maintained library's Kosovo holidays of a year that the calendar lacks. */
  holidayImport: '/holidays/import/',
} as const;

/** Limits of the numbers of a configuration (days). */
export const DEADLINE_LIMITS = {
  daysFromStart: { min: 1, max: 730 },
  reminderDaysBefore: { min: 1, max: 365 },
  escalationDaysAfter: { min: 0, max: 365 },
  recipients: 50,
  legalBasis: 1000,
} as const;

/** Field messages of the cross-field rules (English; the renderer translates them by these keys). */
export const DEADLINE_MESSAGES = {
  conditionRequired: 'Choose the condition of a conditional deadline.',
  legalBasisRequired: 'Give the legal basis of a deadline that is mandatory by law.',
  reminderDaysRequired: 'Give how many days before the deadline the reminder is sent.',
  reminderFrequencyRequired: 'Choose how often the reminder is sent.',
  reminderTooEarly: 'The reminder cannot start before the deadline itself starts: give at most the days from start.',
  escalationDaysRequired: 'Give how many days after the deadline the escalation is sent.',
  escalationRecipientsRequired: 'Choose at least one person or group to escalate to.',
  duplicateRecipient: 'Each person or group may be chosen once.',
  unknownRecipient: 'This person or group does not exist or cannot receive escalations.',
  configurationInUse: 'This deadline configuration has been used by applications; deactivate it instead of deleting it.',
  holidayExists: 'This date is already a holiday in the calendar.',
} as const;

const integer = (min: number, max: number) =>
  z.number().int('Invalid format').min(min, `Ensure this value is at least ${min}.`).max(max, `Ensure this value is at most ${max}.`);

/** A calendar date that exists (2026-02-30 is refused here, not by the database). */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Invalid format')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && value >= '1900-01-01' && value <= '2999-12-31';
  }, 'Invalid format');

export const RECIPIENT_KINDS = ['user', 'group'] as const;
export const recipientRef = z.object({ kind: z.enum(RECIPIENT_KINDS), id: recordId });
export type RecipientRef = z.infer<typeof recipientRef>;

const requiredName = safeText({ max: TEXT_LIMITS.name }).min(1, 'This field is required');

/** What an administrator writes: every field of spec §3 (names in en, sq and sr). */
const configurationFields = z.object({
  name_en: requiredName,
  name_sq: requiredName,
  name_sr: requiredName,
  deadline_type: z.enum(DEADLINE_TYPES),
  service_category: z.enum(SERVICE_CATEGORIES),
  days_from_start: integer(DEADLINE_LIMITS.daysFromStart.min, DEADLINE_LIMITS.daysFromStart.max),
  /** Working days (weekends and the holiday calendar skipped) instead of calendar days. */
  working_days: z.boolean().default(false),
  conditional: z.boolean().default(false),
  /** Required when conditional; ignored (stored as null) otherwise. */
  condition: z.enum(DEADLINE_CONDITIONS).nullable().default(null),
  mandatory: z.boolean().default(true),
  mandatory_by_law: z.boolean().default(false),
  /** Required when mandatory by law. */
  legal_basis: safeText({ max: DEADLINE_LIMITS.legalBasis, multiline: true }).nullable().default(null),
  reminder_enabled: z.boolean().default(false),
  reminder_days_before: integer(DEADLINE_LIMITS.reminderDaysBefore.min, DEADLINE_LIMITS.reminderDaysBefore.max).nullable().default(null),
  reminder_frequency: z.enum(REMINDER_FREQUENCIES).nullable().default(null),
  escalation_enabled: z.boolean().default(false),
  escalation_days_after: integer(DEADLINE_LIMITS.escalationDaysAfter.min, DEADLINE_LIMITS.escalationDaysAfter.max).nullable().default(null),
  escalation_recipients: z.array(recipientRef).max(DEADLINE_LIMITS.recipients, `Ensure this list has at most ${DEADLINE_LIMITS.recipients} items.`).default([]),
});

type ConfigurationFields = z.output<typeof configurationFields>;

/** The rules between fields, each reported on the field a person must change. */
function checkConfiguration(value: ConfigurationFields, context: z.RefinementCtx): void {
  const problem = (path: keyof ConfigurationFields, message: string, params: CheckRefusal) => context.addIssue({ code: 'custom', path: [path], message, params });
  if (value.conditional && value.condition === null) problem('condition', DEADLINE_MESSAGES.conditionRequired, checkRefusal('deadline_condition_required'));
  if (value.mandatory_by_law && !value.legal_basis) problem('legal_basis', DEADLINE_MESSAGES.legalBasisRequired, checkRefusal('deadline_legal_basis_required'));
  if (value.reminder_enabled) {
    if (value.reminder_days_before === null) problem('reminder_days_before', DEADLINE_MESSAGES.reminderDaysRequired, checkRefusal('deadline_reminder_days_required'));
    // Compared only with days from start that are a number (else that field has its own message).
    else if (Number.isInteger(value.days_from_start) && value.reminder_days_before > value.days_from_start) problem('reminder_days_before', DEADLINE_MESSAGES.reminderTooEarly, checkRefusal('deadline_reminder_too_early'));
    if (value.reminder_frequency === null) problem('reminder_frequency', DEADLINE_MESSAGES.reminderFrequencyRequired, checkRefusal('deadline_reminder_frequency_required'));
  }
  if (value.escalation_enabled) {
    if (value.escalation_days_after === null) problem('escalation_days_after', DEADLINE_MESSAGES.escalationDaysRequired, checkRefusal('deadline_escalation_days_required'));
    if (value.escalation_recipients.length === 0) problem('escalation_recipients', DEADLINE_MESSAGES.escalationRecipientsRequired, checkRefusal('deadline_escalation_recipients_required'));
  }
  const seen = new Set(value.escalation_recipients.map((recipient) => `${recipient.kind}:${recipient.id}`));
  if (seen.size !== value.escalation_recipients.length) problem('escalation_recipients', DEADLINE_MESSAGES.duplicateRecipient, checkRefusal('deadline_duplicate_recipient'));
}

/**
 * The rules between fields run whenever the fields they read have their shape, so a name left
 * empty does not hide that a reminder lacks its days: a person hears of every problem at once.
 */
const ruleFields = configurationFields.omit({ name_en: true, name_sq: true, name_sr: true, deadline_type: true, service_category: true, days_from_start: true });
const rulesApply = { when: (payload: { value: unknown }) => ruleFields.safeParse(payload.value).success };

export const deadlineConfigurationCreate = configurationFields.superRefine(checkConfiguration, rulesApply);
export type DeadlineConfigurationCreate = z.input<typeof deadlineConfigurationCreate>;

/** An update sends every field again with the version it read (412 when someone saved in between). */
export const deadlineConfigurationUpdate = configurationFields.extend({ version: recordVersion }).superRefine(checkConfiguration, rulesApply);
export type DeadlineConfigurationUpdate = z.input<typeof deadlineConfigurationUpdate>;

/** Activate, deactivate: the version read. */
export const deadlineConfigurationToggle = z.object({ version: recordVersion });

export const recipient = recipientRef.extend({ name: z.string() });

export const deadlineConfiguration = z.object({
  id: z.number().int(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  deadline_type: z.enum(DEADLINE_TYPES),
  service_category: z.enum(SERVICE_CATEGORIES),
  days_from_start: z.number().int(),
  working_days: z.boolean(),
  conditional: z.boolean(),
  condition: z.enum(DEADLINE_CONDITIONS).nullable(),
  mandatory: z.boolean(),
  mandatory_by_law: z.boolean(),
  legal_basis: z.string().nullable(),
  reminder_enabled: z.boolean(),
  reminder_days_before: z.number().int().nullable(),
  reminder_frequency: z.enum(REMINDER_FREQUENCIES).nullable(),
  escalation_enabled: z.boolean(),
  escalation_days_after: z.number().int().nullable(),
  escalation_recipients: z.array(recipient),
  active: z.boolean(),
  /** How many application deadlines were started from it: once above 0 it can no longer be deleted. */
  applications_count: z.number().int().nonnegative(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type DeadlineConfiguration = z.infer<typeof deadlineConfiguration>;

export const DEADLINE_ORDERINGS = ['name', '-name', 'deadline_type', '-deadline_type', 'service_category', '-service_category', 'days_from_start', '-days_from_start', 'updated_at', '-updated_at'] as const;

export const deadlineConfigurationListQuery = pageQuery.extend({
  deadline_type: z.enum(DEADLINE_TYPES).optional(),
  service_category: z.enum(SERVICE_CATEGORIES).optional(),
  active: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  /** Matched against the three names and the legal basis. */
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
  ordering: z.enum(DEADLINE_ORDERINGS).default('deadline_type'),
});
export type DeadlineConfigurationListQueryInput = z.input<typeof deadlineConfigurationListQuery>;
export const deadlineConfigurationListAnswer = paginated(deadlineConfiguration);

/** One change of a configuration: who, when, and the fields before and after (null before = created). */
export const deadlineConfigurationChange = z.object({
  id: z.number().int(),
  action: z.enum(['created', 'updated', 'activated', 'deactivated']),
  actor: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  at: z.string(),
  /** The fields that changed, with their values before and after. */
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type DeadlineConfigurationChange = z.infer<typeof deadlineConfigurationChange>;
export const deadlineConfigurationHistoryAnswer = paginated(deadlineConfigurationChange);

export const recipientOptionsAnswer = z.object({
  users: z.array(z.object({ id: z.number().int(), full_name: z.string(), username: z.string() })),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

// The holiday calendar.

export const holiday = z.object({
  id: z.number().int(),
  date: z.string(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  /** 'library': imported from the maintained Kosovo holiday library; 'manual': added by an administrator. */
  source: z.enum(['library', 'manual']),
});
export type Holiday = z.infer<typeof holiday>;

const year = z.coerce.number().int('Invalid format').min(2000, 'Ensure this value is at least 2000.').max(2100, 'Ensure this value is at most 2100.');
export const holidayListQuery = z.object({ year });
export const holidayListAnswer = z.array(holiday);
export const holidayCreate = z.object({ date: calendarDate, name_en: requiredName, name_sq: requiredName, name_sr: requiredName });
export type HolidayCreate = z.input<typeof holidayCreate>;
export const holidayImport = z.object({ year });
export const holidayImportAnswer = z.object({ added: z.number().int().nonnegative(), holidays: holidayListAnswer });

// How an application's deadline was computed (the application detail carries these).

/** One readable step of a computation; the screen words each kind in the user's language. */
export const deadlineStep = z.discriminatedUnion('kind', [
  /** The day the clock started (the start day itself is not counted). */
  z.object({ kind: z.literal('start'), date: z.string() }),
  z.object({ kind: z.literal('add_days'), days: z.number().int(), working_days: z.boolean() }),
  /** Saturdays and Sundays passed over while counting working days. */
  z.object({ kind: z.literal('skipped_weekends'), days: z.number().int() }),
  z.object({ kind: z.literal('skipped_holiday'), date: z.string(), name_en: z.string(), name_sq: z.string(), name_sr: z.string() }),
  /** The clock stood still from `from` to `to` (null: still waiting); `days` not counted. */
  z.object({
    kind: z.literal('paused'),
    from: z.string(),
    to: z.string().nullable(),
    days: z.number().int(),
    status: z.enum(APPLICATION_STATUSES),
    /** Absent: the applicant held the application; else the third party the centre waited on. */
    waiting_on: z.enum(['issuing_institution']).optional(),
  }),
  z.object({ kind: z.literal('due'), date: z.string(), provisional: z.boolean() }),
]);
export type DeadlineStep = z.infer<typeof deadlineStep>;

export const applicationDeadline = z.object({
  id: z.number().int(),
  configuration_id: z.number().int(),
  name_en: z.string(),
  name_sq: z.string(),
  name_sr: z.string(),
  deadline_type: z.enum(DEADLINE_TYPES),
  days: z.number().int(),
  working_days: z.boolean(),
  mandatory: z.boolean(),
  mandatory_by_law: z.boolean(),
  legal_basis: z.string().nullable(),
  started_at: z.string(),
  /** While paused: the date the deadline falls on if the clock resumes today (the `due` step says provisional). */
  due_date: z.string(),
  state: z.enum(['running', 'paused', 'completed']),
  completed_at: z.string().nullable(),
  overdue: z.boolean(),
  steps: z.array(deadlineStep),
});
export type ApplicationDeadline = z.infer<typeof applicationDeadline>;
