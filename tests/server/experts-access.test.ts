import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_GROUP_PERMISSIONS, type PermissionName } from '../../src/shared/auth/permissions';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { commissionListAnswer, reviewListAnswer } from '../../src/shared/api/experts';
import { minimalPdf } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Every experts endpoint × every demo group: commissions are read with
// expert.view_commission and written with expert.change_commission; reviews are requested by
// officers (applications.change_status) and the application's council; "My reviews" needs
// expert.submit_review (admins see every review); one review is its evaluator's or an admin's
// (404 for anyone else); only the evaluator writes it. 401 signed out. Refusals change nothing.

let server: ServerFixture;
let commissionId: number;
let medicalApplication: number;
let engineeringApplication: number;
let evaluatorReview: number;
let reviewer: number;

const ADMINS = new Set(['admin', 'naric.admin']);
const holds = (username: string, permission: PermissionName) => {
  const account = DEMO_ACCOUNTS.find((a) => a.username === username)!;
  return ADMINS.has(username) || DEFAULT_GROUP_PERMISSIONS[account.group].includes(permission);
};
/** Groups whose rows are not limited (docs/access.md, "Rows"; content managers hold no application permission at all). */
const SEES_ALL = new Set(['admin', 'naric.admin', 'officer', 'payments', 'verifier', 'content']);

async function send(username: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, payload?: object) {
  const headers = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  server = await createServerFixture();
  const commissions = commissionListAnswer.parse((await send('admin', 'GET', '/expert-commissions/?field=medical_health')).json());
  commissionId = commissions.results[0]!.id;
  const members = await server.db.selectFrom('expert_commission_members').select('user_id').where('commission_id', '=', commissionId).execute();
  // Not the demo evaluator: the reviews requested here must not widen the evaluator's rows.
  const evaluatorUser = (await server.db.selectFrom('users').select('id').where('username', '=', 'evaluator').executeTakeFirstOrThrow()).id;
  reviewer = members.find((member) => member.user_id !== evaluatorUser)!.user_id;
  const councilOf = (name: string) => server.db.selectFrom('councils').select('id').where('name_en', '=', name);
  const evaluatorId = (await server.db.selectFrom('users').select('id').where('username', '=', 'evaluator').executeTakeFirstOrThrow()).id;
  const reviewedByEvaluator = server.db.selectFrom('expert_reviews').select('application_id').where('reviewer_id', '=', evaluatorId);
  const pick = (council: string) =>
    server.db
      .selectFrom('applications')
      .select('id')
      .where('service_type', '=', 1)
      .where('closed_at', 'is', null)
      .where('archived', '=', false)
      .where('council_id', 'in', councilOf(council))
      .where('id', 'not in', reviewedByEvaluator)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  medicalApplication = (await pick('Council for Medical and Health Sciences')).id;
  engineeringApplication = (await pick('Council for Engineering and Natural Sciences')).id;
  evaluatorReview = reviewListAnswer.parse((await send('evaluator', 'GET', '/expert-reviews/?status=requested')).json()).results[0]!.id;
  // A report from the start, so every group's download is judged on an existing file.
  const version = (await server.db.selectFrom('expert_reviews').select('version').where('id', '=', evaluatorReview).executeTakeFirstOrThrow()).version;
  const uploaded = await server.app.inject({
    method: 'PUT',
    url: `/api/expert-reviews/${evaluatorReview}/report/?version=${version}`,
    headers: { ...(await server.authorization('evaluator')), 'content-type': 'application/pdf' },
    payload: minimalPdf('first report'),
  });
  expect(uploaded.statusCode).toBe(200);
});
afterAll(async () => server?.close());

it('answers 401 signed out', async () => {
  for (const [method, path] of [
    ['GET', '/expert-commissions/'],
    ['GET', '/expert-commissions/member-options/'],
    ['GET', `/expert-reviews/`],
    ['GET', `/expert-reviews/${evaluatorReview}/`],
    ['GET', `/applications/${medicalApplication}/expert-reviews/`],
  ] as const) {
    expect((await send(null, method, path)).statusCode).toBe(401);
  }
});

describe.each(DEMO_ACCOUNTS.map((a) => a.username))('%s', (username) => {
  const views = holds(username, 'expert.view_commission');
  const changes = holds(username, 'expert.change_commission');
  const reviews = holds(username, 'expert.submit_review');
  const admin = ADMINS.has(username);

  it(views ? 'reads commissions' : 'may not read commissions (403)', async () => {
    const expected = views ? 200 : 403;
    expect((await send(username, 'GET', '/expert-commissions/')).statusCode).toBe(expected);
    expect((await send(username, 'GET', `/expert-commissions/${commissionId}/`)).statusCode).toBe(expected);
    expect((await send(username, 'GET', '/expert-commissions/member-options/')).statusCode).toBe(expected);
  });

  it(changes ? 'creates and changes commissions' : 'may not write commissions (403), nothing changes', async () => {
    const before = await server.db.selectFrom('expert_commissions').select(['id', 'version']).where('id', '=', commissionId).executeTakeFirstOrThrow();
    const created = await send(username, 'POST', '/expert-commissions/', { name_en: `Access ${username}`, member_ids: [reviewer], chair_id: reviewer });
    const changed = await send(username, 'PATCH', `/expert-commissions/${commissionId}/`, { version: before.version, description: `by ${username}` });
    expect(created.statusCode, created.body).toBe(changes ? 201 : 403);
    expect(changed.statusCode, changed.body).toBe(changes ? 200 : 403);
    if (!changes) {
      const after = await server.db.selectFrom('expert_commissions').select('version').where('id', '=', commissionId).executeTakeFirstOrThrow();
      expect(after.version).toBe(before.version);
      expect(await server.db.selectFrom('expert_commissions').select('id').where('name_en', '=', `Access ${username}`).executeTakeFirst()).toBeUndefined();
    }
  });

  it('reads an application’s reviews and request options as its rows and role say', async () => {
    const inRows = SEES_ALL.has(username) || username === 'council';
    const reads = holds(username, 'expert.view_commission') || holds(username, 'applications.view_application');
    const list = await send(username, 'GET', `/applications/${medicalApplication}/expert-reviews/`);
    expect(list.statusCode).toBe(!reads ? 403 : inRows ? 200 : 404);
    const mayRequest = holds(username, 'applications.change_status') || username === 'council';
    const options = await send(username, 'GET', `/applications/${medicalApplication}/expert-reviews/options/`);
    expect(options.statusCode).toBe(!inRows ? 404 : mayRequest ? 200 : 403);
    if (list.statusCode === 200) expect(list.json().can_request).toBe(mayRequest);
  });

  it('requests a review as its role and rows say', async () => {
    const body = { commission_id: commissionId, reviewer_id: reviewer, due_date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) };
    const target = username === 'council' ? medicalApplication : engineeringApplication;
    const inRows = SEES_ALL.has(username) || username === 'council';
    const mayRequest = holds(username, 'applications.change_status') || username === 'council';
    await server.db.deleteFrom('expert_reviews').where('application_id', '=', target).where('reviewer_id', '=', reviewer).where('status', '=', 'requested').execute();
    const before = await server.db.selectFrom('expert_reviews').select('id').where('application_id', '=', target).execute();
    const answer = await send(username, 'POST', `/applications/${target}/expert-reviews/`, body);
    expect(answer.statusCode, answer.body).toBe(!inRows ? 404 : mayRequest ? 201 : 403);
    const after = await server.db.selectFrom('expert_reviews').select('id').where('application_id', '=', target).execute();
    expect(after.length).toBe(before.length + (answer.statusCode === 201 ? 1 : 0));
    // The council member may not request on another council's application (outside the rows).
    if (username === 'council') expect((await send(username, 'POST', `/applications/${engineeringApplication}/expert-reviews/`, body)).statusCode).toBe(404);
  });

  it(reviews ? 'lists their reviews' : 'has no review list (403)', async () => {
    const answer = await send(username, 'GET', '/expert-reviews/?page_size=1');
    expect(answer.statusCode).toBe(reviews ? 200 : 403);
    if (reviews) expect(reviewListAnswer.parse(answer.json()).count).toBeGreaterThan(0);
  });

  it('reads and writes a review only as its evaluator (admins read)', async () => {
    const own = username === 'evaluator';
    const read = await send(username, 'GET', `/expert-reviews/${evaluatorReview}/`);
    expect(read.statusCode).toBe(!reviews ? 403 : own || admin ? 200 : 404);
    const version = (await server.db.selectFrom('expert_reviews').select('version').where('id', '=', evaluatorReview).executeTakeFirstOrThrow()).version;
    const draft = await send(username, 'PATCH', `/expert-reviews/${evaluatorReview}/`, { version, comments: `by ${username}` });
    expect(draft.statusCode).toBe(!reviews ? 403 : own ? 200 : admin ? 403 : 404);
    const upload = await server.app.inject({
      method: 'PUT',
      url: `/api/expert-reviews/${evaluatorReview}/report/?version=${own ? version + 1 : version}`,
      headers: { ...(await server.authorization(username)), 'content-type': 'application/pdf' },
      payload: minimalPdf(`report by ${username}`),
    });
    expect(upload.statusCode).toBe(!reviews ? 403 : own ? 200 : admin ? 403 : 404);
    const download = await send(username, 'GET', `/expert-reviews/${evaluatorReview}/report/`);
    // Before submitting, the report is its evaluator's and the admins'.
    expect(download.statusCode).toBe(own || admin ? 200 : 404);
    const submit = await send(username, 'POST', `/expert-reviews/${evaluatorReview}/submit/`, { version: 0, assessment: 'x', recommendation: 'recognise' });
    // The evaluator's stale version: 412, nothing submitted (the API test submits for real).
    expect(submit.statusCode).toBe(!reviews ? 403 : own ? 412 : admin ? 403 : 404);
  });
});
