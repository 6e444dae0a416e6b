import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS, type ApplicationDetail, type ApplicationListItem } from '../../src/shared/api/applications';
import type { Paginated } from '../../src/shared/api/drf';
import { DEMO_APPLICATION_COUNT, DEMO_FIXTURES } from '../../src/server/db/demo-applications';
import { fullDecision, seedDecisionReferences } from '../support/decision-references';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The list, detail and actions of the applications module on the demo caseload.

let server: ServerFixture;
beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server.close());

const api = (path: string) => `/api${path}`;

async function list(query: string, username = 'officer'): Promise<Paginated<ApplicationListItem>> {
  const answer = await server.app.inject({ url: `${api(APPLICATION_PATHS.list)}?${query}`, headers: await server.authorization(username) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function detail(id: number, username = 'officer'): Promise<ApplicationDetail> {
  const answer = await server.app.inject({ url: api(APPLICATION_PATHS.detail(id)), headers: await server.authorization(username) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function act(id: number, segment: string, body: Record<string, unknown>, username = 'officer') {
  return server.app.inject({ method: 'POST', url: api(`/applications/${id}/${segment}/`), headers: await server.authorization(username), payload: body });
}

async function fixtureId(reference: string): Promise<number> {
  const row = await server.db.selectFrom('applications').select('id').where('reference', '=', reference).executeTakeFirstOrThrow();
  return row.id;
}

describe('application list', () => {
  it('pages the demo caseload without archived applications, newest first', async () => {
    const page = await list('page_size=50');
    const unarchived = await server.db.selectFrom('applications').select((eb) => eb.fn.countAll<number>().as('n')).where('archived', '=', false).executeTakeFirstOrThrow();
    expect(page.count).toBe(unarchived.n);
    expect(page.count).toBeGreaterThan(DEMO_APPLICATION_COUNT / 2);
    expect(page.results).toHaveLength(50);
    const times = page.results.map((r) => r.submitted_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.next).toContain('page=2');
    expect(page.results.every((r) => !r.archived)).toBe(true);
  });

  it('finds an application by applicant surname, reference and personal ID', async () => {
    const bySurname = await list('search=qerimi');
    expect(bySurname.results.map((r) => r.reference)).toContain('NARIC-2026-900001');
    const byReference = await list('search=NARIC-2026-90000');
    expect(byReference.results.map((r) => r.reference).sort()).toEqual(DEMO_FIXTURES.map((f) => f.reference).sort());
    const one = bySurname.results.find((r) => r.reference === 'NARIC-2026-900001')!;
    const byPersonalId = await list(`search=${one.applicant.personal_id}`);
    expect(byPersonalId.results.map((r) => r.id)).toContain(one.id);
  });

  it('combines filters: service, several statuses, officer, overdue, ordering', async () => {
    const page = await list('service_type=1&status=document_verification,council_review&ordering=deadline&page_size=200');
    expect(page.results.length).toBeGreaterThan(0);
    expect(page.results.every((r) => r.service_type === 1 && ['document_verification', 'council_review'].includes(r.status))).toBe(true);
    const deadlines = page.results.map((r) => r.deadline ?? '');
    expect([...deadlines].sort()).toEqual(deadlines);

    const mine = await list('assigned_officer=me&page_size=200');
    const officer = await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow();
    expect(mine.count).toBeGreaterThan(0);
    expect(mine.results.every((r) => r.assigned_officer?.id === officer.id)).toBe(true);
    const unassigned = await list('assigned_officer=unassigned&page_size=200');
    expect(unassigned.results.every((r) => r.assigned_officer === null)).toBe(true);

    const overdue = await list('overdue=true&page_size=200');
    expect(overdue.results.every((r) => r.overdue)).toBe(true);
    const archived = await list('archived=true&page_size=200');
    expect(archived.count).toBeGreaterThan(0);
    expect(archived.results.every((r) => r.archived)).toBe(true);
  });

  it('lists the incomplete applications', async () => {
    const answer = await server.app.inject({ url: `${api(APPLICATION_PATHS.incomplete)}?page_size=200`, headers: await server.authorization('officer') });
    expect(answer.statusCode).toBe(200);
    const page: Paginated<ApplicationListItem> = answer.json();
    expect(page.results.every((r) => r.incomplete)).toBe(true);
  });

  it('refuses bad filters with field messages, never a 500', async () => {
    for (const query of ['status=nonsense', 'service_type=9', 'ordering=password', 'submitted_from=yesterday', 'page=0', 'assigned_officer=someone']) {
      const answer = await server.app.inject({ url: `${api(APPLICATION_PATHS.list)}?${query}`, headers: await server.authorization('officer') });
      expect(answer.statusCode, query).toBe(400);
    }
  });

  it('shows a council member only the applications of their council', async () => {
    const page = await list('page_size=200&archived=all', 'council');
    const member = await server.db
      .selectFrom('council_members')
      .innerJoin('users', 'users.id', 'council_members.user_id')
      .select('council_members.council_id')
      .where('users.username', '=', 'council')
      .executeTakeFirstOrThrow();
    expect(page.count).toBeGreaterThan(0);
    expect(page.results.every((r) => r.council?.id === member.council_id)).toBe(true);
    expect(page.results.map((r) => r.reference)).toContain('NARIC-2026-900002');
    expect(page.results.map((r) => r.reference)).not.toContain('NARIC-2026-900005');
    const hidden = await server.app.inject({ url: api(APPLICATION_PATHS.detail(await fixtureId('NARIC-2026-900005'))), headers: await server.authorization('council') });
    expect(hidden.statusCode).toBe(404);
  });

  it('shows the inspectorate only what waits for it', async () => {
    const page = await list('page_size=200', 'inspector');
    expect(page.results.map((r) => r.reference)).toContain('NARIC-2026-900003');
    expect(page.results.every((r) => r.status === 'inspectorate_pending')).toBe(true);
  });
});

describe('detail and actions', () => {
  it('walks a service-1 application from payment completed to decision pending, then the agency approves it', async () => {
    const id = await fixtureId('NARIC-2026-900001');
    let current = await detail(id);
    expect(current.status).toBe('payment_completed');
    expect(current.allowed_actions.map((a) => a.action)).toContain('start_work');

    const council = await server.db.selectFrom('councils').select('id').where('active', '=', true).orderBy('id').executeTakeFirstOrThrow();
    // The decision's participants are the council's members, at least its quorum (council-quorum.ts).
    const members = await server.db.selectFrom('council_members').select('user_id').where('council_id', '=', council.id).execute();
    await server.db.updateTable('councils').set({ quorum: members.length }).where('id', '=', council.id).execute();
    const steps: [string, Record<string, unknown>, string][] = [
      ['start-work', {}, 'document_verification'],
      ['update-status', { to: 'originality_verified', notes: 'Checked with the university.' }, 'originality_verified'],
      ['move-to-council', { council_id: council.id }, 'council_assigned'],
      ['start-council-review', {}, 'council_review'],
      ['record-council-decision', { notes: 'Equivalent to a Kosovo master degree.', outcome: 'approved', participant_ids: members.map((m) => m.user_id) }, 'assessment_completed'],
      // The structured decision (recognition-decisions-api.test.ts has its rules).
      ['prepare-decision', { decision: fullDecision(await seedDecisionReferences(server.db, ' walk')) }, 'decision_pending'],
    ];
    for (const [segment, body, status] of steps) {
      const answer = await act(id, segment, { version: current.version, ...body });
      expect(answer.statusCode, `${segment}: ${answer.body}`).toBe(200);
      current = answer.json();
      expect(current.status).toBe(status);
    }
    expect(current.council?.id).toBe(council.id);
    expect(current.review_status).toBe('completed');
    expect(current.council_comments).toBe('Equivalent to a Kosovo master degree.');
    expect(current.allowed_actions.map((a) => a.action)).not.toContain('approve');

    const agency = await detail(id, 'agency');
    expect(agency.allowed_actions.map((a) => a.action)).toEqual(expect.arrayContaining(['approve', 'reject', 'send_back']));
    const approved = await act(id, 'approve', { version: agency.version, notes: 'Recognised.' }, 'agency');
    expect(approved.statusCode, approved.body).toBe(200);
    const final: ApplicationDetail = approved.json();
    expect(final.status).toBe('approved');
    expect(final.decision).toMatchObject({ outcome: 'approved', comments: 'Recognised.', decided_by: { full_name: 'Milan Jovanović' } });
    expect(final.history.map((h) => h.action)).toEqual([
      'submit', 'request_payment', 'mark_paid', 'start_work', 'update_status', 'move_to_council', 'start_council_review', 'record_council_decision', 'prepare_decision', 'approve',
    ]);
    const last = final.history.at(-1)!;
    expect(last).toMatchObject({ from_status: 'decision_pending', to_status: 'approved', notes: 'Recognised.', actor: { full_name: 'Milan Jovanović' } });
    expect(final.timeline[0]).toMatchObject({ action: 'approve', kind: 'status' });

    const audit = await server.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_type', '=', 'application').where('entity_id', '=', String(id)).execute();
    expect(audit.map((a) => a.action)).toContain('application.approve');
    // The applicant is told of the decision, in their language (the decision_made template).
    const mail = await server.db.selectFrom('notification_outbox').select(['event', 'subject', 'message']).where('application_id', '=', id).orderBy('id').execute();
    const decision = mail.find((m) => m.event === 'recognition_decision_made');
    expect(decision?.subject).toContain('NARIC-2026-900001');
    expect(decision?.message).toContain('Recognised.');
  });

  it('refuses an illegal move with 409 naming the status, a stale version with 412, missing notes with 400', async () => {
    const id = await fixtureId('NARIC-2026-900004');
    const current = await detail(id);
    const illegal = await act(id, 'start-work', { version: current.version });
    expect(illegal.statusCode).toBe(409);
    expect(illegal.json()).toMatchObject({
      code: 'action_not_allowed',
      params: { status: 'verified' },
      status: 'verified',
      detail: 'This action is not allowed while the application is in status “Verified”.',
    });

    const stale = await act(id, 'add-note', { version: current.version - 1, notes: 'x' });
    expect(stale.statusCode).toBe(412);
    const noNotes = await act(id, 'add-note', { version: current.version });
    expect(noNotes.statusCode).toBe(400);
    expect(noNotes.json()).toMatchObject({ notes: ['Notes are required for this action.'] });
    const after = await detail(id);
    expect(after.version).toBe(current.version);
  });

  it('lets exactly one of two concurrent actions with the same version win', async () => {
    const id = await fixtureId('NARIC-2026-900004');
    const current = await detail(id);
    const answers = await Promise.all([
      act(id, 'add-note', { version: current.version, notes: 'First' }),
      act(id, 'add-note', { version: current.version, notes: 'Second' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
  });
});

describe('issuing', () => {
  it('issues a verification document with the decision, and invalidation revokes it', async () => {
    const id = await fixtureId('NARIC-2026-900004');
    const current = await detail(id);
    const issued = await act(id, 'issue-verification-document', { version: current.version });
    expect(issued.statusCode, issued.body).toBe(200);
    const rows = await server.db.selectFrom('issued_documents').selectAll().where('application_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'verification_document', reference: 'NARIC-2026-900004', holder_name: 'Elira Hoti', revoked_at: null });
    expect(rows[0]!.verification_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);

    const approved: ApplicationDetail = issued.json();
    const invalidated = await act(id, 'invalidate', { version: approved.version, notes: 'The university withdrew the diploma.' }, 'admin');
    expect(invalidated.statusCode, invalidated.body).toBe(200);
    const revoked = await server.db.selectFrom('issued_documents').select(['revoked_at', 'revoked_reason']).where('application_id', '=', id).executeTakeFirstOrThrow();
    expect(revoked.revoked_at).not.toBeNull();
    expect(revoked.revoked_reason).toBe('The university withdrew the diploma.');
  });

  it('refuses submit_verdict without a submitted verdict PDF', async () => {
    const id = await fixtureId('NARIC-2026-900003');
    await server.db.updateTable('applications').set({ status: 'verified' }).where('id', '=', id).execute();
    const current = await detail(id);
    const refused = await act(id, 'submit-verdict', { version: current.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Submit the verification verdict PDF first.');
  });
});
