import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEADLINE_TYPES, REMINDER_FREQUENCIES, SERVICE_CATEGORIES, SERVICE_CATEGORY_BY_TYPE, SERVICE_TYPES } from '../../../src/shared/constants';
import { deadlineConfigurationCreate, DEADLINE_MESSAGES } from '../../../src/shared/api/deadlines';
import { APPLICATION_STATUSES, CLOSED_STATUSES } from '../../../src/shared/domain/application-status';
import { TRANSITIONS } from '../../../src/shared/domain/application-workflow';
import { addDays, dateOfDayNumber, dayNumber } from '../../../src/shared/domain/deadline-dates';
import { escalationDay, nextReminderDay, reminderAfter } from '../../../src/shared/domain/deadline-reminders';
import { APPLICANT_WAIT_STATUSES, DEADLINE_STAGES, deadlineMove, runsIn } from '../../../src/shared/domain/deadline-stages';

describe('deadline stages', () => {
  it('name only statuses that exist, never a closed one, and the applicant’s stages never pause', () => {
    for (const type of DEADLINE_TYPES) {
      const stage = DEADLINE_STAGES[type];
      for (const category of SERVICE_CATEGORIES) {
        for (const status of stage.runsIn[category]) {
          expect(APPLICATION_STATUSES).toContain(status);
          expect(CLOSED_STATUSES).not.toContain(status);
        }
      }
      if (stage.owner === 'applicant') expect(stage.pauses).toBe(false);
    }
  });

  it('every status a service’s workflow reaches runs its service-completion clock, pauses it while waiting, keeps it on hold, or ends it', () => {
    for (const serviceType of SERVICE_TYPES) {
      const category = SERVICE_CATEGORY_BY_TYPE[serviceType];
      const reached = new Set(
        TRANSITIONS.filter((transition) => transition.service === serviceType).flatMap((transition) =>
          typeof transition.to === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(transition.to) ? [transition.from, transition.to as (typeof APPLICATION_STATUSES)[number]] : [transition.from],
        ),
      );
      for (const status of reached) {
        const move = deadlineMove('service_completion', category, status);
        if (CLOSED_STATUSES.includes(status)) expect(move, status).toBe('end');
        else if (APPLICANT_WAIT_STATUSES.includes(status)) expect(move, status).toBe('pause');
        else if (status === 'pending') expect(move, status).toBe('keep');
        else expect(move, status).toBe('run');
      }
    }
  });

  it('the council review belongs to higher education only; on hold keeps every clock as it is', () => {
    expect(runsIn('council_review', 'higher_education', 'council_review')).toBe(true);
    expect(SERVICE_CATEGORIES.filter((category) => DEADLINE_STAGES.council_review.runsIn[category].length > 0)).toEqual(['higher_education']);
    for (const type of DEADLINE_TYPES) expect(deadlineMove(type, 'higher_education', 'pending')).toBe('keep');
    // The fee is the applicant's to pay: waiting for it is that deadline's stage, not a pause.
    expect(deadlineMove('fee_payment', 'pre_university', 'payment_pending')).toBe('run');
    expect(deadlineMove('document_verification', 'higher_education', 'needs_clarification')).toBe('pause');
    expect(deadlineMove('application_submission', 'higher_education', 'payment_pending')).toBe('end');
  });
});

const dateIn = fc.integer({ min: dayNumber('2026-01-01'), max: dayNumber('2027-12-31') }).map(dateOfDayNumber);

describe('reminder days', () => {
  it('fall inside the window before the due date, never before today', () => {
    fc.assert(
      fc.property(dateIn, fc.integer({ min: 1, max: 30 }), fc.integer({ min: -40, max: 40 }), fc.constantFrom(...REMINDER_FREQUENCIES), (due, daysBefore, offset, frequency) => {
        const today = addDays(due, offset);
        const next = nextReminderDay(due, { daysBefore, frequency }, today, false);
        if (next === null) expect(today > due).toBe(true);
        else {
          expect(next >= today && next >= addDays(due, -daysBefore) && next <= due).toBe(true);
          const after = reminderAfter(next, due, frequency);
          if (after !== null) expect(after > next && after <= due).toBe(true);
        }
      }),
    );
  });

  it('a reminder sent once is not planned again; daily and weekly step by 1 and 7 days', () => {
    expect(nextReminderDay('2026-05-14', { daysBefore: 3, frequency: 'once' }, '2026-05-12', true)).toBeNull();
    expect(nextReminderDay('2026-05-14', { daysBefore: 3, frequency: 'weekly' }, '2026-05-01', false)).toBe('2026-05-11');
    expect(reminderAfter('2026-05-11', '2026-05-14', 'daily')).toBe('2026-05-12');
    expect(reminderAfter('2026-05-01', '2026-05-14', 'weekly')).toBe('2026-05-08');
    expect(reminderAfter('2026-05-11', '2026-05-14', 'weekly')).toBeNull();
    expect(reminderAfter('2026-05-11', '2026-05-14', 'once')).toBeNull();
    expect(escalationDay('2026-05-14', 2, false)).toBe('2026-05-16');
    expect(escalationDay('2026-05-14', 2, true)).toBeNull();
  });
});

describe('configuration rules', () => {
  const base = { name_en: 'A', name_sq: 'A', name_sr: 'A', deadline_type: 'fee_payment', service_category: 'pre_university', days_from_start: 10 } as const;
  it('a reminder needs its days and frequency, an escalation its days and recipients, law a legal basis', () => {
    const issues = (input: object) => {
      const result = deadlineConfigurationCreate.safeParse({ ...base, ...input });
      return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    };
    expect(issues({})).toEqual([]);
    expect(issues({ reminder_enabled: true })).toEqual([
      `reminder_days_before: ${DEADLINE_MESSAGES.reminderDaysRequired}`,
      `reminder_frequency: ${DEADLINE_MESSAGES.reminderFrequencyRequired}`,
    ]);
    expect(issues({ escalation_enabled: true })).toEqual([
      `escalation_days_after: ${DEADLINE_MESSAGES.escalationDaysRequired}`,
      `escalation_recipients: ${DEADLINE_MESSAGES.escalationRecipientsRequired}`,
    ]);
    expect(issues({ mandatory_by_law: true, legal_basis: '   ' })).toEqual([`legal_basis: ${DEADLINE_MESSAGES.legalBasisRequired}`]);
    expect(issues({ escalation_recipients: [{ kind: 'user', id: 3 }, { kind: 'user', id: 3 }] })).toEqual([`escalation_recipients: ${DEADLINE_MESSAGES.duplicateRecipient}`]);
    // Options switched off may keep their values in the form: they are not checked (the server clears them).
    expect(issues({ reminder_enabled: false, reminder_days_before: 99 })).toEqual([]);
  });
});
