import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { councilAnalyticsAnswer, type CouncilAnalyticsAnswer } from '../../src/shared/api/council-analytics';
import type { AcademicFieldCategory, CouncilReviewStatus } from '../../src/shared/domain/application-status';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

// Council analytics against a small dataset of known figures: eight applications of a
// council of the test's own, so the demo data around them does not change what is counted. The
// clock is fixed at 2026-06-15 (Kosovo), so the default period is 2025-07 … 2026-06.
//
//   app  assigned     decided      days  outcome   field           review
//   a1   2026-01-10   2026-01-20   10    approved  medical_health  completed
//   a2   2026-01-15   2026-02-04   20    rejected  medical_health  completed
//   a3   2026-02-01   2026-03-03   30    approved  law             completed
//   a4   2026-03-01   2026-05-10   70    approved  (none)          completed
//   a5   2026-04-05   —                                            pending, due 2026-06-01 (overdue)
//   a6   2026-05-05   —                                            in review, due 2026-06-14 (overdue)
//   a7   2026-05-20   —                                            pending, due 2026-06-15 (due today: not overdue)
//   a8   2024-03-01   2024-04-01   31    rejected  law             completed (before the default period)

let server: ServerFixture;
let councilId: number;
let otherCouncilId: number;
let changedIds: number[];

interface Case {
  assigned: string;
  decided?: string;
  outcome?: 'approved' | 'rejected';
  field?: AcademicFieldCategory | null;
  review: CouncilReviewStatus;
  due?: string;
}
const CASES: Case[] = [
  { assigned: '2026-01-10T10:00:00Z', decided: '2026-01-20T10:00:00Z', outcome: 'approved', field: 'medical_health', review: 'completed' },
  { assigned: '2026-01-15T10:00:00Z', decided: '2026-02-04T10:00:00Z', outcome: 'rejected', field: 'medical_health', review: 'completed' },
  { assigned: '2026-02-01T12:00:00Z', decided: '2026-03-03T12:00:00Z', outcome: 'approved', field: 'law', review: 'completed' },
  { assigned: '2026-03-01T12:00:00Z', decided: '2026-05-10T12:00:00Z', outcome: 'approved', field: null, review: 'completed' },
  { assigned: '2026-04-05T12:00:00Z', review: 'pending_review', due: '2026-06-01' },
  { assigned: '2026-05-05T12:00:00Z', review: 'in_review', due: '2026-06-14' },
  { assigned: '2026-05-20T12:00:00Z', review: 'pending_review', due: '2026-06-15' },
  { assigned: '2024-03-01T12:00:00Z', decided: '2024-04-01T12:00:00Z', outcome: 'rejected', field: 'law', review: 'completed' },
];

async function createUser(username: string, groupName: string, councils: number[]) {
  const { db } = server;
  const user = await db
    .insertInto('users')
    .values({ username, email: `${username}@naric.test`, is_staff: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const group = await db.selectFrom('groups').select('id').where('name', '=', groupName).executeTakeFirstOrThrow();
  await db.insertInto('user_groups').values({ user_id: user.id, group_id: group.id }).execute();
  const permission = await db
    .selectFrom('permissions')
    .select('id')
    .where('app_label', '=', 'councils')
    .where('codename', '=', 'view_analytics')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_permissions').values({ user_id: user.id, permission_id: permission.id }).execute();
  for (const council of councils) await db.insertInto('council_members').values({ council_id: council, user_id: user.id }).execute();
}

async function analytics(username: string, query = '', language = 'en') {
  return server.app.inject({
    url: `/api/councils/analytics/${query ? `?${query}` : ''}`,
    headers: { ...(await server.authorization(username)), 'accept-language': language },
  });
}

async function figures(username: string, query = ''): Promise<CouncilAnalyticsAnswer> {
  const answer = await analytics(username, query);
  expect(answer.statusCode, answer.body).toBe(200);
  return councilAnalyticsAnswer.parse(answer.json());
}

beforeAll(async () => {
  server = await createServerFixture({ clock: () => new Date('2026-06-15T10:00:00Z') });
  const { db } = server;
  councilId = (await db.insertInto('councils').values({ name_en: 'Analytics test council', academic_field_categories: [] }).returning('id').executeTakeFirstOrThrow()).id;
  otherCouncilId = (await db.insertInto('councils').values({ name_en: 'Analytics empty council', academic_field_categories: [] }).returning('id').executeTakeFirstOrThrow()).id;
  const applications = await db.selectFrom('applications').select('id').orderBy('id').limit(CASES.length).execute();
  expect(applications).toHaveLength(CASES.length);
  changedIds = applications.map((application) => application.id);
  for (const [index, item] of CASES.entries()) {
    await db
      .updateTable('applications')
      .set({
        council_id: councilId,
        assigned_at: new Date(item.assigned),
        review_date: item.decided ? new Date(item.decided) : null,
        council_outcome: item.outcome ?? null,
        academic_field_category: item.field ?? null,
        review_status: item.review,
        review_due_date: item.due ?? null,
      })
      .where('id', '=', applications[index]!.id)
      .execute();
  }
  await createUser('analyst.member', 'Council Members', [councilId]);
  await createUser('analyst.outsider', 'Council Members', [otherCouncilId]);
});
afterAll(async () => server?.close());

const monthRow = (answer: CouncilAnalyticsAnswer, month: string) => answer.throughput.find((row) => row.month === month && row.council_id === councilId);

describe('the generated (demo) applications', () => {
  it('carry the council’s work as their history tells it: assignment, decision date and outcome', async () => {
    const rows = await server.db
      .selectFrom('applications as a')
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('application_history as h')
            .select([(h) => h.fn.max('h.created_at').as('decided_at')])
            .whereRef('h.application_id', '=', 'a.id')
            .where('h.action', '=', 'record_council_decision')
            .as('d'),
        (join) => join.onTrue(),
      )
      .select(['a.id', 'a.council_id', 'a.review_status', 'a.review_date', 'a.council_outcome', 'a.decision_outcome', 'a.assigned_at', 'd.decided_at'])
      .where('a.council_id', 'is not', null)
      .where('a.id', 'not in', changedIds)
      .execute();
    const decided = rows.filter((row) => row.decided_at !== null);
    expect(decided.length).toBeGreaterThan(0);
    for (const row of rows) {
      if (row.decided_at === null) {
        expect(row.council_outcome, `application ${row.id}`).toBeNull();
        expect(row.review_status).not.toBe('completed');
        continue;
      }
      expect(row.review_status, `application ${row.id}`).toBe('completed');
      expect(row.council_outcome).toBe(row.decision_outcome === 'rejected' ? 'rejected' : 'approved');
      expect(new Date(row.review_date!).getTime()).toBe(new Date(row.decided_at).getTime());
      expect(new Date(row.assigned_at!).getTime()).toBeLessThan(new Date(row.review_date!).getTime());
    }
  });
});

describe('GET /councils/analytics/', () => {
  it('counts the last twelve months by default: throughput, outcomes by field, review time, overdue', async () => {
    const answer = await figures('admin', `council=${councilId}`);
    expect(answer).toMatchObject({ from: '2025-07', to: '2026-06', council: councilId });
    expect(answer.throughput).toHaveLength(12);
    expect(answer.throughput.every((row) => row.council_id === councilId)).toBe(true);
    expect(monthRow(answer, '2026-01')).toMatchObject({ assigned: 2, decided: 1 });
    expect(monthRow(answer, '2026-02')).toMatchObject({ assigned: 1, decided: 1 });
    expect(monthRow(answer, '2026-03')).toMatchObject({ assigned: 1, decided: 1 });
    expect(monthRow(answer, '2026-04')).toMatchObject({ assigned: 1, decided: 0 });
    expect(monthRow(answer, '2026-05')).toMatchObject({ assigned: 2, decided: 1 });
    expect(monthRow(answer, '2025-07')).toMatchObject({ assigned: 0, decided: 0 });

    expect(answer.outcomes_by_field).toEqual([
      { academic_field_category: 'law', approved: 1, rejected: 0 },
      { academic_field_category: 'medical_health', approved: 1, rejected: 1 },
      { academic_field_category: null, approved: 1, rejected: 0 },
    ]);
    // 10, 20, 30, 70 days: average 32.5; p90 (interpolated) 30 + 0.7 × 40 = 58.
    expect(answer.review_time).toEqual({ decided: 4, average_days: 32.5, p90_days: 58 });
    expect(answer.overdue).toBe(2);
    expect(answer.councils).toEqual([
      { council_id: councilId, name_en: 'Analytics test council', name_sq: '', name_sr: '', active: true, assigned: 7, decided: 4, approved: 3, rejected: 1, average_days: 32.5, p90_days: 58, overdue: 2 },
    ]);
  });

  it('takes a period of months: one month, and five years', async () => {
    const february = await figures('admin', `council=${councilId}&from=2026-02&to=2026-02`);
    expect(february.throughput).toEqual([{ month: '2026-02', council_id: councilId, assigned: 1, decided: 1 }]);
    expect(february.review_time).toEqual({ decided: 1, average_days: 20, p90_days: 20 });
    expect(february.outcomes_by_field).toEqual([{ academic_field_category: 'medical_health', approved: 0, rejected: 1 }]);
    expect(february.overdue).toBe(2);

    const years = await figures('admin', `council=${councilId}&from=2022-01&to=2026-06`);
    expect(years.throughput).toHaveLength(54);
    // 10, 20, 30, 31, 70 days: average 32.2; p90 31 + 0.6 × 39 = 54.4.
    expect(years.review_time).toEqual({ decided: 5, average_days: 32.2, p90_days: 54.4 });
    expect(years.councils[0]).toMatchObject({ assigned: 8, decided: 5, approved: 3, rejected: 2 });
    expect(years.outcomes_by_field.find((row) => row.academic_field_category === 'law')).toEqual({ academic_field_category: 'law', approved: 1, rejected: 1 });
  });

  it('fills the missing end of the period: from alone runs to this month, to alone goes twelve months back', async () => {
    expect(await figures('admin', `council=${councilId}&from=2026-03`)).toMatchObject({ from: '2026-03', to: '2026-06' });
    expect(await figures('admin', `council=${councilId}&to=2025-12`)).toMatchObject({ from: '2025-01', to: '2025-12' });
  });

  it('answers every council without the filter, a council with nothing with zeros', async () => {
    const answer = await figures('admin');
    const empty = answer.councils.find((council) => council.council_id === otherCouncilId);
    expect(empty).toEqual({ council_id: otherCouncilId, name_en: 'Analytics empty council', name_sq: '', name_sr: '', active: true, assigned: 0, decided: 0, approved: 0, rejected: 0, average_days: null, p90_days: null, overdue: 0 });
    expect(answer.councils.find((council) => council.council_id === councilId)).toMatchObject({ assigned: 7, decided: 4, overdue: 2 });
    expect(answer.review_time.decided).toBeGreaterThanOrEqual(4);
  });

  it('counts only the applications in the caller’s row scope', async () => {
    const member = await figures('analyst.member');
    expect(member.review_time).toEqual({ decided: 4, average_days: 32.5, p90_days: 58 });
    expect(member.overdue).toBe(2);
    expect(member.councils.find((council) => council.council_id === councilId)).toMatchObject({ assigned: 7, decided: 4, approved: 3, rejected: 1 });
    expect(member.councils.filter((council) => council.council_id !== councilId).every((council) => council.assigned === 0 && council.decided === 0)).toBe(true);

    const outsider = await figures('analyst.outsider', `council=${councilId}`);
    expect(outsider.councils).toEqual([
      { council_id: councilId, name_en: 'Analytics test council', name_sq: '', name_sr: '', active: true, assigned: 0, decided: 0, approved: 0, rejected: 0, average_days: null, p90_days: null, overdue: 0 },
    ]);
    expect(outsider.review_time).toEqual({ decided: 0, average_days: null, p90_days: null });
    expect(outsider.outcomes_by_field).toEqual([]);
  });

  it('refuses a bad period with 400 and the field, in the caller’s language', async () => {
    const reversed = await analytics('admin', 'from=2026-05&to=2026-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ to: ['The period must end on or after the month it starts.'] });
    const tooLong = await analytics('admin', 'from=2010-01&to=2026-06', 'sq');
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ to: ['Periudha mund të përfshijë më së shumti 120 muaj.'] });
    const badMonth = await analytics('admin', 'from=2026-13', 'sr');
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().from).toEqual(['Unesite mesec kao GGGG-MM.']);
    expect((await analytics('admin', 'council=abc')).statusCode).toBe(400);
  });
});
