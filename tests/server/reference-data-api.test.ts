import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/server.json';
import sq from '../../locales/sq/server.json';
import sr from '../../locales/sr/server.json';
import {
  REFERENCE_DATA_MESSAGES,
  REFERENCE_DATA_PATHS,
  codeListAnswer,
  countryRecord,
  countryRecordListAnswer,
  institutionChoiceAnswer,
  institutionDetail,
  institutionListAnswer,
} from '../../src/shared/api/reference-data';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Reference data: countries' flags, institutions (create, edit, delete when unused,
// merge), the forms' search without diacritics, the code lists; every change audited, refusals
// translated, no input answered with a 5xx.

let server: ServerFixture;

async function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object, headers: Record<string, string> = {}) {
  return server.app.inject({ method, url: `/api${path}`, headers: { ...(await server.authorization('admin')), ...headers }, ...(payload ? { payload } : {}) });
}
const auditOf = (entityType: string, entityId: string) =>
  server.db.selectFrom('audit_log').select(['action', 'details', 'actor_id']).where('entity_type', '=', entityType).where('entity_id', '=', entityId).orderBy('id').execute();
const institutionId = async (name: string) => (await server.db.selectFrom('institutions').select('id').where('name_en', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server?.close());

it('keeps the English refusals equal to the locale file, translated in sq and sr', () => {
  expect(en.referenceData.messages).toEqual(REFERENCE_DATA_MESSAGES);
  expect(Object.keys(sq.referenceData.messages).sort()).toEqual(Object.keys(REFERENCE_DATA_MESSAGES).sort());
  expect(Object.keys(sr.referenceData.messages).sort()).toEqual(Object.keys(REFERENCE_DATA_MESSAGES).sort());
});

describe('countries', () => {
  it('lists the flags and filters by them', async () => {
    const eu = countryRecordListAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.countries}?eu_eea=true&page_size=100`)).json());
    expect(eu.count).toBe(30);
    expect(eu.results.map((c) => c.code)).toContain('DE');
    expect(eu.results.map((c) => c.code)).not.toContain('AL');
    const bologna = countryRecordListAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.countries}?bologna_member=true&search=alban`)).json());
    expect(bologna.results.map((c) => c.code)).toEqual(['AL']);
    const kosovo = countryRecord.parse((await send('GET', REFERENCE_DATA_PATHS.country('xk'))).json());
    expect(kosovo).toMatchObject({ code: 'XK', eu_eea: false, bologna_member: false, active_for_applications: true });
  });

  it('finds a country by its Serbian name typed without diacritics', async () => {
    const answer = countryRecordListAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.countries}?search=nemacka`)).json());
    expect(answer.results.map((c) => c.code)).toEqual(['DE']);
  });

  it('edits names and flags with the version read, audited; a stale version is 412', async () => {
    const before = countryRecord.parse((await send('GET', REFERENCE_DATA_PATHS.country('ME'))).json());
    const answer = await send('PATCH', REFERENCE_DATA_PATHS.country('ME'), { version: before.version, name_sr: 'Crna Gora', active_for_applications: false });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ active_for_applications: false, version: before.version + 1 });
    const audit = await auditOf('country', 'ME');
    expect(audit.at(-1)).toMatchObject({ action: 'country.update', details: { changes: { active_for_applications: { from: true, to: false } } } });
    const stale = await send('PATCH', REFERENCE_DATA_PATHS.country('ME'), { version: before.version, eu_eea: true }, { 'accept-language': 'sq' });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().detail).toBe(sq.referenceData.messages.stale);
    expect((await send('PATCH', REFERENCE_DATA_PATHS.country('QQ'), { version: 0 })).statusCode).toBe(404);
  });
});

describe('institutions', () => {
  it('has demo institutions in Kosovo and the neighbouring countries, one merged duplicate', async () => {
    const all = institutionListAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.institutions}?page_size=100`)).json());
    expect(new Set(all.results.map((i) => i.country))).toEqual(new Set(['XK', 'AL', 'RS', 'MK', 'ME', 'DE']));
    const merged = all.results.filter((i) => i.merged_into !== null);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ name_en: 'Univ. of Tirana', active: false, merged_into: await institutionId('University of Tirana') });
  });

  it.each([
    ['tiranes', 'University of Tirana'],
    ['universiteti prishtines', 'University of Prishtina "Hasan Prishtina"'],
    ['PRISTINI', 'University of Prishtina "Hasan Prishtina"'],
    ['nisu', 'University of Niš'],
    ['cirilo metodije', 'Ss. Cyril and Methodius University in Skopje'],
    ['Evropës Juglindore', 'South East European University'],
  ])('the forms’ choice finds "%s" (any language, no diacritics needed)', async (search, name) => {
    const answer = institutionChoiceAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.institutionChoices}?search=${encodeURIComponent(search)}`)).json());
    expect(answer.results.map((i) => i.name_en)).toContain(name);
  });

  it('offers only active institutions as a choice, names starting with the search first', async () => {
    const answer = institutionChoiceAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.institutionChoices}?search=univ`)).json());
    expect(answer.results.map((i) => i.name_en)).not.toContain('Univ. of Tirana');
    const tirana = institutionChoiceAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.institutionChoices}?search=tirana&country=AL`)).json());
    expect(tirana.results.map((i) => i.name_en)).toEqual(['Polytechnic University of Tirana', 'University of Tirana']);
    const percent = institutionChoiceAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.institutionChoices}?search=%25`)).json());
    expect(percent.results).toEqual([]);
  });

  it('creates, edits and deletes an unused institution, each step audited', async () => {
    const created = await send('POST', REFERENCE_DATA_PATHS.institutions, {
      name_en: 'University of Shkodra "Luigj Gurakuqi"',
      name_sq: 'Universiteti i Shkodrës "Luigj Gurakuqi"',
      country: 'al',
      type: 'public',
      website: 'https://unishk.edu.al',
      email: '',
    });
    expect(created.statusCode).toBe(201);
    const record = institutionDetail.parse(created.json());
    expect(record).toMatchObject({ country: 'AL', name_sr: 'University of Shkodra "Luigj Gurakuqi"', email: null, accreditation_status: 'unknown', active: true, application_count: 0 });
    const found = institutionChoiceAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.institutionChoices}?search=shkodres`)).json());
    expect(found.results.map((i) => i.id)).toEqual([record.id]);

    const edited = await send('PATCH', REFERENCE_DATA_PATHS.institution(record.id), {
      version: record.version,
      name_sr: 'Univerzitet u Skadru',
      accreditation_status: 'accredited',
      diploma_register_url: 'https://unishk.edu.al/diplomat',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name_sr: 'Univerzitet u Skadru', accreditation_status: 'accredited', version: record.version + 1 });
    const stale = await send('PATCH', REFERENCE_DATA_PATHS.institution(record.id), { version: record.version, active: false });
    expect(stale.statusCode).toBe(412);

    expect((await send('DELETE', REFERENCE_DATA_PATHS.institution(record.id))).statusCode).toBe(204);
    expect((await send('GET', REFERENCE_DATA_PATHS.institution(record.id))).statusCode).toBe(404);
    expect((await auditOf('institution', String(record.id))).map((entry) => entry.action)).toEqual(['institution.create', 'institution.update', 'institution.delete']);
  });

  it('refuses bad input with field messages, saving nothing', async () => {
    const count = async () => (await server.db.selectFrom('institutions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const unknownCountry = await send('POST', REFERENCE_DATA_PATHS.institutions, { name_en: 'Nowhere U', country: 'QQ', type: 'public' }, { 'accept-language': 'sr' });
    expect(unknownCountry.statusCode).toBe(400);
    expect(unknownCountry.json()).toMatchObject({ country: [sr.referenceData.messages.unknownCountry] });
    const badUrl = await send('POST', REFERENCE_DATA_PATHS.institutions, { name_en: 'Bad URL U', country: 'XK', type: 'public', website: 'javascript:alert(1)' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().website).toEqual([REFERENCE_DATA_MESSAGES.invalidUrl]);
    expect(await count()).toBe(before);
  });

  it('refuses to delete an institution in use (409, translated) and lets it be deactivated instead', async () => {
    const prishtina = await institutionId('University of Prishtina "Hasan Prishtina"');
    const detail = institutionDetail.parse((await send('GET', REFERENCE_DATA_PATHS.institution(prishtina))).json());
    expect(detail.application_count).toBeGreaterThan(0);
    const refused = await send('DELETE', REFERENCE_DATA_PATHS.institution(prishtina), undefined, { 'accept-language': 'sq' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'reference_in_use', detail: sq.referenceData.messages.inUse, application_count: detail.application_count });
    const deactivated = await send('PATCH', REFERENCE_DATA_PATHS.institution(prishtina), { version: detail.version, active: false });
    expect(deactivated.json()).toMatchObject({ active: false });
    const choices = institutionChoiceAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.institutionChoices}?search=prishtin`)).json());
    expect(choices.results.map((i) => i.id)).not.toContain(prishtina);
    await send('PATCH', REFERENCE_DATA_PATHS.institution(prishtina), { version: detail.version + 1, active: true });
  });

  it('merges a duplicate: deactivated with merged_into, earlier duplicates follow, both audited', async () => {
    const survivor = await institutionId('University of Belgrade');
    const create = async (name_en: string) => institutionDetail.parse((await send('POST', REFERENCE_DATA_PATHS.institutions, { name_en, country: 'RS', type: 'public' })).json());
    const duplicate = await create('Univerzitet u Beogradu (typed)');
    const older = await create('Belgrade University');
    // An older duplicate merged into the duplicate first.
    expect((await send('POST', REFERENCE_DATA_PATHS.mergeInstitution(duplicate.id), { duplicate_id: older.id, version: duplicate.version })).statusCode).toBe(200);
    const current = institutionDetail.parse((await send('GET', REFERENCE_DATA_PATHS.institution(survivor))).json());
    const merged = await send('POST', REFERENCE_DATA_PATHS.mergeInstitution(survivor), { duplicate_id: duplicate.id, version: current.version });
    expect(merged.statusCode).toBe(200);
    expect(institutionDetail.parse(merged.json()).merged_duplicates.map((d) => d.id).sort()).toEqual([duplicate.id, older.id].sort());
    for (const id of [duplicate.id, older.id]) {
      expect((await send('GET', REFERENCE_DATA_PATHS.institution(id))).json()).toMatchObject({ active: false, merged_into: survivor });
    }
    expect((await auditOf('institution', String(survivor))).at(-1)).toMatchObject({ action: 'institution.merge', details: { duplicate_id: duplicate.id, repointed: [older.id] } });
    expect((await auditOf('institution', String(duplicate.id))).at(-1)?.action).toBe('institution.merged_into');

    // Neither a merged duplicate nor its survivor can be deleted; a merged one is not revived.
    expect((await send('DELETE', REFERENCE_DATA_PATHS.institution(duplicate.id))).statusCode).toBe(409);
    const revived = await send('PATCH', REFERENCE_DATA_PATHS.institution(duplicate.id), { version: (await send('GET', REFERENCE_DATA_PATHS.institution(duplicate.id))).json().version, active: true });
    expect(revived.statusCode).toBe(409);
    const again = await send('POST', REFERENCE_DATA_PATHS.mergeInstitution(survivor), { duplicate_id: duplicate.id, version: current.version + 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(REFERENCE_DATA_MESSAGES.alreadyMerged);
    const self = await send('POST', REFERENCE_DATA_PATHS.mergeInstitution(survivor), { duplicate_id: survivor, version: current.version + 1 });
    expect(self.json()).toMatchObject({ duplicate_id: [REFERENCE_DATA_MESSAGES.mergeSelf] });
    const intoMerged = await send('POST', REFERENCE_DATA_PATHS.mergeInstitution(duplicate.id), { duplicate_id: survivor, version: 0 });
    expect([409, 412]).toContain(intoMerged.statusCode);
  });
});

describe('code lists', () => {
  it('names the codes the application tables check, degree levels with EQF/NQF levels', async () => {
    const degrees = codeListAnswer.parse((await send('GET', REFERENCE_DATA_PATHS.codeList('degree_levels'))).json());
    expect(degrees.results.find((d) => d.code === 'master')).toMatchObject({ eqf_level: 7, nqf_level: 7, name_sq: 'Master' });
    const fields = codeListAnswer.parse((await send('GET', REFERENCE_DATA_PATHS.codeList('academic_field_categories'))).json());
    expect(fields.results).toHaveLength(9);
    const requests = codeListAnswer.parse((await send('GET', REFERENCE_DATA_PATHS.codeList('request_types'))).json());
    expect(requests.results.map((r) => r.code)).toEqual(['general_academic_information', 'recognition_status_confirmation', 'institution_accreditation_information']);
    const documents = codeListAnswer.parse((await send('GET', REFERENCE_DATA_PATHS.codeList('document_types'))).json());
    expect(documents.results).toHaveLength(11);
    expect((await send('GET', '/reference/lists/colours/')).statusCode).toBe(404);
  });

  it('switches a value off for the forms and back, audited; levels only for degree levels', async () => {
    const law = codeListAnswer.parse((await send('GET', REFERENCE_DATA_PATHS.codeList('academic_field_categories'))).json()).results.find((v) => v.code === 'law')!;
    const off = await send('PATCH', REFERENCE_DATA_PATHS.codeValue('academic_field_categories', 'law'), { version: law.version, active: false, name_sr: 'Pravne nauke' });
    expect(off.statusCode).toBe(200);
    const offered = codeListAnswer.parse((await send('GET', `${REFERENCE_DATA_PATHS.codeList('academic_field_categories')}?active=true`)).json());
    expect(offered.results.map((v) => v.code)).not.toContain('law');
    expect((await auditOf('reference_value', 'academic_field_categories:law')).at(-1)).toMatchObject({ action: 'reference_value.update', details: { changes: { active: { from: true, to: false } } } });
    expect((await send('PATCH', REFERENCE_DATA_PATHS.codeValue('academic_field_categories', 'law'), { version: law.version + 1, active: true })).statusCode).toBe(200);

    const levels = await send('PATCH', REFERENCE_DATA_PATHS.codeValue('document_types', 'curriculum'), { version: 0, eqf_level: 6 });
    expect(levels.json()).toMatchObject({ eqf_level: [REFERENCE_DATA_MESSAGES.levelsOnlyForDegrees] });
    const outOfRange = await send('PATCH', REFERENCE_DATA_PATHS.codeValue('degree_levels', 'other'), { version: 0, eqf_level: 9 });
    expect(outOfRange.statusCode).toBe(400);
    const certificate = await send('PATCH', REFERENCE_DATA_PATHS.codeValue('degree_levels', 'certificate'), { version: 0, eqf_level: 3, nqf_level: 3 });
    expect(certificate.json()).toMatchObject({ eqf_level: 3, nqf_level: 3, version: 1 });
    expect((await send('PATCH', REFERENCE_DATA_PATHS.codeValue('degree_levels', 'nonsense'), { version: 0 })).statusCode).toBe(404);
  });
});

describe('any input', () => {
  it('never answers a search or a write with a 5xx', async () => {
    const headers = await server.authorization('admin');
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.jsonValue({ maxDepth: 2 }), async (text, body) => {
        const search = await server.app.inject({ url: `/api${REFERENCE_DATA_PATHS.institutionChoices}?search=${encodeURIComponent(text)}`, headers });
        expect(search.statusCode).toBeLessThan(500);
        const list = await server.app.inject({ url: `/api${REFERENCE_DATA_PATHS.countries}?search=${encodeURIComponent(text)}&eu_eea=${encodeURIComponent(text)}`, headers });
        expect(list.statusCode).toBeLessThan(500);
        const write = await server.app.inject({ method: 'POST', url: `/api${REFERENCE_DATA_PATHS.institutions}`, headers, payload: JSON.stringify(body), })
        expect(write.statusCode).toBeLessThan(500);
        const code = await server.app.inject({ method: 'PATCH', url: `/api/reference/lists/degree_levels/${encodeURIComponent(text) || 'x'}/`, headers, payload: { version: 0 } });
        expect(code.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
