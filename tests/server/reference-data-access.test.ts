import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFERENCE_DATA_PATHS } from '../../src/shared/api/reference-data';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every reference data endpoint × every demo account (spec §6): every signed-in staff
// member reads (the forms need the choices), only administrators write; a refused write changes
// nothing and writes no audit entry; signed out is 401.

let server: ServerFixture;
let tiranaId: number;
let unusedId: number;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const ADMINS = new Set(['admin', 'naric.admin']);

async function send(username: string | null, method: Method, path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}

const reads = (): [Method, string][] => [
  ['GET', `${REFERENCE_DATA_PATHS.countries}?search=kosov`],
  ['GET', REFERENCE_DATA_PATHS.country('XK')],
  ['GET', `${REFERENCE_DATA_PATHS.institutions}?country=AL`],
  ['GET', REFERENCE_DATA_PATHS.institution(tiranaId)],
  ['GET', `${REFERENCE_DATA_PATHS.institutionChoices}?search=tiranes`],
  ['GET', REFERENCE_DATA_PATHS.codeList('degree_levels')],
  ['GET', `${REFERENCE_DATA_PATHS.codeList('academic_field_categories')}?active=true`],
];

// Writes an administrator's request would carry out; for others they must be refused untouched.
const writes = (): [Method, string, object?][] => [
  ['PATCH', REFERENCE_DATA_PATHS.country('XK'), { version: 0, bologna_member: true }],
  ['POST', REFERENCE_DATA_PATHS.institutions, { name_en: 'Access Test College', country: 'XK', type: 'private' }],
  ['PATCH', REFERENCE_DATA_PATHS.institution(tiranaId), { version: 0, accreditation_status: 'expired' }],
  ['DELETE', REFERENCE_DATA_PATHS.institution(unusedId)],
  ['POST', REFERENCE_DATA_PATHS.mergeInstitution(tiranaId), { duplicate_id: unusedId, version: 0 }],
  ['PATCH', REFERENCE_DATA_PATHS.codeValue('degree_levels', 'bachelor'), { version: 0, name_en: 'Bachelor (first cycle)' }],
];

const state = async () => ({
  country: await server.db.selectFrom('countries').select(['version', 'bologna_member']).where('code', '=', 'XK').executeTakeFirstOrThrow(),
  institutions: await server.db.selectFrom('institutions').select(['id', 'version', 'active', 'merged_into']).orderBy('id').execute(),
  values: await server.db.selectFrom('reference_values').select(['list', 'code', 'version']).orderBy('list').orderBy('code').execute(),
  audit: (await server.db.selectFrom('audit_log').select('id').where('entity_type', 'in', ['country', 'institution', 'reference_value']).execute()).length,
});

beforeAll(async () => {
  server = await createServerFixture();
  tiranaId = (await server.db.selectFrom('institutions').select('id').where('name_en', '=', 'University of Tirana').executeTakeFirstOrThrow()).id;
  unusedId = (
    await server.db
      .insertInto('institutions')
      .values({ name_en: 'Unused Academy', name_sq: 'Akademia e papërdorur', name_sr: 'Nekorišćena akademija', country: 'AL', type: 'private', website: null, email: null, diploma_register_url: null, merged_into: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => server?.close());

it('the demo has administrators and others', () => {
  expect(USERS.filter((username) => ADMINS.has(username)).sort()).toEqual([...ADMINS].sort());
  expect(USERS.length).toBeGreaterThan(ADMINS.size);
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
  it('reads every list and record', async () => {
    for (const [method, path] of reads()) {
      const answer = await send(username, method, path);
      expect(answer.statusCode, `${method} ${path}`).toBe(200);
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
    const country = await send(username, 'GET', REFERENCE_DATA_PATHS.country('XK'));
    const patched = await send(username, 'PATCH', REFERENCE_DATA_PATHS.country('XK'), { version: country.json().version, eu_eea: false });
    expect(patched.statusCode).toBe(200);
    const created = await send(username, 'POST', REFERENCE_DATA_PATHS.institutions, { name_en: `College of ${username}`, country: 'XK', type: 'private' });
    expect(created.statusCode).toBe(201);
    const value = (await send(username, 'GET', REFERENCE_DATA_PATHS.codeList('request_types'))).json().results[0];
    const renamed = await send(username, 'PATCH', REFERENCE_DATA_PATHS.codeValue('request_types', value.code), { version: value.version, sort_order: value.sort_order });
    expect(renamed.statusCode).toBe(200);
    const deleted = await send(username, 'DELETE', REFERENCE_DATA_PATHS.institution(created.json().id));
    expect(deleted.statusCode).toBe(204);
  });
});
