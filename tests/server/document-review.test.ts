import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Several documents reviewed in one request: all of them or none, each with its history and
// audit row as when reviewed one by one; and the officers an application can be assigned to,
// told apart by user name and role, sorted in the reader's alphabet.

let server: ServerFixture;
let applicationId: number;
let otherApplicationId: number;

async function documentsOf(id: number, count: number, prefix: string): Promise<number[]> {
  const rows = await server.db
    .insertInto('application_documents')
    .values(Array.from({ length: count }, (_, index) => ({ application_id: id, file_name: `${prefix}-${index + 1}.pdf`, document_type: 'original_diploma' as const })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

async function version(id: number): Promise<number> {
  return (await server.db.selectFrom('applications').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
}

async function statuses(ids: readonly number[]) {
  const rows = await server.db.selectFrom('application_documents').select(['id', 'status', 'review_notes']).where('id', 'in', ids).orderBy('id').execute();
  return rows.map((row) => row.status);
}

async function review(body: Record<string, unknown>, username = 'officer', id = applicationId) {
  return server.app.inject({ method: 'POST', url: `/api${APPLICATION_PATHS.documentReview(id)}`, headers: await server.authorization(username), payload: body });
}

beforeAll(async () => {
  server = await createServerFixture();
  const open = await server.db
    .selectFrom('applications')
    .select('id')
    .where('status', '=', 'processing')
    .where('archived', '=', false)
    .where('invalidated', '=', false)
    .orderBy('id')
    .limit(2)
    .execute();
  expect(open).toHaveLength(2);
  [applicationId, otherApplicationId] = open.map((row) => row.id) as [number, number];
});
afterAll(async () => server.close());

describe('reviewing several documents at once', () => {
  it('approves every selected document, with a history and an audit row naming each', async () => {
    const ids = await documentsOf(applicationId, 3, 'approve');
    const before = await version(applicationId);
    const answer = await review({ version: before, decision: 'approve_document', document_ids: ids });
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json();
    expect(body.results).toEqual(ids.map((id, index) => ({ document_id: id, file_name: `approve-${index + 1}.pdf`, status: 'verified' })));
    expect(body.application.version).toBe(before + 3);
    expect(await statuses(ids)).toEqual(['verified', 'verified', 'verified']);

    const audit = await server.db.selectFrom('audit_log').select('details').where('action', '=', 'application.approve_document').where('entity_id', '=', String(applicationId)).execute();
    const audited = audit.map((row) => (row.details as { document_id?: number }).document_id);
    for (const id of ids) expect(audited).toContain(id);
    const history = await server.db.selectFrom('application_history').select('id').where('application_id', '=', applicationId).where('action', '=', 'approve_document').execute();
    expect(history.length).toBeGreaterThanOrEqual(3);
  });

  it('rejects only with a reason, and keeps the reason on every document', async () => {
    const ids = await documentsOf(applicationId, 2, 'reject');
    const refused = await review({ version: await version(applicationId), decision: 'reject_document', document_ids: ids });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().notes).toBeDefined();
    expect(await statuses(ids)).toEqual(['pending', 'pending']);

    const answer = await review({ version: await version(applicationId), decision: 'reject_document', document_ids: ids, notes: 'Scans unreadable.' });
    expect(answer.statusCode, answer.body).toBe(200);
    const rows = await server.db.selectFrom('application_documents').select(['status', 'review_notes']).where('id', 'in', ids).execute();
    expect(rows).toEqual([
      { status: 'rejected', review_notes: 'Scans unreadable.' },
      { status: 'rejected', review_notes: 'Scans unreadable.' },
    ]);
  });

  it('changes nothing when one document is not of the application, or the version is stale', async () => {
    const mine = await documentsOf(applicationId, 2, 'mine');
    const [stranger] = await documentsOf(otherApplicationId, 1, 'stranger');
    const before = await version(applicationId);
    const refused = await review({ version: before, decision: 'approve_document', document_ids: [...mine, stranger] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field_codes.document_ids).toEqual([{ code: 'documents_not_of_application', params: { documents: String(stranger) } }]);
    expect(await statuses([...mine, stranger!])).toEqual(['pending', 'pending', 'pending']);
    expect(await version(applicationId)).toBe(before);

    const stale = await review({ version: before - 1, decision: 'approve_document', document_ids: mine });
    expect(stale.statusCode).toBe(412);
    expect(await statuses(mine)).toEqual(['pending', 'pending']);
  });

  it('refuses an empty selection and a user without the permission', async () => {
    expect((await review({ version: await version(applicationId), decision: 'approve_document', document_ids: [] })).statusCode).toBe(400);
    const ids = await documentsOf(applicationId, 1, 'payments');
    expect((await review({ version: await version(applicationId), decision: 'approve_document', document_ids: ids }, 'payments')).statusCode).toBe(403);
    expect(await statuses(ids)).toEqual(['pending']);
  });
});

describe('assignable officers', () => {
  it('tells people apart by user name and role, with their open applications, in the reader’s alphabet', async () => {
    const { db } = server;
    const group = await db.selectFrom('groups').select('id').where('name', '=', 'NARIC Officers').executeTakeFirstOrThrow();
    const added = await db
      .insertInto('users')
      .values([
        { username: 'sort.zeka', email: 'sort.zeka@example.org', first_name: 'Arta', last_name: 'Zeka' },
        { username: 'sort.cela', email: 'sort.cela@example.org', first_name: 'Arta', last_name: 'Çela' },
        { username: 'sort.cela2', email: 'sort.cela2@example.org', first_name: 'Arta', last_name: 'Çela' },
        { username: 'sort.dakaj', email: 'sort.dakaj@example.org', first_name: 'Arta', last_name: 'Dakaj' },
      ])
      .returning('id')
      .execute();
    await db.insertInto('user_groups').values(added.map((row) => ({ user_id: row.id, group_id: group.id }))).execute();

    const answer = await server.app.inject({ url: `/api${APPLICATION_PATHS.assignableOfficers}`, headers: { ...(await server.authorization('officer')), 'accept-language': 'sq' } });
    expect(answer.statusCode).toBe(200);
    const officers = answer.json() as { username: string; role: string; full_name: string; open_applications: number }[];
    const order = officers.map((officer) => officer.username).filter((name) => name.startsWith('sort.'));
    // Albanian: Ç is its own letter after C and before D (never after Z, as code points put it).
    expect(order).toEqual(['sort.cela', 'sort.cela2', 'sort.dakaj', 'sort.zeka']);
    const homonyms = officers.filter((officer) => officer.full_name === 'Arta Çela');
    expect(homonyms.map((officer) => officer.username)).toEqual(['sort.cela', 'sort.cela2']);
    expect(homonyms.every((officer) => officer.role === 'naric_officer' && officer.open_applications === 0)).toBe(true);
    expect(officers.find((officer) => officer.username === 'admin')?.role).toBe('administrator');
    const officer = officers.find((row) => row.username === 'officer')!;
    const open = await db
      .selectFrom('applications')
      .innerJoin('users', 'users.id', 'applications.assigned_officer_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('users.username', '=', 'officer')
      .where('applications.closed_at', 'is', null)
      .where('applications.archived', '=', false)
      .executeTakeFirstOrThrow();
    expect(officer.open_applications).toBe(Number(open.n));
  });
});
