import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionCitations, DecisionConsistency, SimilarDecision } from '../../src/shared/api/decision-precedents';
import type { Paginated } from '../../src/shared/api/drf';
import type { RecognitionOutcome } from '../../src/shared/api/recognition-decisions';
import type { EducationInfoTable } from '../../src/server/db/schema';
import { fullDecision, partialDecision, recognitionApplication, seedDecisionReferences, type DecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Precedents through the API: the similar decisions (the programme compared without accents and
// word order, a merged duplicate institution counted as the one it was merged into, the "same …"
// filters, full-text search over the reasons), the consistency count and the departure reason a
// clear majority asks for (refused without it), and a citation read both ways.

let server: ServerFixture;
let refs: DecisionReferences;
let officer: { authorization: string };
let agency: { authorization: string };
let adminId: number;
let tiranaId: number;
let counter = 0;

beforeAll(async () => {
  server = await createServerFixture();
  refs = await seedDecisionReferences(server.db);
  officer = await server.authorization('officer');
  agency = await server.authorization('agency');
  adminId = (await server.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  tiranaId = (await server.db.selectFrom('institutions').select('id').where('name_en', '=', 'University of Tirana').where('merged_into', 'is', null).executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

/** A programme name no other test (nor the demo data) uses. */
const uniqueProgramme = () => `Master of Economics ${String.fromCharCode(97 + (counter++ % 26))}${counter}zq`;

/** A service-1 application at `status` whose education states `programme` (and optionally another level or institution). */
async function applicationOn(programme: string, status: 'assessment_completed' | 'approved' = 'assessment_completed', education: Partial<Pick<EducationInfoTable, 'degree_level' | 'institution_name'>> = {}) {
  const application = await recognitionApplication(server.db, { service: 1, status });
  await server.db.updateTable('education_info').set({ program_name: programme, ...education }).where('application_id', '=', application.id).execute();
  return application;
}

/** An approved decision written straight into the tables, as an earlier case left it. */
async function precedentOn(
  programme: string,
  outcome: RecognitionOutcome,
  options: { institutionId?: number | null; level?: string; explanation?: string; detail?: string; country?: string } = {},
): Promise<number> {
  const application = await applicationOn(programme, 'approved');
  const national = await server.db.selectFrom('national_qualifications').selectAll().where('id', '=', refs.masterId).executeTakeFirstOrThrow();
  const { id } = await server.db
    .insertInto('recognition_decisions')
    .values({
      application_id: application.id,
      outcome,
      outcome_detail: ['partial', 'alternative', 'conditional'].includes(outcome) ? (options.detail ?? 'For employment only.') : null,
      foreign_institution_name: 'University of Tirana',
      foreign_institution_id: options.institutionId === undefined ? tiranaId : options.institutionId,
      foreign_country: options.country ?? 'AL',
      foreign_accreditation: 'accredited',
      foreign_programme: programme,
      foreign_degree_level: options.level ?? 'master',
      foreign_profile: 'academic',
      national_qualification_id: national.id,
      national_name_en: national.name_en,
      national_name_sq: national.name_sq,
      national_name_sr: national.name_sr,
      national_degree_level: national.degree_level,
      national_eqf_level: national.eqf_level,
      national_nqf_level: national.nqf_level,
      national_profile: national.profile,
      appeal_body_en: 'Appeals body',
      appeal_body_sq: 'Organi i ankesave',
      appeal_body_sr: 'Organ za žalbe',
      appeal_period_days: 15,
      appeal_last_day: '2026-12-31',
      state: 'approved',
      prepared_by_id: adminId,
      prepared_at: new Date(),
      approved_by_id: adminId,
      approved_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (outcome !== 'full') {
    await server.db.insertInto('recognition_decision_differences').values({ decision_id: id, position: 0, element: 'workload', explanation: options.explanation ?? 'Fewer credits than the national master.' }).execute();
  }
  await server.db.insertInto('recognition_decision_legal_bases').values({ decision_id: id, legal_reason_id: refs.generalReasonId, position: 0 }).execute();
  return id;
}

async function similar(applicationId: number, query = ''): Promise<Paginated<SimilarDecision>> {
  const answer = await server.app.inject({ url: `/api/applications/${applicationId}/decision/similar/${query ? `?${query}` : ''}`, headers: officer });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const prepare = (id: number, version: number, decision: object) =>
  server.app.inject({ method: 'POST', url: `/api/applications/${id}/prepare-decision/`, headers: officer, payload: { version, decision } });

describe('similar decisions', () => {
  it('finds the programme whatever its accents, case and word order, not another programme', async () => {
    const programme = uniqueProgramme();
    const application = await applicationOn(programme);
    const reordered = programme.split(' ').reverse().join('  ').toUpperCase().replace('E', 'É');
    const same = await precedentOn(reordered, 'full');
    const other = await precedentOn(`${programme} and Finance`, 'full');
    const ids = (await similar(application.id)).results.map((row) => row.id);
    expect(ids).toContain(same);
    expect(ids).not.toContain(other);
  });

  it('counts a decision on a merged duplicate as one on the institution it was merged into', async () => {
    const programme = uniqueProgramme();
    const application = await applicationOn(programme);
    const duplicate = await server.db
      .insertInto('institutions')
      .values({ name_en: `Univ. Tirana ${counter}`, name_sq: `Univ. Tirana ${counter}`, name_sr: `Univ. Tirana ${counter}`, country: 'AL', type: 'public', accreditation_status: 'accredited', active: false, merged_into: tiranaId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const elsewhere = await server.db
      .insertInto('institutions')
      .values({ name_en: `Another University ${counter}`, name_sq: `Another University ${counter}`, name_sr: `Another University ${counter}`, country: 'AL', type: 'public', accreditation_status: 'accredited' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const onDuplicate = await precedentOn(programme, 'full', { institutionId: duplicate.id });
    const onOther = await precedentOn(programme, 'full', { institutionId: elsewhere.id });
    const page = await similar(application.id);
    expect(page.results.map((row) => row.id)).toContain(onDuplicate);
    expect(page.results.map((row) => row.id)).not.toContain(onOther);
    // Without "same institution" the other institution's decision on the programme is similar too.
    const wider = await similar(application.id, 'same_institution=false');
    const row = wider.results.find((found) => found.id === onOther)!;
    expect(row.same).toEqual({ institution: false, programme: true, level: true, country: true });
  });

  it('narrows by level and outcome, and shows each decision with its differences and legal bases', async () => {
    const programme = uniqueProgramme();
    const application = await applicationOn(programme);
    const bachelor = await precedentOn(programme, 'full', { level: 'bachelor' });
    const partial = await precedentOn(programme, 'partial');
    expect((await similar(application.id)).results.map((row) => row.id)).toEqual([partial]);
    expect((await similar(application.id, 'same_level=false')).results.map((row) => row.id).sort()).toEqual([bachelor, partial].sort());
    expect((await similar(application.id, 'same_level=false&outcome=full')).results.map((row) => row.id)).toEqual([bachelor]);
    const [row] = (await similar(application.id)).results;
    expect(row).toMatchObject({ outcome: 'partial', may_open: true, differences: [{ element: 'workload' }], legal_bases: [{ id: refs.generalReasonId }] });
  });

  it('searches the reasons in full text, accents ignored: explanations, outcome details and departure reasons', async () => {
    const programme = uniqueProgramme();
    const application = await applicationOn(programme);
    const byExplanation = await precedentOn(programme, 'partial', { explanation: 'Praktika klinike mungon plotësisht.' });
    const byDetail = await precedentOn(programme, 'partial', { detail: 'Recognised for teaching in secondary schools.' });
    const ids = async (search: string) => (await similar(application.id, `search=${encodeURIComponent(search)}`)).results.map((row) => row.id);
    expect(await ids('plotesisht')).toEqual([byExplanation]);
    expect(await ids('SECONDARY teaching')).toEqual([byDetail]);
    expect(await ids('nothing-like-this')).toEqual([]);
  });
});

describe('consistency and the departure reason', () => {
  it('counts the earlier decisions on the programme and refuses a departure from a clear majority without a reason', async () => {
    const programme = uniqueProgramme();
    for (const outcome of ['full', 'full', 'partial'] as const) await precedentOn(programme, outcome);
    const application = await applicationOn(programme);
    const answer = await server.app.inject({ url: `/api/applications/${application.id}/decision/consistency/`, headers: officer });
    const consistency: DecisionConsistency = answer.json();
    expect(consistency).toEqual({ total: 3, outcomes: { full: 2, partial: 1 }, majority: 'full' });

    const refused = await prepare(application.id, application.version, partialDecision(refs));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field_codes['decision.departure_reason'].map((item: { code: string }) => item.code)).toEqual(['decision_departure_reason_required']);
    // The majority's own outcome needs no reason.
    expect((await prepare(application.id, application.version, fullDecision(refs))).statusCode).toBe(200);
  });

  it('takes the departure with its reason, and keeps it with the decision', async () => {
    const programme = uniqueProgramme();
    for (let index = 0; index < 3; index++) await precedentOn(programme, 'full');
    const application = await applicationOn(programme);
    const reason = 'The programme was shortened to 60 ECTS after the earlier decisions.';
    const taken = await prepare(application.id, application.version, partialDecision(refs, { departure_reason: reason }));
    expect(taken.statusCode, taken.body).toBe(200);
    const decision = (await server.app.inject({ url: `/api/applications/${application.id}/decision/`, headers: officer })).json();
    expect(decision.current.departure_reason).toBe(reason);
  });

  it('asks nothing below three decisions or without a two-thirds majority', async () => {
    const programme = uniqueProgramme();
    for (const outcome of ['full', 'full', 'partial', 'partial'] as const) await precedentOn(programme, outcome);
    const application = await applicationOn(programme);
    expect((await prepare(application.id, application.version, partialDecision(refs, { outcome: 'non_recognition', outcome_detail: null }))).statusCode).toBe(200);
  });
});

describe('citing precedents', () => {
  it('links a cited precedent both ways, and refuses one that is not an approved decision of another application', async () => {
    const programme = uniqueProgramme();
    const cited = await precedentOn(programme, 'full');
    const application = await applicationOn(programme);
    const taken = await prepare(application.id, application.version, fullDecision(refs, { precedent_ids: [cited] }));
    expect(taken.statusCode, taken.body).toBe(200);
    const decisionId = (await server.app.inject({ url: `/api/applications/${application.id}/decision/`, headers: officer })).json().current.id as number;

    const citations = async (id: number): Promise<DecisionCitations> => (await server.app.inject({ url: `/api/decisions/${id}/citations/`, headers: officer })).json();
    expect((await citations(decisionId)).cites.map((row) => row.id)).toEqual([cited]);
    expect((await citations(cited)).cited_by.map((row) => row.id)).toEqual([decisionId]);

    // A prepared decision is not a precedent yet.
    const other = await applicationOn(uniqueProgramme());
    const refused = await prepare(other.id, other.version, fullDecision(refs, { precedent_ids: [decisionId] }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field_codes['decision.precedent_ids'].map((item: { code: string }) => item.code)).toEqual(['decision_precedent_not_citable']);
  });
});

describe('the register', () => {
  it('shows applicants’ names only to readers who receive the identity, on applications they may see', async () => {
    const programme = uniqueProgramme();
    const id = await precedentOn(programme, 'full');
    const entry = async (headers: { authorization: string }) => {
      const answer = await server.app.inject({ url: '/api/decisions/?page_size=100&state=approved', headers });
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json().results as { id: number; applicant_name?: string }[]).find((row) => row.id === id);
    };
    expect((await entry(officer))?.applicant_name).toBe('Decision Holder');
    // The agency officer receives identities, but this application was not theirs.
    expect(await entry(agency)).toBeDefined();
    expect((await entry(agency))!.applicant_name).toBeUndefined();
    for (const username of ['council', 'payments', 'verifier']) {
      const row = await entry(await server.authorization(username));
      expect(row, username).toBeDefined();
      expect('applicant_name' in row!, username).toBe(false);
    }
    // Who reads no applications reads no register.
    const content = await server.app.inject({ url: '/api/decisions/', headers: await server.authorization('content') });
    expect(content.statusCode).toBe(403);
  });

  it('filters and exports', async () => {
    const programme = uniqueProgramme();
    const id = await precedentOn(programme, 'conditional', { country: 'MK' });
    const answer = await server.app.inject({ url: '/api/decisions/?country=MK&outcome=conditional', headers: officer });
    expect(answer.json().results.map((row: { id: number }) => row.id)).toContain(id);
    const outcomes = await server.app.inject({ url: '/api/decisions/?page=1&page_size=25&ordering=-decided_at&outcome=non_recognition', headers: officer });
    expect(outcomes.statusCode, outcomes.body).toBe(200);
    expect(new Set(outcomes.json().results.map((row: { outcome: string }) => row.outcome))).toEqual(new Set(['non_recognition']));
    const none = await server.app.inject({ url: '/api/decisions/?country=MK&outcome=full', headers: officer });
    expect(none.json().results.map((row: { id: number }) => row.id)).not.toContain(id);
    const file = await server.app.inject({ method: 'POST', url: '/api/decisions/export/', headers: { ...officer, 'accept-language': 'sq' }, payload: { format: 'csv', filter: { country: 'MK' } } });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('Referenca');
    expect(file.body).toContain('Njohje me kushte');
    expect(file.body).toContain('Decision Holder');
    const council = await server.app.inject({ method: 'POST', url: '/api/decisions/export/', headers: await server.authorization('council'), payload: { format: 'csv', filter: { country: 'MK' } } });
    expect(council.statusCode).toBe(200);
    expect(council.body).not.toContain('Decision Holder');
  });
});
