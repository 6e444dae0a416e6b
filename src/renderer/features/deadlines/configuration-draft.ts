import {
  DEADLINE_MESSAGES,
  deadlineConfigurationCreate,
  deadlineConfigurationUpdate,
  type DeadlineConfiguration,
  type DeadlineConfigurationCreate,
  type DeadlineConfigurationUpdate,
  type RecipientRef,
} from '../../../shared/api/deadlines';
import type { DeadlineType, ReminderFrequency, ServiceCategory } from '../../../shared/constants';
import type { DeadlineCondition } from '../../../shared/domain/deadline-stages';

// The configuration form as a person fills it (texts, '' for "not chosen") and its translation
// into the API's request, checked by the shared schema before anything is sent. Kept apart from
// the dialog so the rules between fields are tested without rendering.

export interface ConfigurationDraft {
  name_en: string;
  name_sq: string;
  name_sr: string;
  deadline_type: DeadlineType | '';
  service_category: ServiceCategory | '';
  days_from_start: string;
  working_days: boolean;
  conditional: boolean;
  condition: DeadlineCondition | '';
  mandatory: boolean;
  mandatory_by_law: boolean;
  legal_basis: string;
  reminder_enabled: boolean;
  reminder_days_before: string;
  reminder_frequency: ReminderFrequency | '';
  escalation_enabled: boolean;
  escalation_days_after: string;
  /** `user:<id>` or `group:<id>`, the values of the recipients menu. */
  escalation_recipients: string[];
}

export type DraftField = keyof ConfigurationDraft;

export const EMPTY_DRAFT: ConfigurationDraft = {
  name_en: '',
  name_sq: '',
  name_sr: '',
  deadline_type: '',
  service_category: '',
  days_from_start: '',
  working_days: true,
  conditional: false,
  condition: '',
  mandatory: true,
  mandatory_by_law: false,
  legal_basis: '',
  reminder_enabled: false,
  reminder_days_before: '',
  reminder_frequency: '',
  escalation_enabled: false,
  escalation_days_after: '',
  escalation_recipients: [],
};

export const recipientKey = (recipient: RecipientRef) => `${recipient.kind}:${recipient.id}`;

function recipientOf(key: string): RecipientRef {
  const [kind, id] = key.split(':');
  return { kind: kind === 'group' ? 'group' : 'user', id: Number(id) };
}

const numberText = (value: number | null) => (value === null ? '' : String(value));

export function draftOf(configuration: DeadlineConfiguration): ConfigurationDraft {
  return {
    name_en: configuration.name_en,
    name_sq: configuration.name_sq,
    name_sr: configuration.name_sr,
    deadline_type: configuration.deadline_type,
    service_category: configuration.service_category,
    days_from_start: String(configuration.days_from_start),
    working_days: configuration.working_days,
    conditional: configuration.conditional,
    condition: configuration.condition ?? '',
    mandatory: configuration.mandatory,
    mandatory_by_law: configuration.mandatory_by_law,
    legal_basis: configuration.legal_basis ?? '',
    reminder_enabled: configuration.reminder_enabled,
    reminder_days_before: numberText(configuration.reminder_days_before),
    reminder_frequency: configuration.reminder_frequency ?? '',
    escalation_enabled: configuration.escalation_enabled,
    escalation_days_after: numberText(configuration.escalation_days_after),
    escalation_recipients: configuration.escalation_recipients.map(recipientKey),
  };
}

/** The shared schema's (and the server's) message for a number a person typed that is not one. */
export const NOT_A_WHOLE_NUMBER = 'Invalid format';
export const REQUIRED = 'This field is required';

type NumberField = 'days_from_start' | 'reminder_days_before' | 'escalation_days_after';

/** A typed whole number, null when empty, or the message saying why it is not one. */
function wholeNumber(text: string): number | null | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : { problem: NOT_A_WHOLE_NUMBER };
}

export type DraftCheck<Body> = { ok: true; body: Body } | { ok: false; errors: Partial<Record<DraftField, string>> };

/**
 * The request for `draft`, or the English message of each field a person must change. A part that
 * is switched off (no condition, not by law, no reminder, no escalation) sends nothing of its own,
 * while the form keeps what was typed in case it is switched on again.
 */
export function checkDraft(draft: ConfigurationDraft, version: number | null): DraftCheck<DeadlineConfigurationCreate | DeadlineConfigurationUpdate> {
  const errors: Partial<Record<DraftField, string>> = {};
  const numbers: Record<NumberField, number | null> = { days_from_start: null, reminder_days_before: null, escalation_days_after: null };
  for (const field of Object.keys(numbers) as NumberField[]) {
    const parsed = wholeNumber(draft[field]);
    if (parsed !== null && typeof parsed === 'object') errors[field] = parsed.problem;
    else numbers[field] = parsed;
  }
  if (numbers.days_from_start === null && !errors.days_from_start) errors.days_from_start = REQUIRED;

  const body = {
    name_en: draft.name_en,
    name_sq: draft.name_sq,
    name_sr: draft.name_sr,
    deadline_type: draft.deadline_type,
    service_category: draft.service_category,
    // A placeholder that passes the number check when the real value is missing or mistyped,
    // so the schema still reports the other fields in the same pass.
    days_from_start: numbers.days_from_start ?? 1,
    working_days: draft.working_days,
    conditional: draft.conditional,
    condition: draft.conditional && draft.condition !== '' ? draft.condition : null,
    mandatory: draft.mandatory,
    mandatory_by_law: draft.mandatory_by_law,
    legal_basis: draft.mandatory_by_law && draft.legal_basis.trim() !== '' ? draft.legal_basis : null,
    reminder_enabled: draft.reminder_enabled,
    reminder_days_before: draft.reminder_enabled ? numbers.reminder_days_before : null,
    reminder_frequency: draft.reminder_enabled && draft.reminder_frequency !== '' ? draft.reminder_frequency : null,
    escalation_enabled: draft.escalation_enabled,
    escalation_days_after: draft.escalation_enabled ? numbers.escalation_days_after : null,
    escalation_recipients: draft.escalation_enabled ? draft.escalation_recipients.map(recipientOf) : [],
    ...(version === null ? {} : { version }),
  };
  // A mistyped reminder or escalation number is reported as such, not as missing.
  if (!draft.reminder_enabled) delete errors.reminder_days_before;
  if (!draft.escalation_enabled) delete errors.escalation_days_after;

  let daysUnknown = errors.days_from_start !== undefined;
  const schema = version === null ? deadlineConfigurationCreate : deadlineConfigurationUpdate;
  const parsed = schema.safeParse(body);
  if (parsed.success && Object.keys(errors).length === 0) return { ok: true, body: parsed.data };
  if (!parsed.success) collect(parsed.error.issues, errors, daysUnknown);

  // zod runs the rules between fields only once every field is valid on its own: a second pass
  // with stand-ins for the fields already reported tells a person every problem at once.
  const standIns = Object.fromEntries(Object.keys(errors).flatMap((field) => (field in STAND_INS ? [[field, STAND_INS[field as keyof typeof STAND_INS]]] : [])));
  daysUnknown ||= 'days_from_start' in standIns;
  const second = schema.safeParse({ ...body, ...standIns });
  if (!second.success) collect(second.error.issues, errors, daysUnknown);
  return { ok: false, errors };
}

/** Valid values for the fields checked on their own, used only to reach the rules between fields. */
const STAND_INS = {
  name_en: '-',
  name_sq: '-',
  name_sr: '-',
  deadline_type: 'document_upload',
  service_category: 'higher_education',
  days_from_start: 1,
} as const;

function collect(issues: readonly { path: PropertyKey[]; code: string; message: string }[], errors: Partial<Record<DraftField, string>>, daysUnknown: boolean): void {
  for (const issue of issues) {
    const field = String(issue.path[0]) as DraftField;
    // Compared with a stand-in for the days, not with what the person will type.
    if (daysUnknown && issue.message === DEADLINE_MESSAGES.reminderTooEarly) continue;
    // An unchosen select arrives as '' and fails its enum: that is a missing choice.
    errors[field] ??= issue.code === 'invalid_value' ? REQUIRED : issue.message;
  }
}
