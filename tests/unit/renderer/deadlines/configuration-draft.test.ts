import { describe, expect, it } from 'vitest';
import { DEADLINE_MESSAGES, type DeadlineConfiguration } from '../../../../src/shared/api/deadlines';
import { checkDraft, draftOf, EMPTY_DRAFT, type ConfigurationDraft } from '../../../../src/renderer/features/deadlines/configuration-draft';

const complete: ConfigurationDraft = {
  ...EMPTY_DRAFT,
  name_en: '  Fee payment  ',
  name_sq: 'Pagesa e tarifës',
  name_sr: 'Plaćanje takse',
  deadline_type: 'fee_payment',
  service_category: 'kosovo_verification',
  days_from_start: '15',
};

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
    expect(errorsOf({ ...complete, days_from_start: '2.5' })).toEqual({ days_from_start: 'Invalid format' });
    expect(errorsOf({ ...complete, days_from_start: 'ten' })).toEqual({ days_from_start: 'Invalid format' });
    expect(errorsOf({ ...complete, days_from_start: '0' })).toEqual({ days_from_start: 'Ensure this value is at least 1.' });
    expect(errorsOf({ ...complete, days_from_start: '731' })).toEqual({ days_from_start: 'Ensure this value is at most 730.' });
  });

  it('a reminder needs its days and its frequency, and cannot start before the deadline does', () => {
    expect(errorsOf({ ...complete, reminder_enabled: true })).toEqual({
      reminder_days_before: DEADLINE_MESSAGES.reminderDaysRequired,
      reminder_frequency: DEADLINE_MESSAGES.reminderFrequencyRequired,
    });
    expect(errorsOf({ ...complete, reminder_enabled: true, reminder_days_before: 'x', reminder_frequency: 'daily' })).toEqual({ reminder_days_before: 'Invalid format' });
    expect(errorsOf({ ...complete, reminder_enabled: true, reminder_days_before: '16', reminder_frequency: 'daily' })).toEqual({
      reminder_days_before: DEADLINE_MESSAGES.reminderTooEarly,
    });
    // Compared with the days a person types, not with a placeholder while they are missing.
    expect(errorsOf({ ...complete, days_from_start: '', reminder_enabled: true, reminder_days_before: '16', reminder_frequency: 'daily' })).toEqual({
      days_from_start: 'This field is required',
    });
  });

  it('an escalation needs its days and at least one recipient', () => {
    expect(errorsOf({ ...complete, escalation_enabled: true })).toEqual({
      escalation_days_after: DEADLINE_MESSAGES.escalationDaysRequired,
      escalation_recipients: DEADLINE_MESSAGES.escalationRecipientsRequired,
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
      reminder_frequency: DEADLINE_MESSAGES.reminderFrequencyRequired,
      escalation_recipients: DEADLINE_MESSAGES.escalationRecipientsRequired,
    });
  });

  it('a deadline mandatory by law needs its legal basis; a conditional one its condition', () => {
    expect(errorsOf({ ...complete, mandatory_by_law: true, legal_basis: '   ' })).toEqual({ legal_basis: DEADLINE_MESSAGES.legalBasisRequired });
    expect(errorsOf({ ...complete, conditional: true })).toEqual({ condition: DEADLINE_MESSAGES.conditionRequired });
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
