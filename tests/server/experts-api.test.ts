import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/server.json';
import {
  EXPERT_MESSAGES,
  applicationReviewsAnswer,
  commission as commissionSchema,
  commissionListAnswer,
  expertReview,
  memberOptionsAnswer,
  requestOptionsAnswer,
  reviewListAnswer,
  type Commission,
  type ExpertReview,
} from '../../src/shared/api/experts';
import { DEMO_COMMISSIONS } from '../../src/server/db/demo-expert-reviews';
import { uploadPath, uploadedOutcome } from '../../src/shared/ipc/transfer-contract';
import { minimalPdf, PNG_BYTES } from '../support/pdf-fixtures';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Expert commissions and reviews: commission writes and their rules (evaluators only,
// chair among members, unique name, 412 on a stale version), who may request a review and on
// what, the evaluator's own reviews and applications, drafts, the report upload, and submitting
// (locked for good afterwards).

let server: ServerFixture;
let userIds: Map<string, number>;

async function send(username: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT', path: string, payload?: object, headers: Record<string, string> = {}) {
  const auth = username ? await server.authorization(username) : {};
  return server.app.inject({ method, url: `/api${path}`, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });
}

const today = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function applicationByStatus(where: { service_type: number; status?: string; councilName?: string; notReviewedBy?: number }): Promise<number> {
  let query = server.db.selectFrom('applications').select('applications.id').where('service_type', '=', where.service_type).where('archived', '=', false).where('closed_at', 'is', null);
  if (where.notReviewedBy !== undefined) query = query.where('id', 'not in', server.db.selectFrom('expert_reviews').select('application_id').where('reviewer_id', '=', where.notReviewedBy));
  if (where.status) query = query.where('status', '=', where.status as never);
  if (where.councilName) query = query.where('council_id', 'in', server.db.selectFrom('councils').select('id').where('name_en', '=', where.councilName));
  return (await query.orderBy('applications.id').executeTakeFirstOrThrow()).id;
}

async function medicineCommission(): Promise<Commission> {
  const list = commissionListAnswer.parse((await send('admin', 'GET', `/expert-commissions/?search=${encodeURIComponent('Medicine')}`)).json());
  return commissionSchema.parse((await send('admin', 'GET', `/expert-commissions/${list.results[0]!.id}/`)).json());
}

beforeAll(async () => {
  server = await createServerFixture();
  userIds = new Map((await server.db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
});
afterAll(async () => server?.close());

describe('texts', () => {
  it('keeps the shared English messages equal to server.json', () => {
    expect(en.experts.messages).toEqual(EXPERT_MESSAGES);
  });
});

describe('demo data', () => {
  it('has three commissions, the demo evaluator in two, and their reviews', async () => {
    const list = commissionListAnswer.parse((await send('admin', 'GET', '/expert-commissions/')).json());
    expect(list.results.map((c) => c.name_en).sort()).toEqual(DEMO_COMMISSIONS.map((c) => c.name).sort());
    const mine = reviewListAnswer.parse((await send('evaluator', 'GET', '/expert-reviews/')).json());
    expect(mine.results.filter((r) => r.status === 'requested')).toHaveLength(2);
    expect(mine.results.filter((r) => r.status === 'requested' && r.overdue)).toHaveLength(1);
    expect(mine.results.filter((r) => r.status === 'submitted')).toHaveLength(2);
    // Open work first, the most urgent on top.
    expect(mine.results[0]!.overdue).toBe(true);
    const council = await server.db
      .selectFrom('expert_reviews')
      .innerJoin('applications', 'applications.id', 'expert_reviews.application_id')
      .innerJoin('councils', 'councils.id', 'applications.council_id')
      .select('expert_reviews.id')
      .where('councils.name_en', '=', 'Council for Medical and Health Sciences')
      .execute();
    expect(council.length).toBeGreaterThan(0);
  });
});

describe('commissions', () => {
  it('lists with filters and counts', async () => {
    const medicine = commissionListAnswer.parse((await send('evaluator', 'GET', '/expert-commissions/?field=medical_health&active=true')).json());
    expect(medicine.count).toBe(1);
    expect(medicine.results[0]).toMatchObject({ member_count: 3, chair_name: 'Jelena Petrović' });
    expect(commissionListAnswer.parse((await send('admin', 'GET', '/expert-commissions/?active=false')).json()).count).toBe(0);
    expect(commissionListAnswer.parse((await send('admin', 'GET', '/expert-commissions/?search=%25')).json()).count).toBe(0);
    const options = memberOptionsAnswer.parse((await send('admin', 'GET', '/expert-commissions/member-options/')).json());
    expect(options.map((o) => o.username)).toContain('evaluator');
    expect(options.map((o) => o.username)).not.toContain('officer');
  });

  it('creates and edits a commission; members must be evaluators, the chair one of them; 412 when stale', async () => {
    const evaluator = userIds.get('evaluator')!;
    const ahmeti = userIds.get('evaluator.ahmeti')!;
    const body = { name_en: 'Expert Commission for Economics', name_sq: 'Komisioni i Ekspertëve për Ekonomi', name_sr: 'Stručna komisija za ekonomiju', description: 'Economics degrees.', academic_field_category: 'economics_business', member_ids: [evaluator, ahmeti], chair_id: ahmeti, active: true };

    const notEvaluator = await send('admin', 'POST', '/expert-commissions/', { ...body, member_ids: [evaluator, userIds.get('officer')!], chair_id: evaluator });
    expect(notEvaluator.statusCode).toBe(400);
    expect(notEvaluator.json()).toMatchObject({ 'member_ids.1': [EXPERT_MESSAGES.notEvaluator] });
    const chairOutside = await send('admin', 'POST', '/expert-commissions/', { ...body, chair_id: userIds.get('evaluator.lekaj')! });
    expect(chairOutside.statusCode).toBe(400);
    expect(chairOutside.json().chair_id).toEqual([EXPERT_MESSAGES.chairNotMember]);
    const duplicate = await send('admin', 'POST', '/expert-commissions/', { ...body, name_en: DEMO_COMMISSIONS[0]!.name });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().name_en).toEqual([EXPERT_MESSAGES.nameTaken]);
    const translated = await send('admin', 'POST', '/expert-commissions/', { ...body, name_en: DEMO_COMMISSIONS[0]!.name }, { 'accept-language': 'sq' });
    expect(translated.json().name_en).toEqual(['Ekziston tashmë një komision ekspertësh me këtë emër.']);

    const created = await send('admin', 'POST', '/expert-commissions/', body);
    expect(created.statusCode, created.body).toBe(201);
    const saved = commissionSchema.parse(created.json());
    expect(saved).toMatchObject({ name_en: body.name_en, name_sq: body.name_sq, name_sr: body.name_sr, chair_id: ahmeti, version: 1 });
    expect(saved.members.map((m) => m.id).sort()).toEqual([evaluator, ahmeti].sort());

    const changed = await send('admin', 'PATCH', `/expert-commissions/${saved.id}/`, { version: 1, active: false, member_ids: [evaluator], chair_id: evaluator });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(commissionSchema.parse(changed.json())).toMatchObject({ active: false, chair_id: evaluator, version: 2, name_sq: body.name_sq, name_sr: body.name_sr });
    const stale = await send('admin', 'PATCH', `/expert-commissions/${saved.id}/`, { version: 1, name_en: 'Another name' });
    expect(stale.statusCode).toBe(412);
    expect((await send('admin', 'GET', `/expert-commissions/${saved.id}/`)).json().name_en).toBe(body.name_en);
    const half = await send('admin', 'PATCH', `/expert-commissions/${saved.id}/`, { version: 2, member_ids: [evaluator] });
    expect(half.statusCode).toBe(400);
    expect((await send('admin', 'PATCH', '/expert-commissions/999999/', { version: 1, active: true })).statusCode).toBe(404);
  });

  it('keeps a member who has open reviews of the commission', async () => {
    const medicine = await medicineCommission();
    const evaluator = userIds.get('evaluator')!;
    const others = medicine.members.filter((m) => m.id !== evaluator).map((m) => m.id);
    const answer = await send('admin', 'PATCH', `/expert-commissions/${medicine.id}/`, { version: medicine.version, member_ids: others, chair_id: others[0] });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().member_ids).toEqual([EXPERT_MESSAGES.memberHasOpenReviews]);
    expect((await medicineCommission()).version).toBe(medicine.version);
  });

  it('lists only the reviews of applications in the caller’s rows', async () => {
    const medicine = await medicineCommission();
    const asEvaluator = commissionSchema.parse((await send('evaluator', 'GET', `/expert-commissions/${medicine.id}/`)).json());
    const visible = new Set(reviewListAnswer.parse((await send('evaluator', 'GET', '/expert-reviews/?page_size=100')).json()).results.map((r) => r.application_id));
    expect(asEvaluator.reviews.every((review) => visible.has(review.application_id))).toBe(true);
    expect(medicine.reviews.length).toBeGreaterThanOrEqual(asEvaluator.reviews.length);
  });
});

describe('requesting a review', () => {
  let councilApplication: number;
  let medicine: Commission;

  beforeAll(async () => {
    councilApplication = await applicationByStatus({ service_type: 1, councilName: 'Council for Medical and Health Sciences', notReviewedBy: userIds.get('evaluator')! });
    medicine = await medicineCommission();
  });

  it('is for officers and the members of the application’s council', async () => {
    const reviewer = medicine.members.find((m) => m.username === 'evaluator.nikolic')!.id;
    const body = { commission_id: medicine.id, reviewer_id: reviewer, due_date: today(14) };
    expect((await send('evaluator', 'POST', `/applications/${councilApplication}/expert-reviews/`, body)).statusCode).toBe(404);
    expect((await send('payments', 'POST', `/applications/${councilApplication}/expert-reviews/`, body)).statusCode).toBe(403);
    expect((await send('payments', 'GET', `/applications/${councilApplication}/expert-reviews/options/`)).statusCode).toBe(403);
    const options = requestOptionsAnswer.parse((await send('council', 'GET', `/applications/${councilApplication}/expert-reviews/options/`)).json());
    expect(options.map((o) => o.name_en)).toContain(medicine.name_en);

    const requested = await send('council', 'POST', `/applications/${councilApplication}/expert-reviews/`, body);
    expect(requested.statusCode, requested.body).toBe(201);
    expect(requested.json()).toMatchObject({ reviewer_id: reviewer, status: 'requested', due_date: body.due_date, assessment: null });
    const again = await send('officer', 'POST', `/applications/${councilApplication}/expert-reviews/`, body);
    expect(again.statusCode).toBe(409);
    const list = applicationReviewsAnswer.parse((await send('council', 'GET', `/applications/${councilApplication}/expert-reviews/`)).json());
    expect(list.can_request).toBe(true);
    expect(list.results.some((r) => r.reviewer_id === reviewer)).toBe(true);
  });

  it('checks the commission, the reviewer and the due date', async () => {
    const lekaj = userIds.get('evaluator.lekaj')!;
    const base = { commission_id: medicine.id, reviewer_id: medicine.members[0]!.id, due_date: today(7) };
    const notMember = await send('officer', 'POST', `/applications/${councilApplication}/expert-reviews/`, { ...base, reviewer_id: lekaj });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json().reviewer_id).toEqual([EXPERT_MESSAGES.reviewerNotMember]);
    const past = await send('officer', 'POST', `/applications/${councilApplication}/expert-reviews/`, { ...base, due_date: today(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().due_date).toEqual([EXPERT_MESSAGES.dueDatePast]);
    const missing = await send('officer', 'POST', `/applications/${councilApplication}/expert-reviews/`, { ...base, commission_id: 999_999 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().commission_id).toEqual([EXPERT_MESSAGES.commissionInactive]);
  });

  it('is only for open service-1 applications (409), and 404 outside the caller’s rows', async () => {
    const otherService = await applicationByStatus({ service_type: 4 });
    const body = { commission_id: medicine.id, reviewer_id: medicine.members[0]!.id, due_date: today(7) };
    const refused = await send('officer', 'POST', `/applications/${otherService}/expert-reviews/`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(EXPERT_MESSAGES.notReviewable);
    const outside = await applicationByStatus({ service_type: 1, councilName: 'Council for Engineering and Natural Sciences' });
    expect((await send('council', 'POST', `/applications/${outside}/expert-reviews/`, body)).statusCode).toBe(404);
    expect((await send('council', 'GET', `/applications/${outside}/expert-reviews/`)).statusCode).toBe(404);
    expect((await send('officer', 'POST', '/applications/999999/expert-reviews/', body)).statusCode).toBe(404);
  });
});

describe('the evaluator’s review', () => {
  let review: ExpertReview;

  beforeAll(async () => {
    const open = reviewListAnswer.parse((await send('evaluator', 'GET', '/expert-reviews/?status=requested')).json());
    review = expertReview.parse((await send('evaluator', 'GET', `/expert-reviews/${open.results[0]!.id}/`)).json());
  });

  it('sees only their reviews and those applications', async () => {
    const mine = reviewListAnswer.parse((await send('evaluator', 'GET', '/expert-reviews/?page_size=100')).json());
    const evaluator = userIds.get('evaluator')!;
    const rows = await server.db.selectFrom('expert_reviews').select(['id', 'application_id']).where('reviewer_id', '=', evaluator).execute();
    expect(mine.results.map((r) => r.id).sort()).toEqual(rows.map((r) => r.id).sort());
    const all = reviewListAnswer.parse((await send('admin', 'GET', '/expert-reviews/?page_size=100')).json());
    expect(all.count).toBeGreaterThan(mine.count);
    const others = await server.db.selectFrom('expert_reviews').select('id').where('reviewer_id', '<>', evaluator).execute();
    expect((await send('evaluator', 'GET', `/expert-reviews/${others[0]!.id}/`)).statusCode).toBe(404);
    expect((await send('admin', 'GET', `/expert-reviews/${others[0]!.id}/`)).statusCode).toBe(200);
    // Row scope: an application with no review of theirs is a 404.
    const reviewed = new Set(rows.map((r) => r.application_id));
    const unrelated = await server.db.selectFrom('applications').select('id').where('id', 'not in', [...reviewed]).orderBy('id').executeTakeFirstOrThrow();
    expect((await send('evaluator', 'GET', `/applications/${unrelated.id}/`)).statusCode).toBe(404);
    expect((await send('evaluator', 'GET', `/applications/${review.application.id}/`)).statusCode).toBe(200);
  });

  it('shows the application summary with the education record but no contact data, and its documents', async () => {
    expect(review.application.education).not.toBeUndefined();
    expect(JSON.stringify(review)).not.toMatch(/"email"|"phone"|"personal_id"/);
    const withFile = review.documents.find((d) => d.has_file);
    if (withFile) {
      const content = await send('evaluator', 'GET', `/documents/${withFile.id}/content/?disposition=inline`);
      expect(content.statusCode).toBe(200);
    }
  });

  it('saves drafts with the version (412 when stale); only the reviewer writes', async () => {
    const saved = await send('evaluator', 'PATCH', `/expert-reviews/${review.id}/`, { version: review.version, assessment: 'First notes.', recommendation: 'recognise' });
    expect(saved.statusCode, saved.body).toBe(200);
    review = expertReview.parse(saved.json());
    expect(review).toMatchObject({ assessment: 'First notes.', recommendation: 'recognise', status: 'requested', locked: false });
    expect((await send('evaluator', 'PATCH', `/expert-reviews/${review.id}/`, { version: review.version - 1, comments: 'x' })).statusCode).toBe(412);
    const admin = await send('admin', 'PATCH', `/expert-reviews/${review.id}/`, { version: review.version, comments: 'x' });
    expect(admin.statusCode).toBe(403);
    // Drafts stay the evaluator's own: the application's list shows no texts yet.
    const list = applicationReviewsAnswer.parse((await send('officer', 'GET', `/applications/${review.application.id}/expert-reviews/`)).json());
    expect(list.results.find((r) => r.id === review.id)!.assessment).toBeNull();
  });

  it('takes a PDF report (415 otherwise) and gives it back', async () => {
    const png = await send('evaluator', 'PUT', `/expert-reviews/${review.id}/report/?version=${review.version}`, undefined, { 'content-type': 'image/png' });
    expect(png.statusCode).toBe(415);
    const notPdf = await server.app.inject({
      method: 'PUT',
      url: `/api/expert-reviews/${review.id}/report/?version=${review.version}`,
      headers: { ...(await server.authorization('evaluator')), 'content-type': 'application/pdf' },
      payload: PNG_BYTES,
    });
    expect(notPdf.statusCode).toBe(415);
    const pdf = minimalPdf('Expert report');
    const uploaded = await server.app.inject({
      method: 'PUT',
      url: `/api/expert-reviews/${review.id}/report/?version=${review.version}&file_name=report.pdf`,
      headers: { ...(await server.authorization('evaluator')), 'content-type': 'application/pdf' },
      payload: pdf,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    review = expertReview.parse(uploaded.json());
    expect(review.report).toEqual({ file_name: 'report.pdf', size: pdf.length });
    const download = await send('evaluator', 'GET', `/expert-reviews/${review.id}/report/`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    // Before submitting, only the evaluator and admins read it.
    expect((await send('officer', 'GET', `/expert-reviews/${review.id}/report/`)).statusCode).toBe(404);
    expect((await send('admin', 'GET', `/expert-reviews/${review.id}/report/`)).statusCode).toBe(200);
    // The transfer bridge of both shells uploads with POST (target expert_review_report): it replaces the report.
    const replacement = minimalPdf('Expert report, second version');
    const posted = await server.app.inject({
      method: 'POST',
      url: '/api' + uploadPath({ type: 'expert_review_report', review_id: review.id, version: review.version }, 'report-v2.pdf'),
      headers: { ...(await server.authorization('evaluator')), 'content-type': 'application/pdf' },
      payload: replacement,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(uploadedOutcome({ type: 'expert_review_report', review_id: review.id, version: review.version }, posted.json())).toMatchObject({ outcome: 'uploaded_review_report' });
    review = expertReview.parse(posted.json());
    expect(review.report).toEqual({ file_name: 'report-v2.pdf', size: replacement.length });
  });

  it('submits (assessment and recommendation required) and is locked for good', async () => {
    const incomplete = await send('evaluator', 'POST', `/expert-reviews/${review.id}/submit/`, { version: review.version, assessment: '', recommendation: null });
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json()).sort()).toEqual(['assessment', 'field_codes', 'recommendation']);
    const submitted = await send('evaluator', 'POST', `/expert-reviews/${review.id}/submit/`, {
      version: review.version,
      assessment: 'Comparable in level and content.',
      recommendation: 'recognise_with_conditions',
      comments: 'One course missing.',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    review = expertReview.parse(submitted.json());
    expect(review).toMatchObject({ status: 'submitted', locked: true, recommendation: 'recognise_with_conditions' });
    expect(review.submitted_at).not.toBeNull();

    expect((await send('evaluator', 'PATCH', `/expert-reviews/${review.id}/`, { version: review.version, comments: 'later' })).statusCode).toBe(409);
    expect((await send('evaluator', 'POST', `/expert-reviews/${review.id}/submit/`, { version: review.version, assessment: 'x', recommendation: 'recognise' })).statusCode).toBe(409);
    const upload = await server.app.inject({
      method: 'PUT',
      url: `/api/expert-reviews/${review.id}/report/?version=${review.version}`,
      headers: { ...(await server.authorization('evaluator')), 'content-type': 'application/pdf' },
      payload: minimalPdf('late'),
    });
    expect(upload.statusCode).toBe(409);

    const list = applicationReviewsAnswer.parse((await send('officer', 'GET', `/applications/${review.application.id}/expert-reviews/`)).json());
    expect(list.results.find((r) => r.id === review.id)).toMatchObject({ assessment: 'Comparable in level and content.', report: { file_name: 'report-v2.pdf' } });
    expect((await send('officer', 'GET', `/expert-reviews/${review.id}/report/`)).statusCode).toBe(200);
    const history = await server.db.selectFrom('application_history').select('action').where('application_id', '=', review.application.id).execute();
    expect(history.map((h) => h.action)).toContain('expert_review_submitted');
  });
});
