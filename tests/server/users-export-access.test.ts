import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_PATHS, type ExportRequest } from '../../src/shared/api/users';
import { GROUPS } from '../../src/shared/auth/permissions';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The users export × every demo group (spec §6): administrators (the superuser `admin`
// and the NARIC Administrator `naric.admin`) get the file; every other group 403 and no file, no
// audit entry; signed out 401. Bodies are valid, so the guard answers, not the validation.

let server: ServerFixture;
let officerId: number;

const ADMINS = new Set(['admin', 'naric.admin']);
const USERS = DEMO_ACCOUNTS.map((account) => account.username);
const MEDIA_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

async function exportAs(username: string | null, body: ExportRequest) {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({ method: 'POST', url: `/api${USER_PATHS.export}`, headers: auth, payload: body });
}

const exportsLogged = async () =>
  Number((await server.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).where('action', '=', 'user.export').executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  server = await createServerFixture();
  officerId = (await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

const selections: [string, (format: 'csv' | 'xlsx') => ExportRequest][] = [
  ['a page selection', (format) => ({ selection: { ids: [officerId] }, format })],
  ['a filter', (format) => ({ selection: { filter: { group: GROUPS.naricOfficers } }, format })],
];

describe('signed out', () => {
  it('gets 401 with the bearer challenge, and nothing is logged', async () => {
    const before = await exportsLogged();
    for (const [, body] of selections) {
      for (const format of ['csv', 'xlsx'] as const) {
        const answer = await exportAs(null, body(format));
        expect(answer.statusCode).toBe(401);
        expect(answer.headers['www-authenticate']).toMatch(/^Bearer/);
        expect(answer.headers['content-disposition']).toBeUndefined();
      }
    }
    const forged = await server.app.inject({ method: 'POST', url: `/api${USER_PATHS.export}`, headers: { authorization: 'Bearer not-a-token' }, payload: selections[0]![1]('csv') });
    expect(forged.statusCode).toBe(401);
    expect(await exportsLogged()).toBe(before);
  });
});

describe.each(USERS)('%s', (username) => {
  const admin = ADMINS.has(username);

  it.each(selections)(admin ? 'exports %s as CSV and XLSX' : 'may not export %s (403, no file, nothing logged)', async (_what, body) => {
    for (const format of ['csv', 'xlsx'] as const) {
      const before = await exportsLogged();
      const answer = await exportAs(username, body(format));
      if (admin) {
        expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
        expect(answer.headers['content-type']).toBe(MEDIA_TYPES[format]);
        expect(answer.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="users-\\d{4}-\\d{2}-\\d{2}\\.${format}"`));
        expect(answer.rawPayload.length).toBeGreaterThan(100);
        expect(await exportsLogged()).toBe(before + 1);
      } else {
        expect(answer.statusCode, answer.body.slice(0, 200)).toBe(403);
        expect(answer.headers['content-type']).toMatch(/application\/json/);
        expect(answer.headers['content-disposition']).toBeUndefined();
        expect(answer.json().code).toBe('permission_denied');
        expect(await exportsLogged()).toBe(before);
      }
    }
  });
});

describe('a deactivated administrator', () => {
  it('is refused at once (401), their token notwithstanding', async () => {
    const headers = await server.authorization('naric.admin');
    await server.db.updateTable('users').set({ is_active: false }).where('username', '=', 'naric.admin').execute();
    try {
      const answer = await server.app.inject({ method: 'POST', url: `/api${USER_PATHS.export}`, headers, payload: selections[0]![1]('csv') });
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe('account_inactive');
    } finally {
      await server.db.updateTable('users').set({ is_active: true }).where('username', '=', 'naric.admin').execute();
    }
  });
});
