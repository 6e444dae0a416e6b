import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AcademicFieldCategory } from '../../src/shared/domain/application-status';
import { COUNCIL_REVIEW_PATHS, type CouncilApplicationReview, type CouncilDashboard } from '../../src/shared/api/council-review';
import type { ApplicationDetail } from '../../src/shared/api/applications';
import { DEMO_MEMBER_COUNCIL } from '../../src/server/db/demo-councils';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// The council review: dashboard and review answers, conflicts of interest, the quorum
// of record_council_decision, and auto-assign's choice of council. Runs on the demo data, with
// members and councils of its own where a rule needs them.

let server: ServerFixture;
let councilId: number;
let councilUserId: number;
let waitingId: number;

const api = (path: string) => `/api${path}`;

async function get<T>(path: string, username: string): Promise<T> {
  const answer = await server.app.inject({ url: api(path), headers: await server.authorization(username) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function post(path: string, body: object, username: string, language?: string) {
  const headers = { ...(await server.authorization(username)), ...(language ? { 'accept-language': language } : {}) };
  return server.app.inject({ method: 'POST', url: api(path), headers, payload: body });
}

let memberCount = 0;
/** Applications the tests changed by hand (the demo-data check leaves them out). */
const touched = new Set<number>();
/** A council member who does not sign in here (the access token is made for them directly). */
async function addMember(council: number, username = `member-${++memberCount}-${Date.now()}`): Promise<number> {
  const user = await server.db
    .insertInto('users')
    .values({ username, email: `${username}@example.org`, first_name: 'Member', last_name: username })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await server.db.selectFrom('groups').select('id').where('name', '=', 'Council Members').executeTakeFirstOrThrow();
  await server.db.insertInto('user_groups').values({ user_id: user.id, group_id: group.id }).execute();
  await server.db.insertInto('council_members').values({ council_id: council, user_id: user.id, is_chair: false }).execute();
  return user.id;
}

/** An application of the council in council_review, fresh for each test. */
async function inReview(council: number): Promise<number> {
  const row = await server.db
    .selectFrom('applications')
    .select('id')
    .where('service_type', '=', 1)
    .where('status', 'in', ['payment_completed', 'document_verification', 'originality_verified'])
    .where('archived', '=', false)
    .where('invalidated', '=', false)
    .where('id', 'not in', (eb) => eb.selectFrom('council_decisions').select('application_id'))
    .where('council_id', 'is', null)
    // A complete file: the decision is refused while a required document is missing.
    .where('incomplete', '=', false)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  touched.add(row.id);
  await server.db
    .updateTable('applications')
    .set({ status: 'council_review', council_id: council, review_status: 'in_review', assigned_at: new Date() })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

async function version(id: number): Promise<number> {
  return (await server.db.selectFrom('applications').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;
}

beforeAll(async () => {
  server = await createServerFixture();
  councilId = (await server.db.selectFrom('councils').select('id').where('name_en', '=', DEMO_MEMBER_COUNCIL).executeTakeFirstOrThrow()).id;
  councilUserId = (await server.db.selectFrom('users').select('id').where('username', '=', 'council').executeTakeFirstOrThrow()).id;
  waitingId = (await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900002').executeTakeFirstOrThrow()).id;
});
afterAll(async () => server?.close());

describe('dashboard', () => {
  it("shows a council member their council's waiting applications, next meetings and recent decisions", async () => {
    const dashboard = await get<CouncilDashboard>(COUNCIL_REVIEW_PATHS.dashboard, 'council');
    expect(dashboard.councils.map((c) => c.id)).toEqual([councilId]);
    expect(dashboard.queue.map((q) => q.id)).toContain(waitingId);
    expect(dashboard.queue.every((q) => q.council.id === councilId && ['pending_review', 'in_review'].includes(q.review_status))).toBe(true);
    expect(dashboard.next_meetings.every((m) => m.council.id === councilId && Date.parse(m.scheduled_at) >= Date.now() - 60_000)).toBe(true);
    expect(dashboard.recent_decisions.length).toBeLessThanOrEqual(10);
    expect(dashboard.recent_decisions.every((d) => d.council.id === councilId)).toBe(true);
  });

  it('shows an officer every council', async () => {
    const dashboard = await get<CouncilDashboard>(COUNCIL_REVIEW_PATHS.dashboard, 'admin');
    const councils = await server.db.selectFrom('councils').select('id').execute();
    expect(dashboard.councils).toHaveLength(councils.length);
  });
});

describe('review answer', () => {
  it('gives the application, its council with quorum and members, and whether the caller may decide', async () => {
    const review = await get<CouncilApplicationReview>(COUNCIL_REVIEW_PATHS.review(waitingId), 'council');
    expect(review.application.reference).toBe('NARIC-2026-900002');
    expect(review.council?.id).toBe(councilId);
    expect(review.council?.members.map((m) => m.id)).toContain(councilUserId);
    expect(review.participation.member).toBe(true);
    expect(review.documents.length).toBeGreaterThan(0);
  });

  it('answers 404 for an application outside the caller’s councils', async () => {
    const other = await server.db.selectFrom('applications').select('id').where('reference', '=', 'NARIC-2026-900005').executeTakeFirstOrThrow();
    const answer = await server.app.inject({ url: api(COUNCIL_REVIEW_PATHS.review(other.id)), headers: await server.authorization('council') });
    expect(answer.statusCode).toBe(404);
  });
});

describe('quorum and conflicts of interest', () => {
  beforeEach(async () => {
    await server.db.updateTable('councils').set({ quorum: 2 }).where('id', '=', councilId).execute();
  });

  it('refuses a decision with fewer members than the quorum, in words and translated, and changes nothing', async () => {
    const id = await inReview(councilId);
    const body = { version: await version(id), notes: 'Equivalent.', outcome: 'approved', participant_ids: [councilUserId] };
    const refused = await post(`/applications/${id}/record-council-decision/`, body, 'council');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      reason: 'quorum_not_met',
      quorum: 2,
      count: 1,
      detail: 'The council needs 2 members without a conflict of interest to decide; 1 took part.',
    });
    const inAlbanian = await post(`/applications/${id}/record-council-decision/`, body, 'council', 'sq');
    expect(inAlbanian.json().detail).toBe('Këshilli ka nevojë për 2 anëtarë pa konflikt interesi për të vendosur; morën pjesë 1.');
    const rows = await server.db.selectFrom('council_decisions').select('id').where('application_id', '=', id).execute();
    expect(rows).toHaveLength(0);
    expect(await version(id)).toBe(body.version);
  });

  it('records a decision with the quorum: decision row, outcome, comments, notes, in one step with the status', async () => {
    const id = await inReview(councilId);
    const second = await addMember(councilId);
    const meeting = await server.db
      .insertInto('council_meetings')
      .values({ council_id: councilId, scheduled_at: new Date(Date.now() - 86_400_000), place: 'Room 4', status: 'held' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const body = {
      version: await version(id),
      notes: 'Equivalent to a Kosovo master degree.',
      outcome: 'rejected',
      participant_ids: [councilUserId, second, councilUserId],
      meeting_id: meeting.id,
      review_notes: 'Checked the syllabus.',
    };
    const answer = await post(`/applications/${id}/record-council-decision/`, body, 'council');
    expect(answer.statusCode, answer.body).toBe(200);
    const detail: ApplicationDetail = answer.json();
    expect(detail).toMatchObject({ status: 'assessment_completed', review_status: 'completed', council_comments: body.notes, review_notes: body.review_notes });
    const row = await server.db.selectFrom('applications').select(['council_outcome', 'reviewed_by_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ council_outcome: 'rejected', reviewed_by_id: councilUserId });
    const decisions = await server.db.selectFrom('council_decisions').selectAll().where('application_id', '=', id).execute();
    expect(decisions).toHaveLength(1);
    expect(decisions[0]).toMatchObject({ outcome: 'rejected', participant_ids: [councilUserId, second], meeting_id: meeting.id, recorded_by_id: councilUserId });

    const review = await get<CouncilApplicationReview>(COUNCIL_REVIEW_PATHS.review(id), 'council');
    expect(review.decisions[0]).toMatchObject({ outcome: 'rejected', comments: body.notes, meeting: { id: meeting.id, place: 'Room 4' } });
    expect(review.decisions[0]!.participants.map((p) => p.id)).toEqual([councilUserId, second]);
    expect(review.application.allowed_actions).toEqual([]);
  });

  it('refuses a decision while a required document is missing, names it in the review beforehand, and records it once the file is complete', async () => {
    const id = await inReview(councilId);
    await server.db.updateTable('councils').set({ quorum: 1 }).where('id', '=', councilId).execute();
    // The file keeps only an identity document, like an application of a request form and an ID.
    await server.db.deleteFrom('application_documents').where('application_id', '=', id).where('document_type', '!=', 'id_document').execute();
    const required = await server.db
      .selectFrom('service_document_requirements')
      .innerJoin('applications', 'applications.service_id', 'service_document_requirements.service_id')
      .select('service_document_requirements.document_type')
      .where('applications.id', '=', id)
      .where('service_document_requirements.required', '=', true)
      .orderBy('service_document_requirements.id')
      .execute();
    const missing = required.map((row) => row.document_type).filter((type) => type !== 'id_document');
    expect(missing).toContain('original_diploma');

    const review = await get<CouncilApplicationReview>(COUNCIL_REVIEW_PATHS.review(id), 'council');
    expect(review.missing_documents).toEqual(missing);
    const body = { version: await version(id), notes: 'Recognised.', outcome: 'approved', participant_ids: [councilUserId] };
    const refused = await post(`/applications/${id}/record-council-decision/`, body, 'council');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'council_review_documents_missing', params: { documents: missing.join(',') } });
    expect(refused.json().detail).toContain('Original diploma');
    expect(await server.db.selectFrom('council_decisions').select('id').where('application_id', '=', id).execute()).toHaveLength(0);
    expect(await version(id)).toBe(body.version);

    // A rejected diploma does not count; an accepted one does.
    await server.db
      .insertInto('application_documents')
      .values(missing.map((document_type) => ({ application_id: id, file_name: `${document_type}.pdf`, document_type, status: document_type === 'original_diploma' ? ('rejected' as const) : ('pending' as const) })))
      .execute();
    expect((await get<CouncilApplicationReview>(COUNCIL_REVIEW_PATHS.review(id), 'council')).missing_documents).toEqual(['original_diploma']);
    await server.db.insertInto('application_documents').values({ application_id: id, file_name: 'diploma.pdf', document_type: 'original_diploma' }).execute();
    expect((await get<CouncilApplicationReview>(COUNCIL_REVIEW_PATHS.review(id), 'council')).missing_documents).toEqual([]);
    const recorded = await post(`/applications/${id}/record-council-decision/`, body, 'council');
    expect(recorded.statusCode, recorded.body).toBe(200);
  });

  it('answers the qualification with the reference institution (a merged duplicate as its survivor) and the level’s EQF/NQF', async () => {
    const id = await inReview(councilId);
    await server.db
      .updateTable('education_info')
      .set({
        institution_name: 'UNIV. OF TIRANA',
        institution_country: 'AL',
        degree_level: 'master',
        original_title: 'Diplomë e Nivelit të Dytë',
        language_of_instruction: 'sq',
        study_mode: 'full_time',
        study_start: '2020-10-01',
        study_end: '2022-07-15',
        grading_scale: '4–10, pass 5',
        final_grade: '8.75',
      })
      .where('application_id', '=', id)
      .execute();
    const { qualification } = await get<CouncilApplicationReview>(COUNCIL_REVIEW_PATHS.review(id), 'council');
    expect(qualification).toMatchObject({
      institution_name: 'UNIV. OF TIRANA',
      institution: { name_en: 'University of Tirana', country: 'AL', accreditation_status: 'accredited' },
      degree_level: 'master',
      eqf_level: 7,
      nqf_level: 7,
      original_title: 'Diplomë e Nivelit të Dytë',
      language_of_instruction: 'sq',
      study_mode: 'full_time',
      study_start: '2020-10-01',
      study_end: '2022-07-15',
      grading_scale: '4–10, pass 5',
      final_grade: '8.75',
    });
    // The same name in another country is another institution: not matched.
    await server.db.updateTable('education_info').set({ institution_country: 'RS' }).where('application_id', '=', id).execute();
    expect((await get<CouncilApplicationReview>(COUNCIL_REVIEW_PATHS.review(id), 'council')).qualification?.institution).toBeNull();
  });

  it('refuses participants outside the council and a meeting of another council (400 on the field)', async () => {
    const id = await inReview(councilId);
    const other = await server.db.selectFrom('councils').select('id').where('id', '!=', councilId).orderBy('id').executeTakeFirstOrThrow();
    const outsider = await addMember(other.id);
    const base = { version: await version(id), notes: 'x', outcome: 'approved' };
    const stranger = await post(`/applications/${id}/record-council-decision/`, { ...base, participant_ids: [councilUserId, outsider] }, 'council');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json()).toMatchObject({ participant_ids: ["Everyone who took part must be a member of the application's council."] });
    const second = await addMember(councilId);
    const meeting = await server.db
      .insertInto('council_meetings')
      .values({ council_id: other.id, scheduled_at: new Date(), place: 'Elsewhere' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const wrongMeeting = await post(`/applications/${id}/record-council-decision/`, { ...base, participant_ids: [councilUserId, second], meeting_id: meeting.id }, 'council', 'sr');
    expect(wrongMeeting.statusCode).toBe(400);
    expect(wrongMeeting.json()).toMatchObject({ meeting_id: ['Izaberite sednicu veća kome je zahtev dodeljen.'] });
    const missing = await post(`/applications/${id}/record-council-decision/`, { ...base, participant_ids: [] }, 'council');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ participant_ids: ['Choose the members who took part.'] });
  });

  it('excludes a member who declared a conflict: not counted, may not decide nor start the review; one declaration each', async () => {
    const id = await inReview(councilId);
    const conflicted = await addMember(councilId, `conflicted-${Date.now()}`);
    const conflictedName = (await server.db.selectFrom('users').select('username').where('id', '=', conflicted).executeTakeFirstOrThrow()).username;
    const declared = await post(COUNCIL_REVIEW_PATHS.conflicts(id), { reason: 'I supervised the applicant’s thesis.' }, conflictedName);
    expect(declared.statusCode, declared.body).toBe(201);
    const review: CouncilApplicationReview = declared.json();
    expect(review.participation).toEqual({ member: true, conflict_declared: true, may_decide: false, refusal: 'conflict_declared' });
    expect(review.conflicts).toEqual([expect.objectContaining({ member: expect.objectContaining({ id: conflicted }), reason: 'I supervised the applicant’s thesis.' })]);
    expect(review.council?.members.find((m) => m.id === conflicted)?.conflict).toBe(true);
    expect(review.application.allowed_actions).toEqual([]);

    const again = await post(COUNCIL_REVIEW_PATHS.conflicts(id), { reason: 'Again.' }, conflictedName);
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toBe('conflict_exists');

    const base = { version: await version(id), notes: 'x', outcome: 'approved' };
    const counted = await post(`/applications/${id}/record-council-decision/`, { ...base, participant_ids: [councilUserId, conflicted] }, 'council');
    expect(counted.statusCode).toBe(400);
    expect(counted.json()).toMatchObject({ participant_ids: ['A member who declared a conflict of interest on this application cannot take part.'] });
    const byConflicted = await post(`/applications/${id}/record-council-decision/`, { ...base, participant_ids: [councilUserId] }, conflictedName, 'sq');
    expect(byConflicted.statusCode).toBe(403);
    expect(byConflicted.json()).toMatchObject({ reason: 'conflict_declared', code: 'council_review_conflict_declared' });
    expect(byConflicted.json().detail).toContain('konflikt interesi');

    // Starting the review is refused to them too.
    await server.db.updateTable('applications').set({ status: 'council_assigned', review_status: 'pending_review' }).where('id', '=', id).execute();
    const start = await post(`/applications/${id}/start-council-review/`, { version: await version(id) }, conflictedName);
    expect(start.statusCode).toBe(403);
    expect(start.json().reason).toBe('conflict_declared');
    const started = await post(`/applications/${id}/start-council-review/`, { version: await version(id) }, 'council');
    expect(started.statusCode, started.body).toBe(200);
  });

  it('refuses a declaration by someone outside the council and one after the decision', async () => {
    const id = await inReview(councilId);
    const refused = await post(COUNCIL_REVIEW_PATHS.conflicts(id), { reason: 'Not mine.' }, 'admin');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().reason).toBe('not_council_member');
    const blank = await post(COUNCIL_REVIEW_PATHS.conflicts(id), { reason: '   ' }, 'council');
    expect(blank.statusCode).toBe(400);
    await server.db.updateTable('applications').set({ status: 'assessment_completed', review_status: 'completed' }).where('id', '=', id).execute();
    const closed = await post(COUNCIL_REVIEW_PATHS.conflicts(id), { reason: 'Too late.' }, 'council');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().reason).toBe('review_closed');
  });

  it('lets an officer record the decision on the council’s behalf, with the council’s members as participants', async () => {
    const id = await inReview(councilId);
    await server.db.updateTable('councils').set({ quorum: 1 }).where('id', '=', councilId).execute();
    const answer = await post(`/applications/${id}/record-council-decision/`, { version: await version(id), notes: 'On behalf.', outcome: 'approved', participant_ids: [councilUserId] }, 'officer');
    expect(answer.statusCode, answer.body).toBe(200);
    const decision = await server.db.selectFrom('council_decisions').selectAll().where('application_id', '=', id).executeTakeFirstOrThrow();
    expect(decision.recorded_by_id).not.toBe(councilUserId);
  });
});

describe('auto-assign', () => {
  const FIELD: AcademicFieldCategory = 'law';

  async function readyForCouncil(field: AcademicFieldCategory | null): Promise<number> {
    const row = await server.db
      .selectFrom('applications')
      .select('id')
      .where('service_type', '=', 1)
      .where('status', '=', 'payment_completed')
      .where('archived', '=', false)
      .where('invalidated', '=', false)
      .where('reference', 'not like', 'NARIC-2026-9%')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await server.db
      .updateTable('applications')
      .set({ status: 'originality_verified', council_id: null, review_status: null, academic_field_category: field, closed_at: null })
      .where('id', '=', row.id)
      .execute();
    return row.id;
  }

  async function autoAssign(id: number, language?: string) {
    return post(`/applications/${id}/auto-assign-council/`, { version: await version(id) }, 'officer', language);
  }

  async function council(name: string, active: boolean): Promise<number> {
    const row = await server.db.insertInto('councils').values({ name_en: name, active, academic_field_categories: [FIELD] }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  it('explains when the application has no field, and when no active council covers it (translated)', async () => {
    const noField = await autoAssign(await readyForCouncil(null));
    expect(noField.statusCode).toBe(409);
    expect(noField.json()).toMatchObject({ reason: 'no_field', detail: 'This application has no academic field category; choose the council yourself.' });

    await server.db.updateTable('councils').set({ active: false }).where(sqlFieldCovered(FIELD)).execute();
    const id = await readyForCouncil(FIELD);
    const uncovered = await autoAssign(id);
    expect(uncovered.statusCode).toBe(409);
    expect(uncovered.json()).toMatchObject({ reason: 'no_active_council', field: FIELD, detail: 'No active council covers the academic field “Law”; choose the council yourself.' });
    expect((await autoAssign(id, 'sq')).json().detail).toBe('Asnjë këshill aktiv nuk e mbulon fushën akademike “Drejtësia”; zgjidhni vetë këshillin.');
    expect((await autoAssign(id, 'sr')).json().detail).toBe('Nijedno aktivno veće ne pokriva akademsku oblast „Pravo”; sami izaberite veće.');
  });

  it('picks the least loaded active council covering the field, skipping inactive ones, ties by id', async () => {
    await server.db.updateTable('councils').set({ active: false }).where(sqlFieldCovered(FIELD)).execute();
    const inactive = await council(`Inactive law council ${Date.now()}`, false);
    const first = await council(`First law council ${Date.now()}`, true);
    const second = await council(`Second law council ${Date.now()}`, true);
    const assignedTo = async () => {
      const id = await readyForCouncil(FIELD);
      const answer = await autoAssign(id);
      expect(answer.statusCode, answer.body).toBe(200);
      return (answer.json() as ApplicationDetail).council?.id;
    };
    // Both empty: the lower id; then the other, now less loaded; then the first again (tie).
    expect(await assignedTo()).toBe(first);
    expect(await assignedTo()).toBe(second);
    expect(await assignedTo()).toBe(first);
    const load = await server.db
      .selectFrom('applications')
      .select(['council_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('council_id', 'in', [inactive, first, second])
      .groupBy('council_id')
      .execute();
    expect(Object.fromEntries(load.map((l) => [l.council_id, Number(l.n)]))).toEqual({ [first]: 2, [second]: 1 });
  });
});

function sqlFieldCovered(field: AcademicFieldCategory) {
  return sql<boolean>`${field} = any(academic_field_categories)`;
}

describe('demo data', () => {
  it('has a council decision for every demo application whose council review completed, with its outcome copied', async () => {
    const completed = await server.db
      .selectFrom('applications')
      .select(['id', 'council_outcome', 'decision_outcome'])
      .where('council_id', 'is not', null)
      .where('review_status', '=', 'completed')
      .$if(touched.size > 0, (query) => query.where('id', 'not in', [...touched]))
      .execute();
    expect(completed.length).toBeGreaterThan(0);
    const decisions = await server.db
      .selectFrom('council_decisions')
      .select(['application_id', 'outcome'])
      .where('application_id', 'in', completed.map((c) => c.id))
      .execute();
    const byApplication = new Map(decisions.map((d) => [d.application_id, d.outcome]));
    for (const application of completed) {
      expect(byApplication.get(application.id), String(application.id)).toBe(application.council_outcome);
      if (application.decision_outcome === 'rejected') expect(application.council_outcome).toBe('rejected');
    }
  });
});
