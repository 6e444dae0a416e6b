import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { DOSSIER_PATHS } from '../../src/shared/api/authenticity';
import { REFERENCE_DATA_PATHS } from '../../src/shared/api/reference-data';
import { accreditationAnswer, periodOn } from '../../src/shared/domain/accreditation';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { DEMO_DIPLOMA_MILL, DEMO_DIPLOMA_MILL_AS_TYPED } from '../../src/server/db/demo-authenticity';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Institution dossiers: accreditation answered by the dates of the periods, the watch list's flag
// on applications (by name, through a merged duplicate, by a close spelling; kept by the
// database whatever writes), its history rows and list column, and who reads contacts and
// evidence. Every endpoint × demo group at the end.

let server: ServerFixture;
let atlantis: number;
let duplicate: number;
let unrelated: number;

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, username: string | null, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function institution(name: string, country: string): Promise<number> {
  const answer = await call('POST', REFERENCE_DATA_PATHS.institutions, 'admin', { name_en: name, name_sq: name, name_sr: name, country, type: 'private' });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json<{ id: number }>().id;
}

async function application(institutionName: string, country: string | null, graduation?: string): Promise<number> {
  const service = await server.db.selectFrom('services').select('id').where('service_type', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const applicant = await server.db.insertInto('applicants').values({ first_name: 'Watch', last_name: 'Case', email: 'watch.case@example.org' }).returning('id').executeTakeFirstOrThrow();
  const row = await server.db
    .insertInto('applications')
    .values({
      reference: `AUT-${Math.random().toString(36).slice(2, 10)}`,
      service_id: service.id,
      service_type: 1,
      status: 'submitted',
      applicant_id: applicant.id,
      applicant_name: 'Watch Case',
      institution_name: institutionName,
      institution_country: country,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await server.db
    .insertInto('education_info')
    .values({ application_id: row.id, institution_name: institutionName, institution_country: country, graduation_date: graduation ?? null })
    .execute();
  return row.id;
}

async function merge(survivor: number, duplicateId: number) {
  const { version } = await server.db.selectFrom('institutions').select('version').where('id', '=', survivor).executeTakeFirstOrThrow();
  const merged = await call('POST', REFERENCE_DATA_PATHS.mergeInstitution(survivor), 'admin', { duplicate_id: duplicateId, version });
  expect(merged.statusCode, merged.body).toBe(200);
}

const flagOf = (applicationId: number) =>
  server.db.selectFrom('application_watch_flags').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
const historyOf = (applicationId: number) =>
  server.db.selectFrom('application_history').select(['action', 'notes']).where('application_id', '=', applicationId).orderBy('id').execute();

beforeAll(async () => {
  server = await createServerFixture();
  atlantis = await institution('Atlantis Open University', 'AL');
  duplicate = await institution('Open University of Atlantis', 'AL');
  unrelated = await institution('Atlantic Technical College', 'AL');
  await merge(atlantis, duplicate);
});
afterAll(async () => server?.close());

describe('the demo dossiers', () => {
  it('give the demo institutions periods, contacts and checks, and flag one open case naming the diploma mill by a close spelling', async () => {
    const mill = await server.db.selectFrom('institutions').select('id').where('name_en', '=', DEMO_DIPLOMA_MILL.name_en).executeTakeFirstOrThrow();
    const flagged = await server.db.selectFrom('application_watch_flags').innerJoin('applications', 'applications.id', 'application_watch_flags.application_id').select(['applications.id', 'applications.institution_name', 'application_watch_flags.matched_by']).where('application_watch_flags.institution_id', '=', mill.id).execute();
    expect(flagged).toEqual([expect.objectContaining({ institution_name: DEMO_DIPLOMA_MILL_AS_TYPED, matched_by: 'similar_name' })]);
    // The case's authenticity names the institution its close spelling was matched with.
    const answer = (await call('GET', DOSSIER_PATHS.application(flagged[0].id), 'officer')).json();
    expect(answer).toMatchObject({ institution: { id: mill.id }, watch_flag: { category: 'diploma_mill', matched_by: 'similar_name' } });
    expect(answer.latest_checks[0]).toMatchObject({ subject: 'existence', finding: 'not_confirmed' });
    const prishtina = await server.db.selectFrom('institutions').select('id').where('name_en', '=', 'University of Prishtina "Hasan Prishtina"').executeTakeFirstOrThrow();
    const dossier = (await call('GET', DOSSIER_PATHS.dossier(prishtina.id), 'verifier')).json();
    expect(dossier.accreditation_periods.length).toBeGreaterThan(0);
    expect(dossier.contacts[0]).toMatchObject({ registrar_email: 'registrar@uni-pr.edu', language: 'sq' });
    expect(dossier.checks[0]).toMatchObject({ finding: 'confirmed', checked_by: 'Teuta Morina' });
  });
});

describe('accreditation by dates', () => {
  const periods = [
    { valid_from: '2010-01-01', valid_to: '2014-12-31', status: 'accredited' as const },
    { valid_from: '2015-01-01', valid_to: '2016-06-30', status: 'suspended' as const },
    { valid_from: '2016-07-01', valid_to: null, status: 'conditionally_accredited' as const },
    // Decided inside the running period: from its start it says how things stood.
    { valid_from: '2020-03-01', valid_to: '2020-03-31', status: 'withdrawn' as const },
  ];
  it('the period covering the day says it, the latest-starting among overlapping ones; both ends count', () => {
    expect(accreditationAnswer(periodOn(periods, '2009-12-31'))).toBe('no_record');
    expect(accreditationAnswer(periodOn(periods, '2010-01-01'))).toBe('accredited');
    expect(accreditationAnswer(periodOn(periods, '2014-12-31'))).toBe('accredited');
    expect(accreditationAnswer(periodOn(periods, '2015-01-01'))).toBe('not_accredited');
    expect(accreditationAnswer(periodOn(periods, '2016-07-01'))).toBe('accredited');
    expect(accreditationAnswer(periodOn(periods, '2020-03-15'))).toBe('not_accredited');
    expect(accreditationAnswer(periodOn(periods, '2030-01-01'))).toBe('accredited');
  });

  it('the server answers from the stored periods; reversed periods and periods without a source are refused', async () => {
    for (const period of periods) {
      const added = await call('POST', DOSSIER_PATHS.accreditationPeriods(atlantis), 'admin', { ...period, accrediting_body: 'ASCAL', source_document: 'Decision 12/2010' });
      expect(added.statusCode, added.body).toBe(201);
    }
    const on = async (day: string) => (await call('GET', `${DOSSIER_PATHS.accreditationOn(atlantis)}?on=${day}`, 'council')).json<{ answer: string; period: { status: string } | null }>();
    expect(await on('2012-05-05')).toMatchObject({ answer: 'accredited', period: { status: 'accredited' } });
    expect(await on('2015-05-05')).toMatchObject({ answer: 'not_accredited', period: { status: 'suspended' } });
    expect(await on('2001-01-01')).toMatchObject({ answer: 'no_record', period: null });

    const reversed = await call('POST', DOSSIER_PATHS.accreditationPeriods(atlantis), 'admin', { valid_from: '2020-01-02', valid_to: '2020-01-01', status: 'accredited', accrediting_body: 'ASCAL', source_url: 'https://ascal.al/decision' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().field_codes.valid_to[0].code).toBe('accreditation_period_reversed');
    const unsourced = await call('POST', DOSSIER_PATHS.accreditationPeriods(atlantis), 'admin', { valid_from: '2020-01-01', status: 'accredited', accrediting_body: 'ASCAL' });
    expect(unsourced.statusCode).toBe(400);
    // A merged duplicate keeps no dossier of its own.
    const onDuplicate = await call('POST', DOSSIER_PATHS.accreditationPeriods(duplicate), 'admin', { ...periods[0], accrediting_body: 'ASCAL', source_document: 'x' });
    expect(onDuplicate.statusCode).toBe(409);
  });
});

describe('the watch list', () => {
  let byName: number;
  let byDuplicate: number;
  let bySpelling: number;
  let otherCountry: number;
  let other: number;
  let entryId: number;

  beforeAll(async () => {
    byName = await application('Atlantis Open University', 'AL', '2012-06-30');
    byDuplicate = await application('open university of atlantis', 'AL');
    bySpelling = await application('Atlantis Open Univeristy', null);
    otherCountry = await application('Atlantis Open University', 'RS');
    other = await application('Atlantic Technical College', 'AL');
  });

  it('an entry flags the applications naming the institution, a merged duplicate or a close spelling, and writes their history', async () => {
    expect(await flagOf(byName)).toBeUndefined();
    const listed = await call('POST', DOSSIER_PATHS.watchEntries(atlantis), 'admin', { category: 'diploma_mill', source: 'CIMEA FRAUDOC bulletin 3/2026', note: 'Sells degrees online.' });
    expect(listed.statusCode, listed.body).toBe(201);
    entryId = listed.json<{ id: number }>().id;
    expect(listed.json()).toMatchObject({ category: 'diploma_mill', flagged_applications: 3, lifted_at: null });

    expect(await flagOf(byName)).toMatchObject({ matched_by: 'name', institution_id: atlantis });
    expect(await flagOf(byDuplicate)).toMatchObject({ matched_by: 'merged_duplicate', matched_name: 'Open University of Atlantis' });
    expect(await flagOf(bySpelling)).toMatchObject({ matched_by: 'similar_name' });
    expect(await flagOf(otherCountry)).toBeUndefined();
    expect(await flagOf(other)).toBeUndefined();
    expect(await historyOf(byName)).toContainEqual({ action: 'watch_list_flagged', notes: 'Atlantis Open University' });

    const again = await call('POST', DOSSIER_PATHS.watchEntries(atlantis), 'admin', { category: 'unrecognised', source: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('watch_entry_running');
  });

  it('the list and the detail carry the flag; the detail’s timeline has it as a flag event', async () => {
    const list = await call('GET', `${APPLICATION_PATHS.list}?search=atlantis&page_size=50`, 'officer');
    const rows = list.json<{ results: { id: number; watch_flag: string | null }[] }>().results;
    expect(rows.find((row) => row.id === byName)?.watch_flag).toBe('diploma_mill');
    expect(rows.find((row) => row.id === otherCountry)?.watch_flag).toBeNull();
    const detail = (await call('GET', APPLICATION_PATHS.detail(byName), 'officer')).json<{ watch_flag: string; timeline: { kind: string; action: string }[] }>();
    expect(detail.watch_flag).toBe('diploma_mill');
    expect(detail.timeline).toContainEqual(expect.objectContaining({ kind: 'flag', action: 'watch_list_flagged' }));
  });

  it('follows later writes: a new application, a changed name, a later merge; lifting clears and writes history', async () => {
    const later = await application('Atlantis Open Universty', 'AL');
    expect(await flagOf(later)).toMatchObject({ matched_by: 'similar_name' });
    await server.db.updateTable('applications').set({ institution_name: 'Atlantic Technical College' }).where('id', '=', later).execute();
    expect(await flagOf(later)).toBeUndefined();
    expect((await historyOf(later)).map((row) => row.action)).toEqual(['watch_list_flagged', 'watch_list_cleared']);

    // A duplicate merged in after the entry: the applications naming it are flagged then.
    await merge(atlantis, unrelated);
    expect(await flagOf(other)).toMatchObject({ matched_by: 'merged_duplicate' });

    const lifted = await call('POST', DOSSIER_PATHS.liftWatchEntry(atlantis, entryId), 'admin');
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json()).toMatchObject({ flagged_applications: 0, lifted_by: expect.any(String) });
    expect(await flagOf(byName)).toBeUndefined();
    expect((await historyOf(byName)).at(-1)).toEqual({ action: 'watch_list_cleared', notes: null });
    expect((await call('POST', DOSSIER_PATHS.liftWatchEntry(atlantis, entryId), 'admin')).statusCode).toBe(409);
    // Kept, with who lifted it.
    const dossier = (await call('GET', DOSSIER_PATHS.dossier(atlantis), 'admin')).json<{ watch_entries: { id: number; lifted_at: string | null }[] }>();
    expect(dossier.watch_entries.find((entry) => entry.id === entryId)?.lifted_at).not.toBeNull();
  });
});

describe('checks, contacts and who reads them', () => {
  let applicationId: number;
  beforeAll(async () => {
    applicationId = await application('Atlantis Open University', 'AL', '2015-03-01');
    expect((await call('POST', DOSSIER_PATHS.contacts(atlantis), 'admin', { registrar_email: 'registrar@atlantis.example', language: 'en', source: 'Ministry register of institutions', checked_on: '2026-10-01' })).statusCode).toBe(201);
    const empty = await call('POST', DOSSIER_PATHS.contacts(atlantis), 'admin', { language: 'en', source: 'x', checked_on: '2026-10-01' });
    expect(empty.json().field_codes.registrar_email[0].code).toBe('verification_contact_empty');
    const checked = await call('POST', DOSSIER_PATHS.checks(atlantis), 'verifier', { subject: 'accreditation', finding: 'confirmed', details: 'Listed in the agency register.', evidence: 'https://ascal.al/register#atlantis', checked_on: '2026-10-19' });
    expect(checked.statusCode, checked.body).toBe(201);
    expect(checked.json()).toMatchObject({ checked_by: 'Teuta Morina', evidence: 'https://ascal.al/register#atlantis' });
  });

  it('a verifier reads the checks with evidence and the contacts; the diploma’s date is checked against the periods', async () => {
    const answer = (await call('GET', DOSSIER_PATHS.application(applicationId), 'verifier')).json();
    expect(answer.institution.id).toBe(atlantis);
    expect(answer.diploma_date).toBe('2015-03-01');
    expect(answer.accreditation).toMatchObject({ answer: 'not_accredited', period: { status: 'suspended' } });
    expect(answer.latest_checks[0]).toMatchObject({ finding: 'confirmed', evidence: 'https://ascal.al/register#atlantis', checked_by: 'Teuta Morina' });
    expect(answer.contacts).toEqual([expect.objectContaining({ registrar_email: 'registrar@atlantis.example' })]);
  });

  it('a payment officer reads the findings without evidence, contacts or the education record’s date', async () => {
    const answer = (await call('GET', DOSSIER_PATHS.application(applicationId), 'payments')).json();
    expect(answer.latest_checks[0]).not.toHaveProperty('evidence');
    expect(answer).not.toHaveProperty('contacts');
    expect(answer.diploma_date).toBeNull();
    expect(answer.accreditation).toBeNull();
  });
});

describe('endpoints × demo groups', () => {
  const VERIFIERS = new Set(['admin', 'naric.admin', 'officer', 'verifier']);
  const ADMINS = new Set(['admin', 'naric.admin']);

  it('signed out: 401 everywhere', async () => {
    for (const [method, url] of [
      ['GET', DOSSIER_PATHS.dossier(atlantis)],
      ['GET', `${DOSSIER_PATHS.accreditationOn(atlantis)}?on=2020-01-01`],
      ['GET', DOSSIER_PATHS.application(1)],
      ['POST', DOSSIER_PATHS.checks(atlantis)],
      ['POST', DOSSIER_PATHS.watchEntries(atlantis)],
    ] as const) {
      const body = url.endsWith('checks/') ? { subject: 'other', finding: 'inconclusive', details: 'x', checked_on: '2026-11-01' } : { category: 'diploma_mill', source: 'x' };
      expect((await call(method, url, null, method === 'POST' ? body : undefined)).statusCode, url).toBe(401);
    }
  });

  it.each(DEMO_ACCOUNTS.map((account) => account.username))('%s', async (username) => {
    const target = await institution(`Access Institute ${username}`, 'AL');
    const applicationId = await application(`Access Institute ${username}`, 'AL');
    const detail = await call('GET', APPLICATION_PATHS.detail(applicationId), username);
    const failures: string[] = [];
    const expect_ = async (method: 'GET' | 'POST' | 'DELETE', url: string, expected: number, payload?: object) => {
      const answer = await call(method, url, username, payload);
      if (answer.statusCode !== expected) failures.push(`${method} ${url}: expected ${expected}, got ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      return answer;
    };
    const verifies = VERIFIERS.has(username);
    const keeps = ADMINS.has(username);
    await expect_('GET', DOSSIER_PATHS.dossier(target), verifies ? 200 : 403);
    await expect_('GET', `${DOSSIER_PATHS.accreditationOn(target)}?on=2020-01-01`, 200);
    await expect_('GET', DOSSIER_PATHS.application(applicationId), detail.statusCode);
    await expect_('POST', DOSSIER_PATHS.checks(target), verifies ? 201 : 403, { subject: 'existence', finding: 'confirmed', details: 'Visited.', checked_on: '2026-11-01' });
    const period = await expect_('POST', DOSSIER_PATHS.accreditationPeriods(target), keeps ? 201 : 403, { valid_from: '2020-01-01', status: 'accredited', accrediting_body: 'KAA', source_url: 'https://akreditimi.rks-gov.net/' });
    await expect_('DELETE', DOSSIER_PATHS.accreditationPeriod(target, keeps ? period.json<{ id: number }>().id : 1), keeps ? 204 : 403);
    const contact = await expect_('POST', DOSSIER_PATHS.contacts(target), keeps ? 201 : 403, { postal_address: 'Rr. Nënë Tereza 1, Tiranë', language: 'sq', source: 'Ministry register', checked_on: '2026-11-01' });
    await expect_('DELETE', DOSSIER_PATHS.contact(target, keeps ? contact.json<{ id: number }>().id : 1), keeps ? 204 : 403);
    const entry = await expect_('POST', DOSSIER_PATHS.watchEntries(target), keeps ? 201 : 403, { category: 'under_investigation', source: 'Police report' });
    await expect_('POST', DOSSIER_PATHS.liftWatchEntry(target, keeps ? entry.json<{ id: number }>().id : 1), keeps ? 200 : 403);
    expect(failures).toEqual([]);
  });
});
