import { describe, expect, it } from 'vitest';
import enRefusals from '../../../../locales/en/refusals.json';
import type { DeadlineConfiguration } from '../../../../src/shared/api/deadlines';
import { configurationForm, draftOf, EMPTY_DRAFT, type ConfigurationDraft } from '../../../../src/renderer/features/deadlines/configuration-draft';
import { createI18n } from '../../../../src/renderer/lib/i18n';
import { formSchema } from '../../../../src/renderer/lib/form';

// The form is checked by the API's schema through the form layer (lib/form.ts): each field's
// first message in the reader's words, the rules between fields by their refusal codes.

const t = createI18n('en').getFixedT('en');
const REFUSAL = enRefusals;

const complete: ConfigurationDraft = {
  ...EMPTY_DRAFT,
  name_en: '  Fee payment  ',
  name_sq: 'Pagesa e tarifës',
  name_sr: 'Plaćanje takse',
  deadline_type: 'fee_payment',
  service_category: 'kosovo_verification',
  days_from_start: '15',
};

type Checked = { ok: true; body: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** What the form layer makes of the values: the request, or the first message of each field. */
function checkDraft(draft: ConfigurationDraft, version: number | null): Checked {
  const parsed = formSchema<ConfigurationDraft>(configurationForm(version), t).safeParse(draft);
  if (parsed.success) return { ok: true, body: parsed.data as Record<string, unknown> };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}

const errorsOf = (draft: ConfigurationDraft, version: number | null = null) => {
  const result = checkDraft(draft, version);
  return result.ok ? {} : result.errors;
};

describe('the deadline configuration form', () => {
  it('sends a complete configuration as the API takes it: names trimmed, switched-off parts empty', () => {
    const result = checkDraft({ ...complete, reminder_days_before: '3', condition: 'fee_enabled', legal_basis: 'Law 04/L-037' }, null);
    expect(result).toEqual({
      ok: true,
      body: {
        name_en: 'Fee payment',
        name_sq: 'Pagesa e tarifës',
        name_sr: 'Plaćanje takse',
        deadline_type: 'fee_payment',
        service_category: 'kosovo_verification',
        days_from_start: 15,
        working_days: true,
        conditional: false,
        condition: null,
        mandatory: true,
        mandatory_by_law: false,
        legal_basis: null,
        reminder_enabled: false,
        reminder_days_before: null,
        reminder_frequency: null,
        escalation_enabled: false,
        escalation_days_after: null,
        escalation_recipients: [],
      },
    });
  });

  it('asks for every missing required field in one pass', () => {
    expect(errorsOf(EMPTY_DRAFT)).toEqual({
      name_en: 'This field is required',
      name_sq: 'This field is required',
      name_sr: 'This field is required',
      deadline_type: 'This field is required',
      service_category: 'This field is required',
      days_from_start: 'This field is required',
    });
  });

  it('refuses days that are not a whole number or outside the limits', () => {
    expect(errorsOf({ ...complete, days_from_start: '2.5' })).toEqual({ days_from_start: 'Enter a whole number.' });
    expect(errorsOf({ ...complete, days_from_start: 'ten' })).toEqual({ days_from_start: 'Enter a whole number.' });
    expect(errorsOf({ ...complete, days_from_start: '0' })).toEqual({ days_from_start: 'Enter at least 1.' });
    expect(errorsOf({ ...complete, days_from_start: '731' })).toEqual({ days_from_start: 'Enter at most 730.' });
  });

  it('a reminder needs its days and its frequency, and cannot start before the deadline does', () => {
    expect(errorsOf({ ...complete, reminder_enabled: true })).toEqual({
      reminder_days_before: REFUSAL.deadline_reminder_days_required,
      reminder_frequency: REFUSAL.deadline_reminder_frequency_required,
    });
    expect(errorsOf({ ...complete, reminder_enabled: true, reminder_days_before: 'x', reminder_frequency: 'daily' })).toEqual({ reminder_days_before: 'Enter a whole number.' });
    expect(errorsOf({ ...complete, reminder_enabled: true, reminder_days_before: '16', reminder_frequency: 'daily' })).toEqual({
      reminder_days_before: REFUSAL.deadline_reminder_too_early,
    });
    // Compared with the days a person types, not with a placeholder while they are missing.
    expect(errorsOf({ ...complete, days_from_start: '', reminder_enabled: true, reminder_days_before: '16', reminder_frequency: 'daily' })).toEqual({
      days_from_start: 'This field is required',
    });
  });

  it('an escalation needs its days and at least one recipient', () => {
    expect(errorsOf({ ...complete, escalation_enabled: true })).toEqual({
      escalation_days_after: REFUSAL.deadline_escalation_days_required,
      escalation_recipients: REFUSAL.deadline_escalation_recipients_required,
    });
    const result = checkDraft({ ...complete, escalation_enabled: true, escalation_days_after: '0', escalation_recipients: ['group:3', 'user:7'] }, null);
    expect(result.ok && result.body.escalation_recipients).toEqual([
      { kind: 'group', id: 3 },
      { kind: 'user', id: 7 },
    ]);
  });

  it('names the rules between fields together with the missing fields, not after them', () => {
    expect(errorsOf({ ...EMPTY_DRAFT, name_en: 'Upload', reminder_enabled: true, reminder_days_before: '40', escalation_enabled: true, escalation_days_after: '1' })).toEqual({
      name_sq: 'This field is required',
      name_sr: 'This field is required',
      deadline_type: 'This field is required',
      service_category: 'This field is required',
      days_from_start: 'This field is required',
      reminder_frequency: REFUSAL.deadline_reminder_frequency_required,
      escalation_recipients: REFUSAL.deadline_escalation_recipients_required,
    });
  });

  it('a deadline mandatory by law needs its legal basis; a conditional one its condition', () => {
    expect(errorsOf({ ...complete, mandatory_by_law: true, legal_basis: '   ' })).toEqual({ legal_basis: REFUSAL.deadline_legal_basis_required });
    expect(errorsOf({ ...complete, conditional: true })).toEqual({ condition: REFUSAL.deadline_condition_required });
  });

  it('what a switched-off part holds is neither checked nor sent', () => {
    const result = checkDraft({ ...complete, reminder_days_before: 'soon', escalation_recipients: ['user:7'], legal_basis: 'Law' }, null);
    expect(result.ok).toBe(true);
  });

  it('an edit starts from the stored configuration and sends the version it read', () => {
    const stored: DeadlineConfiguration = {
      id: 4,
      name_en: 'Council review',
      name_sq: 'Shqyrtimi nga këshilli',
      name_sr: 'Razmatranje u savetu',
      deadline_type: 'council_review',
      service_category: 'higher_education',
      days_from_start: 30,
      working_days: true,
      conditional: true,
      condition: 'council_required',
      mandatory: true,
      mandatory_by_law: true,
      legal_basis: 'Administrative Instruction 01/2026, art. 12',
      reminder_enabled: true,
      reminder_days_before: 5,
      reminder_frequency: 'daily',
      escalation_enabled: true,
      escalation_days_after: 1,
      escalation_recipients: [{ kind: 'group', id: 2, name: 'NARIC Administrators' }],
      active: true,
      applications_count: 12,
      version: 3,
      created_at: '2026-01-05T09:00:00Z',
      updated_at: '2026-02-01T09:00:00Z',
    };
    const draft = draftOf(stored);
    expect(draft.days_from_start).toBe('30');
    expect(draft.escalation_recipients).toEqual(['group:2']);
    const result = checkDraft({ ...draft, days_from_start: '40' }, stored.version);
    expect(result.ok && result.body).toMatchObject({ version: 3, days_from_start: 40, condition: 'council_required', escalation_recipients: [{ kind: 'group', id: 2 }] });
  });
});
