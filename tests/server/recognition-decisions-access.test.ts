import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/api/auth';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { DECISION_PATHS } from '../../src/shared/api/recognition-decisions';
import { hasPermission } from '../../src/shared/auth/permissions';
import { mayPerform, type ActionName } from '../../src/shared/domain/application-workflow';
import type { ApplicationStatus } from '../../src/shared/domain/application-status';
import { loadUserObject } from '../../src/server/auth-context';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { fullDecision, insertPreparedDecisions, partialDecision, recognitionApplication, seedDecisionReferences, type DecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every recognition-decision endpoint × every demo group (and no sign-in): reading the decision and
// the builder's options needs applications.view_application and the application in the caller's
// row scope (404 outside it); preparing, approving, granting and denying are the workflow actions,
// each with its own permission (403) and the same row scope. Never a 500.

let server: ServerFixture;
let refs: DecisionReferences;
let adminId: number;
const users = new Map<string, User>();
const USERNAMES = DEMO_ACCOUNTS.map((account) => account.username);

beforeAll(async () => {
  server = await createServerFixture();
  refs = await seedDecisionReferences(server.db);
  for (const username of USERNAMES) {
    const row = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    users.set(username, (await loadUserObject(server.db, row.id))!);
  }
  adminId = (await server.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

async function call(method: 'GET' | 'POST', url: string, username: string | null, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

async function sees(username: string, applicationId: number): Promise<boolean> {
  return (await call('GET', APPLICATION_PATHS.detail(applicationId), username)).statusCode === 200;
}

/** A fresh application for one action, with a prepared decision where the action approves one. */
async function applicationFor(action: ActionName): Promise<{ id: number; version: number }> {
  const at: Record<string, [1 | 2, ApplicationStatus]> = {
    prepare_decision: [1, 'assessment_completed'],
    approve: [1, 'decision_pending'],
    reject: [1, 'decision_pending'],
    grant_recognition: [2, 'in_review'],
    deny_recognition: [2, 'in_review'],
  };
  const [service, status] = at[action]!;
  const application = await recognitionApplication(server.db, { service, status });
  if (action === 'approve' || action === 'reject') {
    await insertPreparedDecisions(server.db, refs, [{ applicationId: application.id, outcome: action === 'approve' ? 'full' : 'non_recognition' }], adminId);
  }
  return application;
}

/** A service-2 application granted by the administrator: its decision and the decision's PDF. */
async function decidedApplication(): Promise<{ id: number; decisionId: number }> {
  const application = await applicationFor('grant_recognition');
  const granted = await call('POST', `/applications/${application.id}/grant-recognition/`, 'admin', bodyFor('grant_recognition', application.version));
  expect(granted.statusCode).toBe(200);
  const decision = await server.db.selectFrom('recognition_decisions').select('id').where('application_id', '=', application.id).executeTakeFirstOrThrow();
  return { id: application.id, decisionId: decision.id };
}

function bodyFor(action: ActionName, version: number): Record<string, unknown> {
  if (action === 'prepare_decision' || action === 'grant_recognition') return { version, decision: fullDecision(refs) };
  if (action === 'deny_recognition') return { version, decision: partialDecision(refs, { outcome: 'non_recognition' }) };
  return { version };
}

const ACTIONS: readonly [ActionName, string][] = [
  ['prepare_decision', 'prepare-decision'],
  ['approve', 'approve'],
  ['reject', 'reject'],
  ['grant_recognition', 'grant-recognition'],
  ['deny_recognition', 'deny-recognition'],
];

describe('recognition decision endpoints × demo groups', () => {
  it('signed out: 401 everywhere', async () => {
    const application = await applicationFor('approve');
    expect((await call('GET', DECISION_PATHS.decision(application.id), null)).statusCode).toBe(401);
    expect((await call('GET', DECISION_PATHS.options(application.id), null)).statusCode).toBe(401);
    expect((await call('GET', DECISION_PATHS.pdf(application.id, 1), null)).statusCode).toBe(401);
    for (const [action, segment] of ACTIONS) {
      expect((await call('POST', `/applications/${application.id}/${segment}/`, null, bodyFor(action, application.version))).statusCode).toBe(401);
    }
  });

  it.each(USERNAMES)('%s: reads and acts by permission and row scope', async (username) => {
    const user = users.get(username)!;
    const views = hasPermission(user, 'applications.view_application');
    const failures: string[] = [];
    const expect_ = async (method: 'GET' | 'POST', url: string, expected: number, payload?: object) => {
      const answer = await call(method, url, username, payload);
      if (answer.statusCode !== expected) failures.push(`${method} ${url}: expected ${expected}, got ${answer.statusCode} ${answer.body.slice(0, 200)}`);
    };

    // Reading: a decision waiting for the agency officer (the one state every reading group may see).
    const pending = await applicationFor('approve');
    const visible = views && (await sees(username, pending.id));
    await expect_('GET', DECISION_PATHS.decision(pending.id), !views ? 403 : visible ? 200 : 404);
    await expect_('GET', DECISION_PATHS.options(pending.id), !views ? 403 : visible ? 200 : 404);
    await expect_('GET', DECISION_PATHS.decision(2_000_000_000), views ? 404 : 403);

    // The decision PDF of a decision taken: the application's scope, like its documents.
    const decided = await decidedApplication();
    const decidedVisible = views && (await sees(username, decided.id));
    await expect_('GET', DECISION_PATHS.pdf(decided.id, decided.decisionId), !views ? 403 : decidedVisible ? 200 : 404);
    await expect_('GET', DECISION_PATHS.pdf(decided.id, 2_000_000_000), views ? 404 : 403);

    for (const [action, segment] of ACTIONS) {
      const application = await applicationFor(action);
      const seen = views && (await sees(username, application.id));
      const expected = !views || !mayPerform(user, action) ? 403 : seen ? 200 : 404;
      await expect_('POST', `/applications/${application.id}/${segment}/`, expected, bodyFor(action, application.version));
    }
    expect(failures).toEqual([]);
  });
});
