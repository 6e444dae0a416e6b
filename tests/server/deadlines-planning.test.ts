import type { Selectable } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '../../src/shared/domain/application-status';
import { applicationDates, planDeadlines, type ApplicationFacts, type TrackedDeadline } from '../../src/server/application-deadlines';
import { demoDeadlineConfigurations } from '../../src/server/db/demo-deadlines';
import type { DeadlineConfigurationsTable } from '../../src/server/db/schema';

// The pure planning step the workflow hook and the demo replay share: which deadlines start, pause,
// resume and end as a service-1 application walks its whole workflow (demo configurations).

const configurations = demoDeadlineConfigurations(7).map(
  (configuration, index): Selectable<DeadlineConfigurationsTable> => ({
    id: index + 1,
    working_days: false,
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
    active: true,
    version: 1,
    created_by_id: null,
    ...configuration,
    created_at: new Date(),
    updated_at: new Date(),
    escalation_recipients: JSON.parse((configuration.escalation_recipients as string | undefined) ?? '[]'),
  }),
);

const facts: ApplicationFacts = {
  submitted_at: new Date('2026-03-02T08:00:00Z'),
  incomplete: false,
  category: 'higher_education',
  fee_enabled: true,
  fee_exemption_allowed: true,
  council_required: true,
};

function walk(steps: [ApplicationStatus, string][]): TrackedDeadline[] {
  const tracked: TrackedDeadline[] = [];
  for (const [status, at] of steps) planDeadlines(tracked, configurations, facts, status, new Date(`${at}T09:00:00Z`), []);
  return tracked;
}

const of = (tracked: TrackedDeadline[], type: string) => tracked.filter((deadline) => deadline.deadline_type === type);

describe('planning deadlines along a service-1 workflow', () => {
  const tracked = walk([
    ['submitted', '2026-03-02'],
    ['payment_pending', '2026-03-03'],
    ['payment_completed', '2026-03-06'],
    ['document_verification', '2026-03-06'],
    ['needs_clarification', '2026-03-10'],
    ['document_verification', '2026-03-20'],
    ['originality_verified', '2026-03-25'],
    ['council_assigned', '2026-03-26'],
    ['council_review', '2026-03-30'],
    ['assessment_completed', '2026-04-20'],
    ['decision_pending', '2026-04-21'],
  ]);

  it('starts each stage’s deadline once, when the application enters it', () => {
    expect(of(tracked, 'application_submission')).toHaveLength(1);
    expect(of(tracked, 'fee_payment')).toHaveLength(1);
    expect(of(tracked, 'document_upload')).toHaveLength(1);
    expect(of(tracked, 'document_verification')).toHaveLength(1);
    expect(of(tracked, 'council_review')).toHaveLength(1);
    expect(of(tracked, 'final_decision')).toHaveLength(1);
    expect(of(tracked, 'service_completion')).toHaveLength(1);
    expect(of(tracked, 'council_review')[0]!.start_date).toBe('2026-03-26');
  });

  it('ends what the application left and keeps running what it is in', () => {
    expect(of(tracked, 'application_submission')[0]!.completed_at).toEqual(new Date('2026-03-03T09:00:00Z'));
    expect(of(tracked, 'fee_payment')[0]!.completed_at).toEqual(new Date('2026-03-06T09:00:00Z'));
    expect(of(tracked, 'council_review')[0]!.completed_at).toEqual(new Date('2026-04-20T09:00:00Z'));
    expect(of(tracked, 'final_decision')[0]!.completed_at).toBeNull();
    expect(of(tracked, 'service_completion')[0]!.completed_at).toBeNull();
  });

  it('stops the centre’s clocks while waiting on the applicant, never the applicant’s own', () => {
    const completion = of(tracked, 'service_completion')[0]!;
    expect(completion.pauses.map((pause) => [pause.status, pause.from.slice(0, 10), pause.to?.slice(0, 10)])).toEqual([
      ['payment_pending', '2026-03-03', '2026-03-06'],
      ['needs_clarification', '2026-03-10', '2026-03-20'],
    ]);
    // 60 days from submission (2 March) plus 3 + 10 days waited.
    expect(completion.due_date).toBe('2026-05-14');
    expect(of(tracked, 'document_verification')[0]!.pauses).toHaveLength(1);
    expect(of(tracked, 'fee_payment')[0]!.pauses).toEqual([]);
    expect(of(tracked, 'document_upload')[0]!.pauses).toEqual([]);
    expect(applicationDates(tracked)).toEqual({ deadline: '2026-05-14' });
  });

  it('closes an open pause when a deadline ends while waiting, and starts nothing whose condition fails', () => {
    const waiting = walk([
      ['document_verification', '2026-03-02'],
      ['needs_clarification', '2026-03-04'],
    ]);
    planDeadlines(waiting, configurations, facts, 'rejected', new Date('2026-03-09T09:00:00Z'), []);
    for (const deadline of waiting) {
      expect(deadline.completed_at).not.toBeNull();
      expect(deadline.paused_since).toBeNull();
      expect(deadline.pauses.every((pause) => pause.to !== null)).toBe(true);
    }
    const noCouncil: TrackedDeadline[] = [];
    planDeadlines(noCouncil, configurations, { ...facts, council_required: false }, 'council_assigned', new Date('2026-03-02T09:00:00Z'), []);
    expect(of(noCouncil, 'council_review')).toEqual([]);
  });
});
