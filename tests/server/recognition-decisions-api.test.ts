import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationDecisions, DecisionOptions } from '../../src/shared/api/recognition-decisions';
import type { ApplicationStatus } from '../../src/shared/domain/application-status';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';
import { fullDecision, partialDecision, recognitionApplication, seedDecisionReferences, type DecisionReferences } from '../support/decision-references';

// The structured recognition decision through the API: every rule of its shape and of the
// reference data it cites, preparing (service 1) and the agency officer's approval, a decision
// sent back and prepared again (the old one superseded), service 2's grant and deny, and the
// appeal's last day counted with the office's calendar.

let server: ServerFixture;
let refs: DecisionReferences;
let officer: { authorization: string };
let agency: { authorization: string };
// A Monday: 15 days on is Tuesday 16 March 2027, made a holiday below.
const TODAY = new Date('2027-03-01T09:00:00Z');

beforeAll(async () => {
  server = await createServerFixture({ clock: () => TODAY });
  refs = await seedDecisionReferences(server.db);
  officer = await server.authorization('officer');
  agency = await server.authorization('agency');
  await server.db.insertInto('holidays').values({ date: '2027-03-16', name_en: 'Test day', name_sq: 'Dita e provës', name_sr: 'Dan probe', source: 'manual' }).execute();
});
afterAll(async () => server.close());

async function act(id: number, segment: string, body: Record<string, unknown>, headers = officer) {
  return server.app.inject({ method: 'POST', url: `/api/applications/${id}/${segment}/`, headers, payload: body });
}

async function decisions(id: number, headers = officer): Promise<ApplicationDecisions> {
  const answer = await server.app.inject({ url: `/api/applications/${id}/decision/`, headers });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function assessed(service: 1 | 2 = 1, status: ApplicationStatus = service === 1 ? 'assessment_completed' : 'in_review') {
  return recognitionApplication(server.db, { service, status });
}

/** The refusal codes of a 400, by field. */
function fieldCodes(answer: { statusCode: number; json(): unknown }): Record<string, string[]> {
  expect(answer.statusCode).toBe(400);
  const codes = (answer.json() as { field_codes: Record<string, { code: string }[]> }).field_codes;
  return Object.fromEntries(Object.entries(codes).map(([field, items]) => [field, items.map((item) => item.code)]));
}

describe('the options of the decision builder', () => {
  it('offers the foreign qualification, the active qualifications (its level first), the service’s active reasons and the appeal notice', async () => {
    const application = await assessed();
    const answer = await server.app.inject({ url: `/api/applications/${application.id}/decision/options/`, headers: officer });
    expect(answer.statusCode).toBe(200);
    const options: DecisionOptions = answer.json();
    expect(options.foreign).toMatchObject({ institution_name: 'University of Tirana', accreditation: 'accredited', degree_level: 'master', eqf_level: 7, ects: 60, duration: '1 year' });
    // The application's level first (the demo library has masters of its own beside the test's).
    expect(options.national_qualifications[0]!.degree_level).toBe('master');
    const qualificationIds = options.national_qualifications.map((q) => q.id);
    expect(qualificationIds).toContain(refs.masterId);
    expect(qualificationIds).toContain(refs.bachelorId);
    expect(qualificationIds).not.toContain(refs.inactiveQualificationId);
    const reasonIds = options.legal_reasons.map((r) => r.id);
    expect(reasonIds).toEqual(expect.arrayContaining([refs.generalReasonId, refs.partialReasonId]));
    expect(reasonIds).not.toContain(refs.preUniversityReasonId);
    expect(reasonIds).not.toContain(refs.inactiveReasonId);
    // 1 March + 15 days is the holiday of 16 March: the period ends on the 17th.
    expect(options.appeal).toMatchObject({ period_days: 15, last_day: '2027-03-17' });
    expect(options.appeal!.body_en).toContain('Appeals Commission');
  });

  it('answers 404 for an application the caller may not see', async () => {
    const application = await assessed();
    const answer = await server.app.inject({ url: `/api/applications/${application.id}/decision/options/`, headers: agency });
    expect(answer.statusCode).toBe(404);
  });
});

describe('the rules of a decision', () => {
  it('requires the decision with prepare_decision', async () => {
    const application = await assessed();
    expect(Object.keys(fieldCodes(await act(application.id, 'prepare-decision', { version: application.version })))).toContain('decision');
  });

  it.each([
    ['an outcome short of full recognition without a difference', { differences: [] }, 'decision.differences', 'decision_difference_required'],
    ['a full recognition with a difference', { outcome: 'full', differences: [{ element: 'level', explanation: 'Lower level.' }] }, 'decision.differences', 'decision_difference_contradicts'],
    ['no legal basis', { legal_reason_ids: [] }, 'decision.legal_reason_ids', 'decision_legal_basis_required'],
    ['a partial recognition without its purposes', { outcome_detail: '  ' }, 'decision.outcome_detail', 'decision_detail_required'],
    ['an alternative recognition without the alternative', { outcome: 'alternative', outcome_detail: undefined }, 'decision.outcome_detail', 'decision_detail_required'],
    ['a conditional recognition without its conditions', { outcome: 'conditional', outcome_detail: '' }, 'decision.outcome_detail', 'decision_detail_required'],
    ['an element listed twice', { differences: [{ element: 'level', explanation: 'One.' }, { element: 'level', explanation: 'Two.' }] }, 'decision.differences.1.element', 'decision_difference_element_twice'],
    ['a difference without its explanation', { differences: [{ element: 'level', explanation: ' ' }] }, 'decision.differences.0.explanation', 'required'],
  ])('refuses %s', async (_label, change, field, code) => {
    const application = await assessed();
    const codes = fieldCodes(await act(application.id, 'prepare-decision', { version: application.version, decision: { ...partialDecision(refs), ...change } }));
    expect(codes[field]).toContain(code);
    expect((await server.db.selectFrom('applications').select('status').where('id', '=', application.id).executeTakeFirstOrThrow()).status).toBe('assessment_completed');
  });

  it('requires the national reference qualification, an active one', async () => {
    const application = await assessed();
    const { national_qualification_id: _omitted, ...withoutQualification } = partialDecision(refs);
    expect(fieldCodes(await act(application.id, 'prepare-decision', { version: application.version, decision: withoutQualification }))['decision.national_qualification_id']).toBeDefined();
    const inactive = await act(application.id, 'prepare-decision', { version: application.version, decision: partialDecision(refs, { national_qualification_id: refs.inactiveQualificationId }) });
    expect(fieldCodes(inactive)['decision.national_qualification_id']).toEqual(['decision_national_qualification_inactive']);
  });

  it.each([
    ['a deactivated reason', (r: DecisionReferences) => r.inactiveReasonId, 'partial'],
    ['a reason of another service', (r: DecisionReferences) => r.preUniversityReasonId, 'partial'],
    ['a reason not for the outcome', (r: DecisionReferences) => r.partialReasonId, 'conditional'],
    ['a reason that does not exist', () => 2_000_000_000, 'partial'],
  ] as const)('refuses %s as legal basis', async (_label, reasonOf, outcome) => {
    const application = await assessed();
    const decision = partialDecision(refs, { outcome, legal_reason_ids: [refs.generalReasonId, reasonOf(refs)] });
    const codes = fieldCodes(await act(application.id, 'prepare-decision', { version: application.version, decision }));
    expect(codes['decision.legal_reason_ids']).toEqual(['decision_legal_basis_not_applicable']);
  });

  it('refuses a decision while the service has no appeal notice', async () => {
    const application = await assessed();
    const service = await server.db.selectFrom('applications').select('service_id').where('id', '=', application.id).executeTakeFirstOrThrow();
    await server.db.updateTable('services').set({ appeal_period_days: null }).where('id', '=', service.service_id).execute();
    try {
      const answer = await act(application.id, 'prepare-decision', { version: application.version, decision: partialDecision(refs) });
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('decision_appeal_not_configured');
    } finally {
      await server.db.updateTable('services').set({ appeal_period_days: 15 }).where('id', '=', service.service_id).execute();
    }
  });
});

describe('preparing and approving (service 1)', () => {
  it('prepares a partial recognition with its comparison, and the agency officer approves it', async () => {
    const application = await assessed();
    const prepared = await act(application.id, 'prepare-decision', { version: application.version, decision: partialDecision(refs, { legal_reason_ids: [refs.generalReasonId, refs.partialReasonId, refs.generalReasonId] }) });
    expect(prepared.statusCode).toBe(200);
    expect(prepared.json().status).toBe('decision_pending');

    const { current, history } = await decisions(application.id);
    expect(history).toEqual([]);
    expect(current).toMatchObject({
      outcome: 'partial',
      outcome_detail: 'Recognised for access to employment; not for access to doctoral studies.',
      state: 'prepared',
      foreign: { institution_name: 'University of Tirana', accreditation: 'accredited', degree_level: 'master', eqf_level: 7, ects: 60, profile: 'academic' },
      national: { id: refs.masterId, eqf_level: 7, ects_credits: 120, duration_years: '2.0' },
      differences: [{ element: 'workload', explanation: '60 ECTS instead of the 120 ECTS of a national master.' }],
      appeal: { period_days: 15, last_day: '2027-03-17' },
      prepared_by: { full_name: 'Blerta Gashi' },
      approved_by: null,
    });
    expect(current!.legal_bases.map((basis) => basis.id)).toEqual([refs.generalReasonId, refs.partialReasonId]);

    // The agency officer sees the application while it waits for them, and its decision.
    expect((await decisions(application.id, agency)).current?.id).toBe(current!.id);
    const approved = await act(application.id, 'approve', { version: prepared.json().version }, agency);
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', decision: { outcome: 'approved' } });
    const after = await decisions(application.id);
    expect(after.current).toMatchObject({ id: current!.id, state: 'approved', approved_by: { full_name: 'Milan Jovanović' } });
    expect(after.current!.approved_at).toBe(TODAY.toISOString());
  });

  it('approves a non-recognition as a rejection, and refuses the other way round', async () => {
    const application = await assessed();
    const decision = partialDecision(refs, { outcome: 'non_recognition', differences: [{ element: 'quality', explanation: 'The institution was not accredited when the diploma was issued.' }] });
    const prepared = await act(application.id, 'prepare-decision', { version: application.version, decision });
    expect(prepared.statusCode).toBe(200);
    expect((await decisions(application.id)).current?.outcome_detail).toBeNull();
    const wrong = await act(application.id, 'approve', { version: prepared.json().version }, agency);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('decision_outcome_mismatch');
    const rejected = await act(application.id, 'reject', { version: prepared.json().version }, agency);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', decision: { outcome: 'rejected' } });
    expect((await decisions(application.id)).current?.state).toBe('approved');
  });

  it('refuses to approve when no decision was prepared', async () => {
    const application = await assessed(1, 'decision_pending');
    const answer = await act(application.id, 'approve', { version: application.version }, await server.authorization('admin'));
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('decision_not_prepared');
  });

  it('keeps a decision sent back and supersedes it with the one prepared again', async () => {
    const application = await assessed();
    const first = await act(application.id, 'prepare-decision', { version: application.version, decision: partialDecision(refs) });
    // (An agency officer sending back gets 404 for the answer: the application has left their scope.)
    const sentBack = await act(application.id, 'send-back', { version: first.json().version, notes: 'Name the purposes more precisely.' }, await server.authorization('admin'));
    expect(sentBack.statusCode).toBe(200);
    const kept = await decisions(application.id);
    expect(kept.current?.state).toBe('prepared');
    // As a form sends it: the schema's own output, the detail of a full recognition null.
    const again = await act(application.id, 'prepare-decision', { version: sentBack.json().version, decision: { ...fullDecision(refs), outcome_detail: null } });
    expect(again.statusCode).toBe(200);
    const { current, history } = await decisions(application.id);
    expect(current).toMatchObject({ outcome: 'full', state: 'prepared', differences: [] });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ id: kept.current!.id, state: 'superseded', superseded_by: current!.id });
  });
});

describe('granting and denying (service 2)', () => {
  it('takes the decision at once with grant_recognition, and refuses a non-recognition with it', async () => {
    const application = await assessed(2);
    const wrong = await act(application.id, 'grant-recognition', { version: application.version, decision: partialDecision(refs, { outcome: 'non_recognition' }) });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().code).toBe('decision_outcome_mismatch');
    const granted = await act(application.id, 'grant-recognition', { version: application.version, decision: fullDecision(refs, { legal_reason_ids: [refs.preUniversityReasonId] }) });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({ status: 'pre_university_recognition', decision: { outcome: 'approved' } });
    expect((await decisions(application.id)).current).toMatchObject({ outcome: 'full', state: 'approved', approved_by: { full_name: 'Blerta Gashi' } });
  });

  it('denies with a non-recognition and refuses a service-1-only reason', async () => {
    const application = await assessed(2);
    const decision = partialDecision(refs, { outcome: 'non_recognition', legal_reason_ids: [refs.partialReasonId] });
    expect(fieldCodes(await act(application.id, 'deny-recognition', { version: application.version, decision }))['decision.legal_reason_ids']).toEqual(['decision_legal_basis_not_applicable']);
    const denied = await act(application.id, 'deny-recognition', { version: application.version, decision: { ...decision, legal_reason_ids: [refs.generalReasonId] } });
    expect(denied.statusCode).toBe(200);
    expect(denied.json()).toMatchObject({ status: 'pre_university_non_recognition', decision: { outcome: 'rejected' } });
  });
});

describe('the reference data a decision cites', () => {
  it('cannot delete a cited legal reason or national qualification', async () => {
    await expect(server.db.deleteFrom('legal_reasons').where('id', '=', refs.generalReasonId).execute()).rejects.toThrow();
    await expect(server.db.deleteFrom('national_qualifications').where('id', '=', refs.masterId).execute()).rejects.toThrow();
  });
});
