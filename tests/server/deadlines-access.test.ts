import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/api/auth';
import { DEADLINE_PATHS } from '../../src/shared/api/deadlines';
import { isAdmin } from '../../src/shared/auth/permissions';
import { loadUserObject } from '../../src/server/auth-context';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every deadlines endpoint × every demo group (and no sign-in). Deadline management is
// admin-only (spec §2, §6), reads included: 401 signed out, 403 for every other group, and for
// administrators the answer of a valid request. Writes by a refused group change nothing.

let server: ServerFixture;
const users = new Map<string, User>();
let configurationId: number;
let holidayId: number;

beforeAll(async () => {
  server = await createServerFixture();
  for (const account of DEMO_ACCOUNTS) {
    const row = await server.db.selectFrom('users').select('id').where('username', '=', account.username).executeTakeFirstOrThrow();
    users.set(account.username, (await loadUserObject(server.db, row.id))!);
  }
  configurationId = (await server.db.selectFrom('deadline_configurations').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  holidayId = (await server.db.selectFrom('holidays').select('id').orderBy('date').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server.close());

const configurationBody = {
  name_en: 'Access check',
  name_sq: 'Kontroll qasjeje',
  name_sr: 'Provera pristupa',
  deadline_type: 'final_decision',
  service_category: 'pre_university',
  days_from_start: 20,
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(method: Method, url: string, username: string | null, payload?: unknown) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers, payload: payload as never });
}

/** Each endpoint with a request an administrator may make, and the status the administrator gets. */
function endpoints(): [Method, string, unknown, number][] {
  return [
    ['GET', DEADLINE_PATHS.configurations, undefined, 200],
    ['GET', `${DEADLINE_PATHS.configurations}?deadline_type=fee_payment&service_category=pre_university&search=fee`, undefined, 200],
    ['POST', DEADLINE_PATHS.configurations, configurationBody, 201],
    ['GET', DEADLINE_PATHS.recipients, undefined, 200],
    ['GET', DEADLINE_PATHS.configuration(configurationId), undefined, 200],
    ['GET', DEADLINE_PATHS.configuration(999_999), undefined, 404],
    ['PUT', DEADLINE_PATHS.configuration(999_999), { ...configurationBody, version: 1 }, 404],
    ['POST', DEADLINE_PATHS.deactivate(999_999), { version: 1 }, 404],
    ['POST', DEADLINE_PATHS.activate(999_999), { version: 1 }, 404],
    ['DELETE', DEADLINE_PATHS.configuration(999_999), undefined, 404],
    ['GET', DEADLINE_PATHS.history(configurationId), undefined, 200],
    ['GET', `${DEADLINE_PATHS.holidays}?year=2026`, undefined, 200],
    ['POST', DEADLINE_PATHS.holidays, { date: '2026-11-28', name_en: 'Flag Day', name_sq: 'Dita e Flamurit', name_sr: 'Dan zastave' }, 201],
    ['POST', DEADLINE_PATHS.holidayImport, { year: 2027 }, 200],
    ['DELETE', DEADLINE_PATHS.holiday(999_999), undefined, 404],
  ];
}

describe('deadlines endpoints × demo groups', () => {
  it('answer 401 signed out, 403 to every group but the administrators', async () => {
    const failures: string[] = [];
    for (const username of [null, ...DEMO_ACCOUNTS.map((account) => account.username)]) {
      const user = username ? users.get(username)! : null;
      for (const [method, url, body, adminStatus] of endpoints()) {
        const expected = user === null ? 401 : isAdmin(user) ? adminStatus : 403;
        const answer = await call(method, url, username, body);
        if (answer.statusCode !== expected) failures.push(`${username ?? 'anonymous'} ${method} ${url}: expected ${expected}, got ${answer.statusCode}`);
        // The administrators' writes above would collide with themselves on the next administrator.
        if (answer.statusCode === 201 && url === DEADLINE_PATHS.holidays) await call('DELETE', DEADLINE_PATHS.holiday(answer.json().id), 'admin');
      }
    }
    expect(failures).toEqual([]);
    expect(DEMO_ACCOUNTS.filter((account) => isAdmin(users.get(account.username))).map((account) => account.username).sort()).toEqual(['admin', 'naric.admin']);
  });

  it('a refused write changes nothing', async () => {
    const before = await server.db.selectFrom('deadline_configurations').selectAll().where('id', '=', configurationId).executeTakeFirstOrThrow();
    for (const username of ['officer', 'content', 'council']) {
      expect((await call('POST', DEADLINE_PATHS.deactivate(configurationId), username, { version: before.version })).statusCode).toBe(403);
      expect((await call('PUT', DEADLINE_PATHS.configuration(configurationId), username, { ...configurationBody, version: before.version })).statusCode).toBe(403);
      expect((await call('DELETE', DEADLINE_PATHS.holiday(holidayId), username)).statusCode).toBe(403);
    }
    expect(await server.db.selectFrom('deadline_configurations').selectAll().where('id', '=', configurationId).executeTakeFirstOrThrow()).toEqual(before);
    expect(await server.db.selectFrom('holidays').select('id').where('id', '=', holidayId).executeTakeFirst()).toEqual({ id: holidayId });
  });

  it('the application detail carries its deadlines for everyone who may see the application', async () => {
    const { id } = await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900002').executeTakeFirstOrThrow();
    for (const username of ['admin', 'officer', 'council']) {
      const answer = await call('GET', `/applications/${id}/`, username);
      expect(answer.statusCode).toBe(200);
      const deadlines = answer.json().deadlines as { deadline_type: string; steps: { kind: string }[] }[];
      expect(deadlines.some((deadline) => deadline.deadline_type === 'council_review')).toBe(true);
      expect(deadlines.every((deadline) => deadline.steps[0]!.kind === 'start' && deadline.steps.at(-1)!.kind === 'due')).toBe(true);
    }
  });
});
