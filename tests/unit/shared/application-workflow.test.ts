import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVICE_TYPES } from '../../../src/shared/constants';
import { CLOSED_STATUSES, type ApplicationStatus } from '../../../src/shared/domain/application-status';
import {
  ACTION_NAMES,
  FIRST_WORK_STATUS,
  TRANSITIONS,
  WORKFLOW_ACTIONS,
  allowedMoves,
  findMove,
  movesFor,
  notesRequiredMessage,
} from '../../../src/shared/domain/application-workflow';
import { renderWorkflowDoc } from '../../../src/shared/domain/workflow-doc';

const feeAndExemption = { fee_enabled: true, fee_exemption_allowed: true };
const subject = (service_type: 1 | 2 | 3 | 4 | 5, status: ApplicationStatus, flags = {}) => ({
  service_type,
  status,
  archived: false,
  invalidated: false,
  ...flags,
});
const person = (groups: string[], permissions: string[] = []) => ({ is_superuser: false, is_staff: true, groups, permissions });

describe('the transition table', () => {
  it('registers every action once, each with a permission and a notes rule', () => {
    expect(Object.keys(WORKFLOW_ACTIONS).sort()).toEqual([...ACTION_NAMES].sort());
    for (const action of Object.values(WORKFLOW_ACTIONS)) expect(action.permissions.length).toBeGreaterThan(0);
  });

  it('never leaves a closed status by a transition', () => {
    expect(TRANSITIONS.filter((t) => CLOSED_STATUSES.includes(t.from))).toEqual([]);
  });

  it('reaches a closed status from submitted in every service', () => {
    for (const service of SERVICE_TYPES) {
      const seen = new Set<string>(['submitted']);
      const queue = ['submitted'];
      while (queue.length) {
        const from = queue.shift()!;
        for (const t of TRANSITIONS) {
          if (t.service === service && t.from === from && t.to !== 'previous_status' && !seen.has(t.to)) {
            seen.add(t.to);
            queue.push(t.to);
          }
        }
      }
      expect(CLOSED_STATUSES.some((s) => seen.has(s)), `service ${service}`).toBe(true);
      expect(seen.has(FIRST_WORK_STATUS[service])).toBe(true);
    }
  });

  it('walks service 1 from payment_completed to decision_pending and lets only the agency decide', () => {
    const path = [
      ['payment_completed', 'start_work', 'document_verification'],
      ['document_verification', 'update_status', 'originality_verified'],
      ['originality_verified', 'move_to_council', 'council_assigned'],
      ['council_assigned', 'start_council_review', 'council_review'],
      ['council_review', 'record_council_decision', 'assessment_completed'],
      ['assessment_completed', 'prepare_decision', 'decision_pending'],
    ] as const;
    const officer = person(['NARIC Officers'], ['applications.change_status', 'applications.assign_council', 'applications.prepare_decision']);
    for (const [from, action, to] of path) {
      const move = movesFor(officer, subject(1, from), feeAndExemption).find((m) => m.action === action && m.to === to);
      expect(move, `${from} ${action}`).toBeDefined();
    }
    const agency = person(['Agency Officers'], ['applications.view_application', 'applications.decide_application']);
    expect(movesFor(officer, subject(1, 'decision_pending'), feeAndExemption).map((m) => m.action)).not.toContain('approve');
    expect(movesFor(agency, subject(1, 'decision_pending'), feeAndExemption).map((m) => m.action)).toEqual(
      expect.arrayContaining(['approve', 'reject', 'send_back']),
    );
  });

  it('follows the service configuration for payment and exemption', () => {
    const actions = (policy: { fee_enabled: boolean; fee_exemption_allowed: boolean }, status: 'submitted' | 'payment_pending') =>
      allowedMoves(subject(3, status), policy).map((m) => m.action);
    expect(actions({ fee_enabled: true, fee_exemption_allowed: false }, 'submitted')).toContain('request_payment');
    expect(actions({ fee_enabled: true, fee_exemption_allowed: false }, 'submitted')).not.toContain('skip_payment');
    expect(actions({ fee_enabled: false, fee_exemption_allowed: false }, 'submitted')).toContain('skip_payment');
    expect(actions({ fee_enabled: true, fee_exemption_allowed: false }, 'payment_pending')).not.toContain('approve_exemption');
    expect(actions(feeAndExemption, 'payment_pending')).toEqual(expect.arrayContaining(['approve_exemption', 'reject_exemption']));
    expect(notesRequiredMessage('reject_exemption')).toBe('Review notes are required when rejecting exemption requests');
  });

  it('takes no transition once archived, and archives or invalidates only closed applications', () => {
    // A diploma found forged years later must still be invalidated, archived or not.
    expect(allowedMoves(subject(1, 'approved', { archived: true }), feeAndExemption).map((m) => m.action)).toEqual(['invalidate', 'add_note']);
    expect(findMove(subject(1, 'in_review'), feeAndExemption, 'archive')).toBeUndefined();
    expect(findMove(subject(1, 'approved'), feeAndExemption, 'invalidate')).toBeDefined();
    expect(findMove(subject(1, 'rejected'), feeAndExemption, 'invalidate')).toBeUndefined();
  });

  it('puts any open status on hold and resumes to the previous one', () => {
    expect(findMove(subject(4, 'in_review'), feeAndExemption, 'put_on_hold')?.to).toBe('pending');
    expect(findMove(subject(4, 'pending'), feeAndExemption, 'put_on_hold')).toBeUndefined();
    expect(findMove(subject(4, 'pending'), feeAndExemption, 'resume')?.to).toBe('previous_status');
  });

  it('picks among update_status targets only those the table lists', () => {
    expect(findMove(subject(3, 'in_review'), feeAndExemption, 'update_status', 'verified')).toBeDefined();
    expect(findMove(subject(3, 'in_review'), feeAndExemption, 'update_status', 'approved')).toBeUndefined();
  });
});

describe('docs/workflow.md', () => {
  it('is the table as rendered now (run `npm run docs:workflow` after changing the table)', () => {
    const onDisk = readFileSync(resolve(import.meta.dirname, '../../../docs/workflow.md'), 'utf8');
    expect(onDisk).toBe(renderWorkflowDoc());
  });
});
