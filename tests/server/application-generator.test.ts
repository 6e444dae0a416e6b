import { describe, expect, it } from 'vitest';
import { generateApplications, type GeneratorOptions } from '../../src/server/db/application-generator';
import { findMove } from '../../src/shared/domain/application-workflow';

const options: GeneratorOptions = {
  seed: 2026,
  now: new Date('2026-11-01T12:00:00Z'),
  policies: {
    1: { fee_enabled: true, fee_exemption_allowed: true },
    2: { fee_enabled: true, fee_exemption_allowed: true },
    3: { fee_enabled: true, fee_exemption_allowed: false },
    4: { fee_enabled: true, fee_exemption_allowed: false },
    5: { fee_enabled: false, fee_exemption_allowed: false },
  },
};

describe('the application generator', () => {
  const caseload = [...generateApplications(2_000, options)];

  it('gives the same caseload for the same seed', () => {
    const again = [...generateApplications(50, options)];
    expect(again.map((a) => [a.reference, a.status, a.applicant.last_name])).toEqual(
      caseload.slice(0, 50).map((a) => [a.reference, a.status, a.applicant.last_name]),
    );
  });

  it('writes every history as a path the transition table allows, in time order', () => {
    for (const application of caseload) {
      const [first, ...rest] = application.history;
      expect(first.to_status).toBe('submitted');
      let previous: string | null = null;
      for (const entry of rest) {
        const subject = { service_type: application.service_type, status: entry.from_status!, archived: false, invalidated: false };
        const to = entry.action === 'update_status' ? entry.to_status : undefined;
        const move = findMove(subject, options.policies[application.service_type], entry.action as never, to);
        expect(move, `${application.reference} ${entry.from_status} ${entry.action}`).toBeDefined();
        if (move!.to !== 'previous_status') expect(move!.to).toBe(entry.to_status);
        if (entry.action === 'put_on_hold') previous = entry.from_status;
        if (entry.action === 'resume') expect(entry.to_status).toBe(previous);
        expect(entry.created_at.getTime()).toBeGreaterThanOrEqual(first.created_at.getTime());
        expect(entry.created_at.getTime()).toBeLessThanOrEqual(options.now.getTime());
      }
      expect(application.history.at(-1)!.to_status).toBe(application.status);
    }
  });

  it('spreads the caseload over services, many statuses and the region', () => {
    expect(new Set(caseload.map((a) => a.service_type)).size).toBe(5);
    expect(new Set(caseload.map((a) => a.status)).size).toBeGreaterThanOrEqual(20);
    expect(new Set(caseload.map((a) => a.applicant.country)).size).toBeGreaterThanOrEqual(8);
    expect(new Set(caseload.map((a) => a.reference)).size).toBe(caseload.length);
    expect(caseload.some((a) => /[ëçšžćđ]/i.test(a.applicant.first_name + a.applicant.last_name))).toBe(true);
  });
});
