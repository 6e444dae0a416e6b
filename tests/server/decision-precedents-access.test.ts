import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { PRECEDENT_PATHS } from '../../src/shared/api/decision-precedents';
import { hasPermission } from '../../src/shared/auth/permissions';
import { loadUserObject } from '../../src/server/auth-context';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { insertPreparedDecisions, recognitionApplication, seedDecisionReferences, type DecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every precedent and register endpoint × every demo group (and no sign-in): the similar
// decisions, the consistency count and the citations need applications.view_application and the
// application in the caller's row scope (404 outside it); the register and its export need
// applications.view_application. Never a 500.

let server: ServerFixture;
let refs: DecisionReferences;
let pending: { id: number };
let decisionId: number;
const USERNAMES = DEMO_ACCOUNTS.map((account) => account.username);

beforeAll(async () => {
  server = await createServerFixture();
  refs = await seedDecisionReferences(server.db);
  const admin = await server.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  // Waiting for the agency officer: the one state every reading group's scope may include.
  pending = await recognitionApplication(server.db, { service: 1, status: 'decision_pending' });
  await insertPreparedDecisions(server.db, refs, [{ applicationId: pending.id, outcome: 'full' }], admin.id);
  decisionId = (await server.db.selectFrom('recognition_decisions').select('id').where('application_id', '=', pending.id).executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

async function call(method: 'GET' | 'POST', url: string, username: string | null, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

describe('precedent endpoints × demo groups', () => {
  it('signed out: 401 everywhere', async () => {
    for (const url of [PRECEDENT_PATHS.similar(pending.id), PRECEDENT_PATHS.consistency(pending.id), PRECEDENT_PATHS.citations(decisionId), PRECEDENT_PATHS.register]) {
      expect((await call('GET', url, null)).statusCode, url).toBe(401);
    }
    expect((await call('POST', PRECEDENT_PATHS.export, null, { format: 'csv' })).statusCode).toBe(401);
  });

  it.each(USERNAMES)('%s: reads by permission and row scope, the register by the same permission', async (username) => {
    const row = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    const user = (await loadUserObject(server.db, row.id))!;
    const views = hasPermission(user, 'applications.view_application');
    const visible = views && (await call('GET', APPLICATION_PATHS.detail(pending.id), username)).statusCode === 200;
    const scoped = !views ? 403 : visible ? 200 : 404;
    const failures: string[] = [];
    const expect_ = async (method: 'GET' | 'POST', url: string, expected: number, payload?: object) => {
      const answer = await call(method, url, username, payload);
      if (answer.statusCode !== expected) failures.push(`${method} ${url}: expected ${expected}, got ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    };
    await expect_('GET', PRECEDENT_PATHS.similar(pending.id), scoped);
    await expect_('GET', PRECEDENT_PATHS.consistency(pending.id), scoped);
    await expect_('GET', PRECEDENT_PATHS.citations(decisionId), scoped);
    await expect_('GET', PRECEDENT_PATHS.similar(2_000_000_000), views ? 404 : 403);
    await expect_('GET', PRECEDENT_PATHS.register, views ? 200 : 403);
    await expect_('GET', `${PRECEDENT_PATHS.register}?outcome=full&service_type=1&decided_from=2020-01-01`, views ? 200 : 403);
    await expect_('POST', PRECEDENT_PATHS.export, views ? 200 : 403, { format: 'xlsx', filter: { state: 'prepared' } });
    expect(failures).toEqual([]);
  });
});
