import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/api/auth';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { COUNCIL_REVIEW_PATHS } from '../../src/shared/api/council-review';
import { hasPermission } from '../../src/shared/auth/permissions';
import { loadUserObject } from '../../src/server/auth-context';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every council-review endpoint × every demo group (and no sign-in): 401 signed out, 403 without
// councils.review_application, 404 outside the row scope (the applications detail answers which
// rows a user sees: the same rule), and for the conflict declaration 403 for anyone who is not a
// member of the application's council. Never a 500.

let server: ServerFixture;
let inCouncil: number;
let otherCouncil: number;
const users = new Map<string, User>();
const USERNAMES = DEMO_ACCOUNTS.map((account) => account.username);

beforeAll(async () => {
  server = await createServerFixture();
  for (const username of USERNAMES) {
    const row = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    users.set(username, (await loadUserObject(server.db, row.id))!);
  }
  const id = async (reference: string) => (await server.db.selectFrom('applications').select('id').where('reference', '=', reference).executeTakeFirstOrThrow()).id;
  inCouncil = await id('NARIC-2026-900002');
  otherCouncil = await id('NARIC-2026-900005');
});
afterAll(async () => server?.close());

async function call(method: 'GET' | 'POST', url: string, username: string | null, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

/** Whether the user sees the application at all (the applications module's answer, same row scope). */
async function sees(username: string, applicationId: number): Promise<boolean> {
  return (await call('GET', APPLICATION_PATHS.detail(applicationId), username)).statusCode === 200;
}

describe('council review endpoints × demo groups', () => {
  it('signed out: 401 everywhere', async () => {
    expect((await call('GET', COUNCIL_REVIEW_PATHS.dashboard, null)).statusCode).toBe(401);
    expect((await call('GET', COUNCIL_REVIEW_PATHS.review(inCouncil), null)).statusCode).toBe(401);
    expect((await call('POST', COUNCIL_REVIEW_PATHS.conflicts(inCouncil), null, { reason: 'x' })).statusCode).toBe(401);
  });

  it.each(USERNAMES)('%s: dashboard and review by permission and row scope', async (username) => {
    const user = users.get(username)!;
    const reviews = hasPermission(user, 'councils.review_application');
    const failures: string[] = [];
    const expect_ = async (method: 'GET' | 'POST', url: string, expected: number, payload?: object) => {
      const answer = await call(method, url, username, payload);
      if (answer.statusCode !== expected) failures.push(`${method} ${url}: expected ${expected}, got ${answer.statusCode} ${answer.body}`);
      return answer;
    };
    await expect_('GET', COUNCIL_REVIEW_PATHS.dashboard, reviews ? 200 : 403);
    for (const id of [inCouncil, otherCouncil]) {
      const visible = reviews && (await sees(username, id));
      await expect_('GET', COUNCIL_REVIEW_PATHS.review(id), !reviews ? 403 : visible ? 200 : 404);
    }
    await expect_('GET', COUNCIL_REVIEW_PATHS.review(2_000_000_000), reviews ? 404 : 403);
    // A declaration outside the caller's council: 403 (or 404 outside the row scope). A body
    // without a reason is a 400 for every signed-in caller: input is checked before permissions,
    // as in every module.
    await expect_('POST', COUNCIL_REVIEW_PATHS.conflicts(otherCouncil), !reviews ? 403 : (await sees(username, otherCouncil)) ? 403 : 404, { reason: 'Not my council.' });
    await expect_('POST', COUNCIL_REVIEW_PATHS.conflicts(inCouncil), 400, {});
    expect(failures).toEqual([]);
  });

  it('the council member sees only their council on the dashboard', async () => {
    const answer = await call('GET', COUNCIL_REVIEW_PATHS.dashboard, 'council');
    const ids = (answer.json() as { queue: { id: number }[] }).queue.map((q) => q.id);
    expect(ids).toContain(inCouncil);
    expect(ids).not.toContain(otherCouncil);
  });

  it('a member of the application’s council declares a conflict once; others with the permission get 403', async () => {
    for (const username of USERNAMES.filter((name) => name !== 'council')) {
      if (!hasPermission(users.get(username)!, 'councils.review_application')) continue;
      const answer = await call('POST', COUNCIL_REVIEW_PATHS.conflicts(inCouncil), username, { reason: 'Not a member.' });
      expect(answer.statusCode, username).toBe(403);
    }
    const declared = await call('POST', COUNCIL_REVIEW_PATHS.conflicts(inCouncil), 'council', { reason: 'Related to the applicant.' });
    expect(declared.statusCode, declared.body).toBe(201);
    expect((await call('POST', COUNCIL_REVIEW_PATHS.conflicts(inCouncil), 'council', { reason: 'Again.' })).statusCode).toBe(409);
    const rows = await server.db.selectFrom('council_conflicts').select('user_id').where('application_id', '=', inCouncil).execute();
    expect(rows.map((r) => r.user_id)).toContain(users.get('council')!.id);
  });
});
