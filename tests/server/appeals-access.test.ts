import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../src/shared/api/auth';
import { APPEAL_PATHS, type AppealDetail } from '../../src/shared/api/appeals';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { hasPermission } from '../../src/shared/auth/permissions';
import { loadUserObject } from '../../src/server/auth-context';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { fullDecision, recognitionApplication, seedDecisionReferences, type DecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every appeal endpoint × every demo group (and no sign-in). Reading needs
// applications.view_application (403) and the appeal in the caller's scope: its application's row
// scope, or the appeal assigned to them or their council (404 outside it). Registering and
// assigning need applications.prepare_decision; the outcome is an officer's or the assignee's
// (403 for others in scope), never the original decider's (409). Never a 500.

let server: ServerFixture;
let refs: DecisionReferences;
let memberCouncilId: number;
const users = new Map<string, User>();
const USERNAMES = DEMO_ACCOUNTS.map((account) => account.username);
/** Takes the decisions appealed against: the conflict rule refuses them the outcome. */
const DECIDER = 'naric.admin';

beforeAll(async () => {
  server = await createServerFixture();
  refs = await seedDecisionReferences(server.db);
  for (const username of USERNAMES) {
    const row = await server.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
    users.set(username, (await loadUserObject(server.db, row.id))!);
  }
  const memberId = (await server.db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirstOrThrow()).id;
  memberCouncilId = (await server.db.selectFrom('council_members').select('council_id').where('user_id', '=', memberId).executeTakeFirstOrThrow()).council_id;
});
afterAll(async () => server?.close());

async function call(method: 'GET' | 'POST', url: string, username: string | null, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
}

/** A service-2 application granted by the decider, with a letter among its documents. */
async function decided() {
  const application = await recognitionApplication(server.db, { service: 2, status: 'in_review' });
  const granted = await call('POST', APPLICATION_PATHS.action(application.id, 'grant_recognition'), DECIDER, {
    version: application.version,
    decision: fullDecision(refs, { legal_reason_ids: [refs.preUniversityReasonId] }),
  });
  expect(granted.statusCode, granted.body).toBe(200);
  const content = Buffer.from('%PDF-1.4\n% the applicant’s letter\n%%EOF\n');
  const storageKey = await server.storage.put(content);
  const letter = await server.db
    .insertInto('application_documents')
    .values({ application_id: application.id, file_name: 'letter.pdf', document_type: 'additional_document', kind: 'original', media_type: 'application/pdf', size: content.length, storage_key: storageKey })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: application.id, letterId: letter.id };
}

const registration = (letterId: number) => ({ received_on: new Date().toISOString().slice(0, 10), grounds: 'The decision is wrong.', letter_document_id: letterId });

/** An appeal assigned to the demo member's council, registered by an officer. */
async function assignedAppeal(): Promise<AppealDetail> {
  const application = await decided();
  const registered = (await call('POST', APPEAL_PATHS.register(application.id), 'officer', registration(application.letterId))).json() as AppealDetail;
  const assigned = await call('POST', APPEAL_PATHS.assign(registered.id), 'officer', { council_id: memberCouncilId, version: registered.version });
  expect(assigned.statusCode, assigned.body).toBe(200);
  return assigned.json();
}

describe('appeal endpoints × demo groups', () => {
  it('signed out: 401 everywhere', async () => {
    const appeal = await assignedAppeal();
    for (const [method, url, body] of [
      ['GET', APPEAL_PATHS.list, undefined],
      ['GET', APPEAL_PATHS.assignees, undefined],
      ['GET', APPEAL_PATHS.assigneesFor(appeal.id), undefined],
      ['GET', APPEAL_PATHS.detail(appeal.id), undefined],
      ['GET', APPEAL_PATHS.decisionOptions(appeal.id), undefined],
      ['GET', APPEAL_PATHS.letter(appeal.id), undefined],
      ['POST', APPEAL_PATHS.register(appeal.application.id), registration(1)],
      ['POST', APPEAL_PATHS.assign(appeal.id), { council_id: memberCouncilId, version: appeal.version }],
      ['POST', APPEAL_PATHS.outcome(appeal.id), { outcome: 'upheld', reason: 'x', version: appeal.version }],
    ] as const) {
      expect((await call(method, url, null, body)).statusCode, url).toBe(401);
    }
  });

  it.each(USERNAMES)('%s', async (username) => {
    const user = users.get(username)!;
    const views = hasPermission(user, 'applications.view_application');
    const manages = hasPermission(user, 'applications.prepare_decision');
    const appeal = await assignedAppeal();
    const seesApplication = (await call('GET', APPLICATION_PATHS.detail(appeal.application.id), username)).statusCode === 200;
    const member = username === 'council';
    const inScope = views && (seesApplication || member);

    expect((await call('GET', APPEAL_PATHS.list, username)).statusCode).toBe(views ? 200 : 403);
    expect((await call('GET', APPEAL_PATHS.assignees, username)).statusCode).toBe(manages ? 200 : 403);
    expect((await call('GET', APPEAL_PATHS.assigneesFor(appeal.id), username)).statusCode).toBe(!manages ? 403 : inScope ? 200 : 404);
    expect((await call('GET', APPEAL_PATHS.detail(appeal.id), username)).statusCode).toBe(!views ? 403 : inScope ? 200 : 404);
    expect((await call('GET', APPEAL_PATHS.decisionOptions(appeal.id), username)).statusCode).toBe(!views ? 403 : inScope ? 200 : 404);
    // The letter follows the appeal: the council it is assigned to reads it without the application's documents.
    expect((await call('GET', APPEAL_PATHS.letter(appeal.id), username)).statusCode).toBe(!views ? 403 : inScope ? 200 : 404);

    const fresh = await decided();
    const registered = await call('POST', APPEAL_PATHS.register(fresh.id), username, registration(fresh.letterId));
    expect(registered.statusCode, registered.body).toBe(manages ? 201 : 403);
    if (manages) {
      const created = registered.json() as AppealDetail;
      const reassigned = await call('POST', APPEAL_PATHS.assign(created.id), username, { council_id: memberCouncilId, version: created.version });
      expect(reassigned.statusCode, reassigned.body).toBe(200);
    } else {
      expect((await call('POST', APPEAL_PATHS.assign(appeal.id), username, { council_id: memberCouncilId, version: appeal.version })).statusCode).toBe(403);
    }

    const outcome = await call('POST', APPEAL_PATHS.outcome(appeal.id), username, { outcome: 'upheld', reason: 'The decision stands.', version: appeal.version });
    const expected = !views ? 403 : !inScope ? 404 : username === DECIDER ? 409 : manages || member ? 200 : 403;
    expect(outcome.statusCode, outcome.body).toBe(expected);
  });
});
