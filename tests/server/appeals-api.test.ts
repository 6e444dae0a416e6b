import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppealAssignees, AppealDetail } from '../../src/shared/api/appeals';
import type { ApplicationDecisions } from '../../src/shared/api/recognition-decisions';
import { fullDecision, partialDecision, recognitionApplication, seedDecisionReferences, type DecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Appeals through the API: the late flag from the decision's last day, a late appeal only rejected
// as late or accepted with a reason, the conflict rule against the original deciders (as assignee
// and as the one who records the outcome), an outcome `changed` through a new decision that
// supersedes the old one with the certificate revoked and issued again, the applicant's notice,
// and who sees an appeal.

let server: ServerFixture;
let refs: DecisionReferences;
let officer: { authorization: string };
let admin: { authorization: string };
let councilMember: { authorization: string };
let memberCouncilId: number;
let otherCouncilId: number;
// A Monday: the decision's 15 days of appeal end on Tuesday 16 March 2027.
let now = new Date('2027-03-01T09:00:00Z');

beforeAll(async () => {
  server = await createServerFixture({ clock: () => now });
  refs = await seedDecisionReferences(server.db);
  officer = await server.authorization('officer');
  admin = await server.authorization('naric.admin');
  councilMember = await server.authorization('council');
  const memberId = (await server.db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirstOrThrow()).id;
  memberCouncilId = (await server.db.selectFrom('council_members').select('council_id').where('user_id', '=', memberId).executeTakeFirstOrThrow()).council_id;
  otherCouncilId = (await server.db.selectFrom('councils').select('id').where('id', '<>', memberCouncilId).where('active', '=', true).orderBy('id').executeTakeFirstOrThrow()).id;
  // One appeal_review configuration of 10 calendar days for pre-university recognitions.
  await server.db.updateTable('deadline_configurations').set({ active: false }).where('deadline_type', '=', 'appeal_review').execute();
  await server.db
    .insertInto('deadline_configurations')
    .values({ name_en: 'Appeal review', name_sq: 'Shqyrtimi i ankesës', name_sr: 'Razmatranje žalbe', deadline_type: 'appeal_review', service_category: 'pre_university', days_from_start: 10 })
    .execute();
});
afterAll(async () => server.close());

async function post(url: string, payload: object, headers = officer) {
  return server.app.inject({ method: 'POST', url: `/api${url}`, headers, payload });
}

/** A service-2 application granted by the officer today, with the applicant's letter among its documents. */
async function granted(decision = fullDecision(refs, { legal_reason_ids: [refs.preUniversityReasonId] })) {
  now = new Date('2027-03-01T09:00:00Z');
  const application = await recognitionApplication(server.db, { service: 2, status: 'in_review' });
  await server.db.updateTable('applicants').set({ preferred_language: 'sq' }).where('id', '=', (await server.db.selectFrom('applications').select('applicant_id').where('id', '=', application.id).executeTakeFirstOrThrow()).applicant_id).execute();
  const answer = await post(`/applications/${application.id}/grant-recognition/`, { version: application.version, decision });
  expect(answer.statusCode).toBe(200);
  const letter = await server.db
    .insertInto('application_documents')
    .values({ application_id: application.id, file_name: 'appeal-letter.pdf', document_type: 'additional_document', kind: 'original', media_type: 'application/pdf', size: 1000 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: application.id, letterId: letter.id };
}

async function register(application: { id: number; letterId: number }, receivedOn: string): Promise<AppealDetail> {
  const answer = await post(`/applications/${application.id}/appeals/`, { received_on: receivedOn, grounds: 'The workload was counted wrongly.', letter_document_id: application.letterId });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json();
}

const refusalCode = (answer: { json(): unknown }) => (answer.json() as { code?: string }).code;
const fieldCodes = (answer: { json(): unknown }) =>
  Object.fromEntries(Object.entries((answer.json() as { field_codes: Record<string, { code: string }[]> }).field_codes).map(([field, items]) => [field, items.map((item) => item.code)]));

describe('registering an appeal', () => {
  it('is on time up to the decision’s last day, with its own due date from the appeal_review configuration', async () => {
    const application = await granted();
    now = new Date('2027-03-16T10:00:00Z');
    const appeal = await register(application, '2027-03-16');
    expect(appeal).toMatchObject({ state: 'registered', late: false, appeal_last_day: '2027-03-16', due_date: '2027-03-26', letter: { id: application.letterId, file_name: 'appeal-letter.pdf' } });
    // One open appeal per decision.
    const second = await post(`/applications/${application.id}/appeals/`, { received_on: '2027-03-16', grounds: 'Again.', letter_document_id: application.letterId });
    expect([second.statusCode, refusalCode(second)]).toEqual([409, 'appeal_open_exists']);
  });

  it('is late when received after the last day', async () => {
    const application = await granted();
    now = new Date('2027-03-20T10:00:00Z');
    expect((await register(application, '2027-03-17')).late).toBe(true);
  });

  it('refuses an undecided application, a letter of another application and dates before the decision or in the future', async () => {
    const open = await recognitionApplication(server.db, { service: 2, status: 'in_review' });
    const undecided = await post(`/applications/${open.id}/appeals/`, { received_on: '2027-03-01', grounds: 'x', letter_document_id: 1 });
    expect([undecided.statusCode, refusalCode(undecided)]).toEqual([409, 'appeal_application_not_decided']);
    const application = await granted();
    const other = await granted();
    now = new Date('2027-03-05T10:00:00Z');
    const foreignLetter = await post(`/applications/${application.id}/appeals/`, { received_on: '2027-03-02', grounds: 'x', letter_document_id: other.letterId });
    expect(fieldCodes(foreignLetter)).toEqual({ letter_document_id: ['appeal_letter_not_of_application'] });
    const before = await post(`/applications/${application.id}/appeals/`, { received_on: '2027-02-27', grounds: 'x', letter_document_id: application.letterId });
    expect(fieldCodes(before)).toEqual({ received_on: ['appeal_received_before_decision'] });
    const future = await post(`/applications/${application.id}/appeals/`, { received_on: '2027-03-06', grounds: 'x', letter_document_id: application.letterId });
    expect(fieldCodes(future)).toEqual({ received_on: ['appeal_received_in_future'] });
  });

  it('is an officer’s: a council member or an agency officer may not register one', async () => {
    const application = await granted();
    for (const username of ['council', 'agency']) {
      const answer = await post(`/applications/${application.id}/appeals/`, { received_on: '2027-03-01', grounds: 'x', letter_document_id: application.letterId }, await server.authorization(username));
      expect(answer.statusCode).toBe(403);
    }
  });
});

describe('a late appeal', () => {
  it('is only rejected as late, or accepted for review with a recorded reason', async () => {
    const application = await granted();
    now = new Date('2027-03-25T10:00:00Z');
    const appeal = await register(application, '2027-03-24');
    expect(appeal.may_decide).toEqual([]); // the officer took the decision
    const upheld = await post(`/appeals/${appeal.id}/outcome/`, { outcome: 'upheld', reason: 'Stands.', version: appeal.version }, admin);
    expect([upheld.statusCode, refusalCode(upheld)]).toEqual([409, 'appeal_late_not_accepted']);
    const unexplained = await post(`/appeals/${appeal.id}/assign/`, { council_id: memberCouncilId, version: appeal.version }, admin);
    expect(fieldCodes(unexplained)).toEqual({ late_acceptance_reason: ['appeal_late_not_accepted'] });
    const accepted = await post(`/appeals/${appeal.id}/assign/`, { council_id: memberCouncilId, late_acceptance_reason: 'The post office lost the letter.', version: appeal.version }, admin);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ state: 'under_review', late_acceptance_reason: 'The post office lost the letter.', may_decide: ['upheld', 'changed'] });
  });

  it('rejected as late: decided, the applicant told in their language; an appeal on time cannot be', async () => {
    const application = await granted();
    now = new Date('2027-03-25T10:00:00Z');
    const appeal = await register(application, '2027-03-24');
    const detail = (await server.app.inject({ url: `/api/appeals/${appeal.id}/`, headers: admin })).json() as AppealDetail;
    expect(detail.may_decide).toEqual(['rejected_late']);
    const rejected = await post(`/appeals/${appeal.id}/outcome/`, { outcome: 'rejected_late', reason: 'Received eight days after the time limit.', version: appeal.version }, admin);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'decided', outcome: 'rejected_late', new_decision_id: null });
    const notice = await server.db.selectFrom('notification_outbox').select(['event', 'language', 'message']).where('application_id', '=', application.id).where('event', '=', 'appeal_decided').executeTakeFirstOrThrow();
    expect(notice.language).toBe('sq');
    expect(notice.message).toContain('u pranua pas afatit');

    const onTime = await granted();
    now = new Date('2027-03-02T10:00:00Z');
    const timely = await register(onTime, '2027-03-02');
    const refused = await post(`/appeals/${timely.id}/outcome/`, { outcome: 'rejected_late', reason: 'Late.', version: timely.version }, admin);
    expect([refused.statusCode, refusalCode(refused)]).toEqual([409, 'appeal_not_late']);
  });
});

describe('the conflict rule', () => {
  it('refuses the officer who took the decision and the council that reviewed the application, with their names', async () => {
    const application = await granted();
    await server.db.updateTable('applications').set({ council_id: otherCouncilId }).where('id', '=', application.id).execute();
    now = new Date('2027-03-02T10:00:00Z');
    const appeal = await register(application, '2027-03-02');
    const officerId = (await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow()).id;
    const toOfficer = await post(`/appeals/${appeal.id}/assign/`, { officer_id: officerId, version: appeal.version }, admin);
    expect(toOfficer.statusCode).toBe(409);
    expect(toOfficer.json()).toMatchObject({ code: 'appeal_conflict_officer', params: { officer: 'Blerta Gashi' } });
    const toCouncil = await post(`/appeals/${appeal.id}/assign/`, { council_id: otherCouncilId, version: appeal.version }, admin);
    expect(toCouncil.statusCode).toBe(409);
    expect(refusalCode(toCouncil)).toBe('appeal_conflict_council');
    expect(Object.keys((toCouncil.json() as { params: object }).params)).toEqual(['council']);
    // The choice offered for the appeal leaves them out; the other councils and officers stay.
    const offered = (await server.app.inject({ method: 'GET', url: `/api/appeals/${appeal.id}/assignees/`, headers: admin })).json() as AppealAssignees;
    expect(offered.officers.map((person) => person.id)).not.toContain(officerId);
    expect(offered.councils.map((council) => council.id)).not.toContain(otherCouncilId);
    expect(offered.councils.map((council) => council.id)).toContain(memberCouncilId);
    expect(offered.officers.length).toBeGreaterThan(0);
  });

  it('refuses the outcome from an original decider even when they may record outcomes', async () => {
    const application = await granted();
    now = new Date('2027-03-02T10:00:00Z');
    const appeal = await register(application, '2027-03-02');
    const assigned = (await post(`/appeals/${appeal.id}/assign/`, { council_id: memberCouncilId, version: appeal.version }, admin)).json() as AppealDetail;
    const byDecider = await post(`/appeals/${appeal.id}/outcome/`, { outcome: 'upheld', reason: 'Stands.', version: assigned.version }, officer);
    expect([byDecider.statusCode, refusalCode(byDecider)]).toEqual([409, 'appeal_reviewer_conflict']);
  });
});

describe('deciding an appeal', () => {
  it('changed: a new decision through the builder’s schema supersedes the old one, the certificate is revoked and issued again', async () => {
    const application = await granted();
    now = new Date('2027-03-03T10:00:00Z');
    const appeal = await register(application, '2027-03-03');
    // The member's council is not the application's: the appeal is theirs to see through the assignment.
    expect((await server.app.inject({ url: `/api/appeals/${appeal.id}/`, headers: councilMember })).statusCode).toBe(404);
    const assigned = (await post(`/appeals/${appeal.id}/assign/`, { council_id: memberCouncilId, version: appeal.version }, admin)).json() as AppealDetail;
    const seen = await server.app.inject({ url: `/api/appeals/${appeal.id}/`, headers: councilMember });
    expect(seen.statusCode).toBe(200);
    expect((seen.json() as AppealDetail).may_decide).toEqual(['upheld', 'changed']);
    expect((await server.app.inject({ url: `/api/appeals/${appeal.id}/decision-options/`, headers: councilMember })).statusCode).toBe(200);

    const withoutDecision = await post(`/appeals/${appeal.id}/outcome/`, { outcome: 'changed', reason: 'Workload recounted.', version: assigned.version }, councilMember);
    expect(fieldCodes(withoutDecision)).toEqual({ decision: ['appeal_decision_required'] });
    const contradiction = await post(
      `/appeals/${appeal.id}/outcome/`,
      { outcome: 'changed', reason: 'x', decision: fullDecision(refs, { differences: [{ element: 'level', explanation: 'Lower.' }] }), version: assigned.version },
      councilMember,
    );
    expect(fieldCodes(contradiction)['decision.differences']).toEqual(['decision_difference_contradicts']);

    const certificateBefore = await server.db.selectFrom('issued_documents').select(['id', 'revoked_at']).where('application_id', '=', application.id).where('kind', '=', 'recognition_certificate').executeTakeFirstOrThrow();
    expect(certificateBefore.revoked_at).toBeNull();
    const changed = await post(
      `/appeals/${appeal.id}/outcome/`,
      { outcome: 'changed', reason: 'Recognised for employment only.', decision: partialDecision(refs, { legal_reason_ids: [refs.generalReasonId] }), version: assigned.version },
      councilMember,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const decided = changed.json() as AppealDetail;
    expect(decided).toMatchObject({ state: 'decided', outcome: 'changed', decided_by: { full_name: 'Driton Hoxha' } });

    const decisions = (await server.app.inject({ url: `/api/applications/${application.id}/decision/`, headers: officer })).json() as ApplicationDecisions;
    expect(decisions.current).toMatchObject({ id: decided.new_decision_id, outcome: 'partial', state: 'approved', approved_by: { full_name: 'Driton Hoxha' } });
    expect(decisions.history).toHaveLength(1);
    expect(decisions.history[0]).toMatchObject({ id: appeal.decision_id, state: 'superseded', superseded_by: decided.new_decision_id });
    // The changed decision has its own written decision; the superseded one keeps the PDF it was issued with.
    expect(decisions.current?.pdf).not.toBeNull();
    expect(decisions.history[0]!.pdf).not.toBeNull();
    const pdf = await server.app.inject({ url: `/api/applications/${application.id}/decision/${decided.new_decision_id}/pdf/`, headers: officer });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const certificates = await server.db.selectFrom('issued_documents').select(['id', 'revoked_at', 'revoked_reason', 'storage_key']).where('application_id', '=', application.id).where('kind', '=', 'recognition_certificate').orderBy('id').execute();
    expect(certificates).toHaveLength(2);
    expect(certificates[0]).toMatchObject({ id: certificateBefore.id, revoked_reason: 'Recognised for employment only.' });
    expect(certificates[0]!.revoked_at).not.toBeNull();
    expect(certificates[1]!.revoked_at).toBeNull();
    expect(certificates[1]!.storage_key).not.toBeNull();

    const again = await post(`/appeals/${appeal.id}/outcome/`, { outcome: 'upheld', reason: 'x', version: decided.version }, councilMember);
    expect([again.statusCode, refusalCode(again)]).toEqual([409, 'appeal_decided']);
  });

  it('upheld: the decision stands and nothing is issued; a stale version is 412', async () => {
    const application = await granted();
    now = new Date('2027-03-03T10:00:00Z');
    const appeal = await register(application, '2027-03-03');
    const assigned = (await post(`/appeals/${appeal.id}/assign/`, { council_id: memberCouncilId, version: appeal.version }, admin)).json() as AppealDetail;
    expect((await post(`/appeals/${appeal.id}/outcome/`, { outcome: 'upheld', reason: 'Stands.', version: appeal.version }, councilMember)).statusCode).toBe(412);
    const upheld = await post(`/appeals/${appeal.id}/outcome/`, { outcome: 'upheld', reason: 'The workload was counted right.', version: assigned.version }, councilMember);
    expect(upheld.statusCode, upheld.body).toBe(200);
    const decisions = (await server.app.inject({ url: `/api/applications/${application.id}/decision/`, headers: officer })).json() as ApplicationDecisions;
    expect(decisions.current?.id).toBe(appeal.decision_id);
    expect(decisions.history).toEqual([]);
    const certificates = await server.db.selectFrom('issued_documents').select('revoked_at').where('application_id', '=', application.id).execute();
    expect(certificates.map((row) => row.revoked_at)).toEqual([null]);
  });

  it('a member of another council may not decide it', async () => {
    const application = await granted();
    now = new Date('2027-03-03T10:00:00Z');
    const appeal = await register(application, '2027-03-03');
    const assigned = (await post(`/appeals/${appeal.id}/assign/`, { council_id: otherCouncilId, version: appeal.version }, admin)).json() as AppealDetail;
    const answer = await post(`/appeals/${appeal.id}/outcome/`, { outcome: 'upheld', reason: 'x', version: assigned.version }, councilMember);
    expect(answer.statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('filters by state, late, council and application; scope: the council member sees only the appeals of their council', async () => {
    const list = async (query: string, headers = admin) => (await server.app.inject({ url: `/api/appeals/?${query}`, headers })).json() as { count: number; results: AppealDetail[] };
    const all = await list('page_size=100');
    expect(all.count).toBeGreaterThan(5);
    expect((await list('late=true&page_size=100')).results.every((appeal) => appeal.late)).toBe(true);
    expect((await list('state=decided&page_size=100')).results.every((appeal) => appeal.state === 'decided')).toBe(true);
    const ofCouncil = await list(`council=${memberCouncilId}&page_size=100`);
    expect(ofCouncil.results.every((appeal) => appeal.council?.id === memberCouncilId)).toBe(true);
    const seenByMember = await list('page_size=100', councilMember);
    expect(seenByMember.results.map((appeal) => appeal.id)).toEqual(expect.arrayContaining(ofCouncil.results.map((appeal) => appeal.id)));
    expect(seenByMember.results.some((appeal) => appeal.council?.id === otherCouncilId)).toBe(false);
    const one = all.results[0]!;
    expect((await list(`application=${one.application.id}`)).results.map((appeal) => appeal.id)).toContain(one.id);
    // The agency officer sees the appeals of the applications they decided, none of these.
    const agencyId = (await server.db.selectFrom('users').select('id').where('username', '=', 'agency').executeTakeFirstOrThrow()).id;
    const seenByAgency = await list('page_size=100', await server.authorization('agency'));
    const decidedByAgency = await server.db.selectFrom('applications').select('id').where('decided_by_id', '=', agencyId).execute();
    expect(seenByAgency.results.every((appeal) => decidedByAgency.some((row) => row.id === appeal.application.id))).toBe(true);
  });
});

describe('the demo', () => {
  it('has a late appeal waiting, one upheld by the member’s council and one that changed the decision', async () => {
    const rows = await server.db.selectFrom('appeals').selectAll().where('registered_by_id', 'in', (eb) => eb.selectFrom('users').select('id').where('username', '=', 'naric.admin')).orderBy('id').execute();
    expect(rows.map((row) => [row.late, row.state, row.outcome])).toEqual([
      [true, 'registered', null],
      [false, 'decided', 'upheld'],
      [false, 'decided', 'changed'],
    ]);
    const changed = rows[2]!;
    const old = await server.db.selectFrom('recognition_decisions').select(['state', 'superseded_by']).where('id', '=', changed.decision_id).executeTakeFirstOrThrow();
    expect(old).toEqual({ state: 'superseded', superseded_by: changed.new_decision_id });
  });
});

describe('the appeal reports', () => {
  interface Answer {
    rows: Record<string, string | number | null>[];
    totals: Record<string, number | null> | null;
  }
  const PERIOD = 'date_from=2027-01-01&date_to=2027-12-31';
  const report = async (key: string) => (await server.app.inject({ url: `/api/reports/${key}/?${PERIOD}`, headers: admin })).json() as Answer;
  const row = (answer: Answer, match: (row: Answer['rows'][number]) => boolean) => answer.rows.find(match) ?? {};
  const delta = (after: Answer['rows'][number], before: Answer['rows'][number], key: string) => Number(after[key] ?? 0) - Number(before[key] ?? 0);

  it('count appeals by month and outcome, and the decisions changed on appeal per council and per officer', async () => {
    const [changesBefore, appealsBefore] = [await report('appeal_changes'), await report('appeals')];
    const applications = [await granted(), await granted()];
    await server.db.updateTable('applications').set({ council_id: otherCouncilId }).where('id', 'in', applications.map((a) => a.id)).execute();
    now = new Date('2027-03-02T10:00:00Z');
    const [toChange, toUphold] = [await register(applications[0]!, '2027-03-02'), await register(applications[1]!, '2027-03-02')];
    for (const [appeal, outcome] of [
      [toChange, { outcome: 'changed', reason: 'Recognised for employment only.', decision: partialDecision(refs, { legal_reason_ids: [refs.generalReasonId] }) }],
      [toUphold, { outcome: 'upheld', reason: 'The decision stands.' }],
    ] as const) {
      const assigned = (await post(`/appeals/${appeal.id}/assign/`, { council_id: memberCouncilId, version: appeal.version }, admin)).json() as AppealDetail;
      const decided = await post(`/appeals/${appeal.id}/outcome/`, { ...outcome, version: assigned.version }, councilMember);
      expect(decided.statusCode, decided.body).toBe(200);
    }

    const appealsAfter = await report('appeals');
    const march = (answer: Answer) => row(answer, (r) => r.month === '2027-03');
    expect(['received', 'late', 'upheld', 'changed', 'rejected_late'].map((key) => delta(march(appealsAfter), march(appealsBefore), key))).toEqual([2, 0, 1, 1, 0]);

    const changesAfter = await report('appeal_changes');
    const blerta = (answer: Answer) => row(answer, (r) => r.officer === 'Blerta Gashi');
    expect(['decisions', 'appealed', 'changed'].map((key) => delta(blerta(changesAfter), blerta(changesBefore), key))).toEqual([2, 2, 1]);
    // The council of the applications also took the new decision made on appeal (its application's council).
    const council = (answer: Answer) => row(answer, (r) => r.council === otherCouncilId);
    expect(['decisions', 'appealed', 'changed'].map((key) => delta(council(changesAfter), council(changesBefore), key))).toEqual([3, 2, 1]);
    const shareOf = blerta(changesAfter);
    expect(shareOf.changed_share).toBe(Math.round((Number(shareOf.changed) * 1000) / Number(shareOf.decisions)) / 10);
    // The officers' rows add up to the whole: every decision was prepared by one of them.
    const officers = changesAfter.rows.filter((r) => r.council === null);
    expect(changesAfter.totals?.decisions).toBe(officers.reduce((total, r) => total + Number(r.decisions), 0));
  });
});
