import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DECISION_REFERENCE_PATHS,
  legalReason,
  legalReasonListAnswer,
  nationalQualification,
  nationalQualificationListAnswer,
} from '../../src/shared/api/decision-references';
import { DEMO_LEGAL_REASON_COUNT, DEMO_NATIONAL_QUALIFICATION_COUNT } from '../../src/server/db/demo-decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The legal reasons and national reference qualifications: filters and search as the decision
// builder calls them, the input rules, the degree level checked against its list, optimistic
// versions, deactivation, and deletion refused (whole) while a decision cites the record.

let server: ServerFixture;

async function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, headers: Record<string, string> = {}) {
  return server.app.inject({ method, url: `/api${path}`, headers: { ...(await server.authorization('admin')), ...headers }, ...(payload ? { payload } : {}) });
}
const auditOf = (entityType: string, entityId: number) =>
  server.db.selectFrom('audit_log').select(['action', 'details']).where('entity_type', '=', entityType).where('entity_id', '=', String(entityId)).orderBy('id').execute();
const fieldCodes = (answer: { json(): unknown }) => (answer.json() as { field_codes: Record<string, { code: string }[]> }).field_codes;

const REASON = {
  article: 'Test Act, Art. 1',
  text_en: 'The first paragraph.\nThe second paragraph.',
  text_sq: 'Paragrafi i parë.\nParagrafi i dytë.',
  text_sr: 'Prvi stav.\nDrugi stav.',
  services: [2, 1, 2],
  outcomes: ['non_recognition', 'partial'],
};
const QUALIFICATION = {
  name_en: 'Test master',
  name_sq: 'Master provë',
  name_sr: 'Probni master',
  degree_level: 'master',
  eqf_level: 7,
  nqf_level: 7,
  ects_credits: 90,
  duration_years: 1.5,
  profile: 'academic',
};

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

describe('legal reasons', () => {
  it('lists the demo library and filters it the way the decision builder asks', async () => {
    const all = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?page_size=100`)).json());
    expect(all.count).toBe(DEMO_LEGAL_REASON_COUNT);
    const partial = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?service=1&outcome=partial&active=true&page_size=100`)).json());
    expect(partial.count).toBeGreaterThan(0);
    expect(partial.count).toBeLessThan(all.count);
    for (const reason of partial.results) {
      expect(reason.services).toContain(1);
      expect(reason.outcomes).toContain('partial');
      expect(reason.active).toBe(true);
    }
    const school = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?service=2&outcome=conditional&page_size=100`)).json());
    expect(school.results.map((reason) => reason.article)).toContain('Lisbon Recognition Convention, Art. IV.5');
    expect(school.results.map((reason) => reason.article)).not.toContain('Lisbon Recognition Convention, Art. VI.1');
  });

  it('searches the article and the three texts without accents, and orders', async () => {
    const albanian = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?search=dallim%20thelberor`)).json());
    expect(albanian.count).toBe(0);
    const folded = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?search=thelbesor%20kombetar`)).json());
    expect(folded.results.map((reason) => reason.article)).toEqual(['Lisbon Recognition Convention, Art. VI.1']);
    const serbian = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?search=zalbu`)).json());
    expect(serbian.results.map((reason) => reason.article)).toContain('Law No. 05/L-031 on General Administrative Procedure, administrative appeal');
    const ascending = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?page_size=100`)).json()).results.map((reason) => reason.article);
    const descending = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?page_size=100&ordering=-article`)).json()).results.map((reason) => reason.article);
    expect(descending).toEqual([...ascending].reverse());
  });

  it('creates one with its services and outcomes in a fixed order, audited', async () => {
    const answer = await send('POST', DECISION_REFERENCE_PATHS.legalReasons, REASON);
    expect(answer.statusCode).toBe(201);
    const created = legalReason.parse(answer.json());
    expect(created).toMatchObject({ article: REASON.article, text_en: REASON.text_en, services: [1, 2], outcomes: ['partial', 'non_recognition'], active: true, version: 0 });
    expect((await auditOf('legal_reason', created.id)).map((row) => row.action)).toEqual(['legal_reason.create']);
    expect(legalReason.parse((await send('GET', DECISION_REFERENCE_PATHS.legalReason(created.id))).json())).toEqual(created);
  });

  it('refuses what the contract does not hold, and a second reason with the same article in any case', async () => {
    const refused = async (body: object, field: string) => {
      const answer = await send('POST', DECISION_REFERENCE_PATHS.legalReasons, { ...REASON, article: 'Another article', ...body });
      expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(answer.json()).some((key) => key === field || key.startsWith(`${field}.`))).toBe(true);
    };
    await refused({ article: '   ' }, 'article');
    await refused({ text_sq: '' }, 'text_sq');
    await refused({ text_en: 'x'.repeat(2001) }, 'text_en');
    await refused({ text_sr: 'nul \u0000 byte' }, 'text_sr');
    await refused({ article: 'two\nlines' }, 'article');
    await refused({ services: [] }, 'services');
    await refused({ services: [3] }, 'services');
    await refused({ outcomes: ['approve'] }, 'outcomes');
    await refused({ outcomes: [] }, 'outcomes');
    const taken = await send('POST', DECISION_REFERENCE_PATHS.legalReasons, { ...REASON, article: REASON.article.toUpperCase() });
    expect(taken.statusCode).toBe(400);
    expect(fieldCodes(taken).article?.[0]?.code).toBe('legal_reason_article_taken');
    const accepted = await send('POST', DECISION_REFERENCE_PATHS.legalReasons, { ...REASON, article: 'Long text', text_en: 'x'.repeat(2000) });
    expect(accepted.statusCode).toBe(201);
  });

  it('edits and deactivates with the version read, refuses a stale one, and lists active ones only when asked', async () => {
    const created = legalReason.parse((await send('POST', DECISION_REFERENCE_PATHS.legalReasons, { ...REASON, article: 'To deactivate' })).json());
    const edited = legalReason.parse((await send('PATCH', DECISION_REFERENCE_PATHS.legalReason(created.id), { version: 0, text_en: 'Reworded.', services: [2] })).json());
    expect(edited).toMatchObject({ text_en: 'Reworded.', services: [2], version: 1 });
    const stale = await send('PATCH', DECISION_REFERENCE_PATHS.legalReason(created.id), { version: 0, active: false });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe('reference_stale');
    const off = legalReason.parse((await send('PATCH', DECISION_REFERENCE_PATHS.legalReason(created.id), { version: 1, active: false })).json());
    expect(off).toMatchObject({ active: false, version: 2 });
    const offered = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?active=true&search=deactivate`)).json());
    expect(offered.count).toBe(0);
    const inactive = legalReasonListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.legalReasons}?active=false&search=deactivate`)).json());
    expect(inactive.results.map((reason) => reason.id)).toEqual([created.id]);
    const on = legalReason.parse((await send('PATCH', DECISION_REFERENCE_PATHS.legalReason(created.id), { version: 2, active: true })).json());
    expect(on).toMatchObject({ active: true, version: 3 });
    expect((await auditOf('legal_reason', created.id)).map((row) => row.action)).toEqual(['legal_reason.create', 'legal_reason.update', 'legal_reason.update', 'legal_reason.update']);
    const unchanged = legalReason.parse((await send('PATCH', DECISION_REFERENCE_PATHS.legalReason(created.id), { version: 3, services: [2] })).json());
    expect(unchanged.version).toBe(3);
  });

  it('answers 404 for a reason that does not exist', async () => {
    expect((await send('GET', DECISION_REFERENCE_PATHS.legalReason(999_999))).statusCode).toBe(404);
    expect((await send('PATCH', DECISION_REFERENCE_PATHS.legalReason(999_999), { version: 0, active: false })).statusCode).toBe(404);
    expect((await send('DELETE', DECISION_REFERENCE_PATHS.legalReason(999_999))).statusCode).toBe(404);
  });
});

describe('national reference qualifications', () => {
  it('lists the demo qualifications and filters them the way the decision builder asks', async () => {
    const all = nationalQualificationListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.nationalQualifications}?page_size=100`)).json());
    expect(all.count).toBe(DEMO_NATIONAL_QUALIFICATION_COUNT);
    // Ordered by EQF level by default.
    const levels = all.results.map((row) => row.eqf_level);
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    const masters = nationalQualificationListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.nationalQualifications}?active=true&degree_level=master`)).json());
    expect(masters.count).toBeGreaterThan(1);
    expect(masters.results.every((row) => row.degree_level === 'master' && row.eqf_level === 7)).toBe(true);
    const medicine = masters.results.find((row) => row.ects_credits === 360);
    expect(medicine).toMatchObject({ duration_years: 6, profile: 'academic' });
    const professional = nationalQualificationListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.nationalQualifications}?profile=professional&eqf_level=6`)).json());
    expect(professional.results.map((row) => row.name_en)).toEqual(['Professional bachelor (180 ECTS)']);
  });

  it('searches the three names without accents and orders by the reader’s name', async () => {
    const found = nationalQualificationListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.nationalQualifications}?search=mjekesi`)).json());
    expect(found.results.map((row) => row.ects_credits)).toEqual([360]);
    const serbian = nationalQualificationListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.nationalQualifications}?ordering=name&page_size=100`, undefined, { 'accept-language': 'sr' })).json());
    const names = serbian.results.map((row) => row.name_sr);
    expect(names[0]).toBe('Diploma državne mature (opšte više srednje obrazovanje)');
  });

  it('creates one with its duration as a number, audited', async () => {
    const answer = await send('POST', DECISION_REFERENCE_PATHS.nationalQualifications, QUALIFICATION);
    expect(answer.statusCode).toBe(201);
    const created = nationalQualification.parse(answer.json());
    expect(created).toMatchObject({ ...QUALIFICATION, active: true, version: 0 });
    expect((await auditOf('national_qualification', created.id)).map((row) => row.action)).toEqual(['national_qualification.create']);
    const optional = nationalQualification.parse((await send('POST', DECISION_REFERENCE_PATHS.nationalQualifications, { ...QUALIFICATION, ects_credits: undefined, duration_years: undefined })).json());
    expect(optional).toMatchObject({ ects_credits: null, duration_years: null });
  });

  it('refuses a degree level that is not on the degree levels list, on create and on edit', async () => {
    const unknown = await send('POST', DECISION_REFERENCE_PATHS.nationalQualifications, { ...QUALIFICATION, degree_level: 'licentiate' });
    expect(unknown.statusCode).toBe(400);
    expect(fieldCodes(unknown).degree_level?.[0]?.code).toBe('national_qualification_unknown_degree_level');
    const created = nationalQualification.parse((await send('POST', DECISION_REFERENCE_PATHS.nationalQualifications, { ...QUALIFICATION, name_en: 'Level test' })).json());
    const edit = await send('PATCH', DECISION_REFERENCE_PATHS.nationalQualification(created.id), { version: 0, degree_level: 'high_professional_school' });
    expect(edit.statusCode).toBe(400);
    expect(fieldCodes(edit).degree_level?.[0]?.code).toBe('national_qualification_unknown_degree_level');
    expect(nationalQualification.parse((await send('GET', DECISION_REFERENCE_PATHS.nationalQualification(created.id))).json()).version).toBe(0);
    const moved = await send('PATCH', DECISION_REFERENCE_PATHS.nationalQualification(created.id), { version: 0, degree_level: 'phd', eqf_level: 8, nqf_level: 8 });
    expect(moved.statusCode).toBe(200);
  });

  it('refuses levels, workload and duration outside their ranges', async () => {
    for (const [field, value] of [
      ['eqf_level', 0],
      ['eqf_level', 9],
      ['nqf_level', 2.5],
      ['ects_credits', -1],
      ['ects_credits', 601],
      ['duration_years', 0],
      ['duration_years', 2.3],
      ['duration_years', 13],
      ['profile', 'vocational'],
      ['name_sr', ''],
    ] as const) {
      const answer = await send('POST', DECISION_REFERENCE_PATHS.nationalQualifications, { ...QUALIFICATION, [field]: value });
      expect(answer.statusCode, `${field} ${value}`).toBe(400);
      expect(Object.keys(answer.json())).toContain(field);
    }
  });

  it('deactivates with the version read and refuses a stale one', async () => {
    const created = nationalQualification.parse((await send('POST', DECISION_REFERENCE_PATHS.nationalQualifications, { ...QUALIFICATION, name_en: 'Switch test' })).json());
    const off = nationalQualification.parse((await send('PATCH', DECISION_REFERENCE_PATHS.nationalQualification(created.id), { version: 0, active: false })).json());
    expect(off).toMatchObject({ active: false, version: 1 });
    expect((await send('PATCH', DECISION_REFERENCE_PATHS.nationalQualification(created.id), { version: 0, active: true })).statusCode).toBe(412);
    const offered = nationalQualificationListAnswer.parse((await send('GET', `${DECISION_REFERENCE_PATHS.nationalQualifications}?active=true&search=switch`)).json());
    expect(offered.count).toBe(0);
  });
});

describe('deleting a record a decision cites', () => {
  // The decision tables come later; a throwaway table with the same restricting foreign keys
  // stands in for them, so the refusal is the database's own.
  beforeAll(async () => {
    await sql`create table test_decision_citations (
      id integer generated always as identity primary key,
      legal_reason_id integer references legal_reasons (id) on delete restrict,
      national_qualification_id integer references national_qualifications (id) on delete restrict
    )`.execute(server.db);
  });
  afterAll(async () => {
    await sql`drop table test_decision_citations`.execute(server.db);
  });

  it('refuses a cited legal reason with 409 legal_reason_in_use, leaves it whole, and deletes it once no longer cited', async () => {
    const reason = legalReason.parse((await send('POST', DECISION_REFERENCE_PATHS.legalReasons, { ...REASON, article: 'Cited article' })).json());
    await sql`insert into test_decision_citations (legal_reason_id) values (${reason.id})`.execute(server.db);
    const refused = await send('DELETE', DECISION_REFERENCE_PATHS.legalReason(reason.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('legal_reason_in_use');
    expect(legalReason.parse((await send('GET', DECISION_REFERENCE_PATHS.legalReason(reason.id))).json())).toEqual(reason);
    expect((await auditOf('legal_reason', reason.id)).map((row) => row.action)).toEqual(['legal_reason.create']);
    const albanian = await send('DELETE', DECISION_REFERENCE_PATHS.legalReason(reason.id), undefined, { 'accept-language': 'sq' });
    expect(albanian.json().code).toBe('legal_reason_in_use');

    await sql`delete from test_decision_citations where legal_reason_id = ${reason.id}`.execute(server.db);
    expect((await send('DELETE', DECISION_REFERENCE_PATHS.legalReason(reason.id))).statusCode).toBe(204);
    expect((await send('GET', DECISION_REFERENCE_PATHS.legalReason(reason.id))).statusCode).toBe(404);
    expect((await auditOf('legal_reason', reason.id)).map((row) => row.action)).toEqual(['legal_reason.create', 'legal_reason.delete']);
  });

  it('refuses a national qualification a decision compares with (409 national_qualification_in_use)', async () => {
    const qualification = nationalQualification.parse((await send('POST', DECISION_REFERENCE_PATHS.nationalQualifications, { ...QUALIFICATION, name_en: 'Compared with' })).json());
    await sql`insert into test_decision_citations (national_qualification_id) values (${qualification.id})`.execute(server.db);
    const refused = await send('DELETE', DECISION_REFERENCE_PATHS.nationalQualification(qualification.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('national_qualification_in_use');
    expect((await send('GET', DECISION_REFERENCE_PATHS.nationalQualification(qualification.id))).statusCode).toBe(200);
    expect((await auditOf('national_qualification', qualification.id)).map((row) => row.action)).toEqual(['national_qualification.create']);
    // Deactivating is the way out, and it works while cited.
    expect((await send('PATCH', DECISION_REFERENCE_PATHS.nationalQualification(qualification.id), { version: 0, active: false })).statusCode).toBe(200);
  });
});
