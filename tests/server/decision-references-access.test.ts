import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECISION_REFERENCE_PATHS } from '../../src/shared/api/decision-references';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every endpoint of the legal reasons and national reference qualifications × every demo account:
// the roles that prepare, review, approve or advise on a recognition decision read; only
// administrators write; a refused request changes nothing and writes no audit entry; signed out is 401.

let server: ServerFixture;
let reasonId: number;
let qualificationId: number;
let spareReasonId: number;
let spareQualificationId: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const ADMINS = new Set(['admin', 'naric.admin']);
/** Officers, agency officers, council members and evaluators work on decisions; administrators keep the library. */
const READERS = new Set([...ADMINS, 'officer', 'agency', 'council', 'evaluator']);

async function send(username: string | null, method: Method, path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}

const reads = (): [Method, string][] => [
  ['GET', `${DECISION_REFERENCE_PATHS.legalReasons}?service=1&outcome=partial&active=true`],
  ['GET', `${DECISION_REFERENCE_PATHS.legalReasons}?search=lisbon&ordering=-article`],
  ['GET', DECISION_REFERENCE_PATHS.legalReason(reasonId)],
  ['GET', `${DECISION_REFERENCE_PATHS.nationalQualifications}?active=true&degree_level=master`],
  ['GET', `${DECISION_REFERENCE_PATHS.nationalQualifications}?search=bachelor&ordering=name`],
  ['GET', DECISION_REFERENCE_PATHS.nationalQualification(qualificationId)],
];

// Writes an administrator's request would carry out; for others they must be refused untouched.
const writes = (): [Method, string, object?][] => [
  ['POST', DECISION_REFERENCE_PATHS.legalReasons, { article: 'Access test article', text_en: 'a', text_sq: 'b', text_sr: 'c', services: [1], outcomes: ['full'] }],
  ['PATCH', DECISION_REFERENCE_PATHS.legalReason(reasonId), { version: 0, active: false }],
  ['DELETE', DECISION_REFERENCE_PATHS.legalReason(spareReasonId)],
  [
    'POST',
    DECISION_REFERENCE_PATHS.nationalQualifications,
    { name_en: 'Access test', name_sq: 'Provë', name_sr: 'Proba', degree_level: 'master', eqf_level: 7, nqf_level: 7, profile: 'academic' },
  ],
  ['PATCH', DECISION_REFERENCE_PATHS.nationalQualification(qualificationId), { version: 0, active: false }],
  ['DELETE', DECISION_REFERENCE_PATHS.nationalQualification(spareQualificationId)],
];

const state = async () => ({
  reasons: await server.db.selectFrom('legal_reasons').select(['id', 'version', 'active']).orderBy('id').execute(),
  qualifications: await server.db.selectFrom('national_qualifications').select(['id', 'version', 'active']).orderBy('id').execute(),
  audit: (await server.db.selectFrom('audit_log').select('id').where('entity_type', 'in', ['legal_reason', 'national_qualification']).execute()).length,
});

beforeAll(async () => {
  server = await createServerFixture();
  reasonId = (await server.db.selectFrom('legal_reasons').select('id').where('article', '=', 'Lisbon Recognition Convention, Art. VI.1').executeTakeFirstOrThrow()).id;
  qualificationId = (await server.db.selectFrom('national_qualifications').select('id').where('name_en', '=', 'Master (120 ECTS)').executeTakeFirstOrThrow()).id;
  spareReasonId = (
    await server.db
      .insertInto('legal_reasons')
      .values({ article: 'Spare article', text_en: 'Spare', text_sq: 'Rezervë', text_sr: 'Rezerva', services: [2], outcomes: ['full'] })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  spareQualificationId = (
    await server.db
      .insertInto('national_qualifications')
      .values({ name_en: 'Spare', name_sq: 'Rezervë', name_sr: 'Rezerva', degree_level: 'bachelor', eqf_level: 6, nqf_level: 6, ects_credits: 180, duration_years: 3, profile: 'academic' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => server?.close());

it('the demo has readers and others', () => {
  expect(USERS.filter((username) => READERS.has(username)).sort()).toEqual([...READERS].sort());
  expect(USERS.length).toBeGreaterThan(READERS.size);
});

describe('signed out', () => {
  it('is refused every endpoint with 401', async () => {
    for (const [method, path, payload] of [...reads(), ...writes()]) {
      const answer = await send(null, method, path, payload);
      expect(answer.statusCode, `${method} ${path}`).toBe(401);
    }
  });
});

describe.each(USERS)('%s', (username) => {
  it.runIf(READERS.has(username))('reads every list and record', async () => {
    for (const [method, path] of reads()) {
      const answer = await send(username, method, path);
      expect(answer.statusCode, `${method} ${path}`).toBe(200);
    }
  });

  it.skipIf(READERS.has(username))('is refused every read with 403', async () => {
    for (const [method, path] of reads()) {
      const answer = await send(username, method, path);
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json().code).toBe('permission_denied');
    }
  });

  it.skipIf(ADMINS.has(username))('is refused every write with 403, nothing changed', async () => {
    const before = await state();
    for (const [method, path, payload] of writes()) {
      const answer = await send(username, method, path, payload);
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json().code).toBe('permission_denied');
    }
    expect(await state()).toEqual(before);
  });
});

describe('an administrator', () => {
  it.each([...ADMINS])('%s may write (each write carried out with the version it read)', async (username) => {
    const created = await send(username, 'POST', DECISION_REFERENCE_PATHS.legalReasons, {
      article: `Article of ${username}`,
      text_en: 'Text',
      text_sq: 'Tekst',
      text_sr: 'Tekst',
      services: [1, 2],
      outcomes: ['partial'],
    });
    expect(created.statusCode).toBe(201);
    const reason = created.json();
    const switched = await send(username, 'PATCH', DECISION_REFERENCE_PATHS.legalReason(reason.id), { version: reason.version, active: false });
    expect(switched.statusCode).toBe(200);
    expect((await send(username, 'DELETE', DECISION_REFERENCE_PATHS.legalReason(reason.id))).statusCode).toBe(204);

    const qualification = await send(username, 'POST', DECISION_REFERENCE_PATHS.nationalQualifications, {
      name_en: `Qualification of ${username}`,
      name_sq: 'Kualifikim',
      name_sr: 'Kvalifikacija',
      degree_level: 'bachelor',
      eqf_level: 6,
      nqf_level: 6,
      profile: 'professional',
    });
    expect(qualification.statusCode).toBe(201);
    const edited = await send(username, 'PATCH', DECISION_REFERENCE_PATHS.nationalQualification(qualification.json().id), { version: 0, ects_credits: 180 });
    expect(edited.statusCode).toBe(200);
    expect((await send(username, 'DELETE', DECISION_REFERENCE_PATHS.nationalQualification(qualification.json().id))).statusCode).toBe(204);
  });
});
