import type { TFunction } from 'i18next';
import {
  deadlineConfigurationCreate,
  deadlineConfigurationUpdate,
  type DeadlineConfiguration,
  type RecipientRef,
} from '../../../shared/api/deadlines';
import type { DeadlineType, ReminderFrequency, ServiceCategory } from '../../../shared/constants';
import type { DeadlineCondition } from '../../../shared/domain/deadline-stages';
import type { ZodIssue } from '../../lib/zod-issue-message';

// The configuration form as a person fills it (texts, '' for "not chosen") and its translation
// into the API's request, which the shared schema checks through the form layer before anything
// is sent. Kept apart from the dialog so the rules between fields are tested without rendering.

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

/** A number as typed: '' is none, anything else is the number it reads as (NaN for none, which the schema refuses). */
function typedNumber(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * The request a draft stands for (the version read when editing). A part that is switched off (no
 * condition, not by law, no reminder, no escalation) sends nothing of its own, while the form
 * keeps what was typed in case it is switched on again.
 */
export function configurationRequestOf(draft: ConfigurationDraft, version: number | null) {
  return {
    name_en: draft.name_en,
    name_sq: draft.name_sq,
    name_sr: draft.name_sr,
    deadline_type: draft.deadline_type,
    service_category: draft.service_category,
    // None typed is missing ("This field is required"), not a number of days.
    days_from_start: typedNumber(draft.days_from_start) ?? undefined,
    working_days: draft.working_days,
    conditional: draft.conditional,
    condition: draft.conditional && draft.condition !== '' ? draft.condition : null,
    mandatory: draft.mandatory,
    mandatory_by_law: draft.mandatory_by_law,
    legal_basis: draft.mandatory_by_law && draft.legal_basis.trim() !== '' ? draft.legal_basis : null,
    reminder_enabled: draft.reminder_enabled,
    reminder_days_before: draft.reminder_enabled ? typedNumber(draft.reminder_days_before) : null,
    reminder_frequency: draft.reminder_enabled && draft.reminder_frequency !== '' ? draft.reminder_frequency : null,
    escalation_enabled: draft.escalation_enabled,
    escalation_days_after: draft.escalation_enabled ? typedNumber(draft.escalation_days_after) : null,
    escalation_recipients: draft.escalation_enabled ? draft.escalation_recipients.map(recipientOf) : [],
    ...(version === null ? {} : { version }),
  };
}

const NUMBER_FIELDS: ReadonlySet<string> = new Set(['days_from_start', 'reminder_days_before', 'escalation_days_after']);

/**
 * The configuration form for the form layer (lib/form.ts): checked by the API's own schema, a
 * day count that is no whole number said as such (the schema's words are about types).
 */
export function configurationForm(version: number | null) {
  return {
    schema: version === null ? deadlineConfigurationCreate : deadlineConfigurationUpdate,
    toRequest: (draft: ConfigurationDraft) => configurationRequestOf(draft, version),
    describe: (issue: ZodIssue, t: TFunction) =>
      NUMBER_FIELDS.has(String(issue.path[0])) && issue.code === 'invalid_type' && issue.input !== undefined && issue.input !== null ? t('common:validation.wholeNumber') : undefined,
  };
}
