import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import { DASHBOARD_PATHS, type DashboardAnswer } from '../../src/shared/api/dashboard';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

let server: ServerFixture;
beforeAll(async () => {
  server = await createServerFixture();
});
afterAll(async () => server.close());

async function dashboard(username: string) {
  return server.app.inject({ url: `/api${DASHBOARD_PATHS.home}`, headers: await server.authorization(username) });
}

describe('dashboard home', () => {
  it('answers every demo group that may view applications, refuses the others, never a 500', async () => {
    const expected: Record<string, number> = { content: 403 };
    for (const { username } of DEMO_ACCOUNTS) {
      const answer = await dashboard(username);
      expect(answer.statusCode, `${username}: ${answer.body}`).toBe(expected[username] ?? 200);
    }
    expect((await server.app.inject({ url: `/api${DASHBOARD_PATHS.home}` })).statusCode).toBe(401);
  });

  it('counts what the database holds', async () => {
    const answer: DashboardAnswer = (await dashboard('admin')).json();
    const { db } = server;
    const count = async (where: ReturnType<typeof sql<boolean>>) =>
      (await sql<{ n: number }>`select count(*)::int as n from applications where ${where}`.execute(db)).rows[0]!.n;
    expect(answer.statistics.total).toBe(await count(sql`true`));
    expect(answer.statistics.open).toBe(await count(sql`closed_at is null and not archived`));
    expect(answer.statistics.approved).toBe(await count(sql`status in ('approved', 'pre_university_recognition')`));
    expect(answer.statistics.overdue).toBe(await count(sql`deadline < current_date and closed_at is null and not archived`));
    expect(answer.incomplete_count).toBe(await count(sql`incomplete and closed_at is null and not archived`));
    expect(answer.completed_this_month).toBe(await count(sql`closed_at >= date_trunc('month', now())`));
    expect(answer.statistics.by_status.reduce((sum, s) => sum + s.count, 0)).toBe(answer.statistics.total);
    expect(answer.statistics.by_service.reduce((sum, s) => sum + s.count, 0)).toBe(answer.statistics.total);
    expect(answer.recent_applications).toHaveLength(8);
    const unassigned = answer.pending_tasks.find((t) => t.task === 'unassigned')!;
    expect(unassigned.count).toBe(await count(sql`assigned_officer_id is null and closed_at is null and not archived`));
    expect(answer.processing_times.closed_last_90_days).toBe(await count(sql`closed_at >= now() - interval '90 days'`));
    expect(answer.processing_times.average_days).toBeGreaterThan(0);
    expect(answer.average_by_stage.document_verification).toBeGreaterThan(0);
    expect(answer.average_by_stage.commission_review).toBeGreaterThan(0);
  });

  it('agrees with the application list for an admin and for a council member', async () => {
    for (const username of ['admin', 'council']) {
      const answer: DashboardAnswer = (await dashboard(username)).json();
      const list = await server.app.inject({ url: `/api${APPLICATION_PATHS.list}?archived=all&page_size=1`, headers: await server.authorization(username) });
      expect(list.json().count, username).toBe(answer.statistics.total);
      const overdue = await server.app.inject({ url: `/api${APPLICATION_PATHS.list}?overdue=true&page_size=1`, headers: await server.authorization(username) });
      expect(overdue.json().count, username).toBe(answer.statistics.overdue);
    }
    const council: DashboardAnswer = (await dashboard('council')).json();
    const admin: DashboardAnswer = (await dashboard('admin')).json();
    expect(council.statistics.total).toBeGreaterThan(0);
    expect(council.statistics.total).toBeLessThan(admin.statistics.total);
  });

  it('shows an evaluator the applications they review, and no others', async () => {
    const answer: DashboardAnswer = (await dashboard('evaluator')).json();
    const evaluator = await server.db.selectFrom('users').select('id').where('username', '=', 'evaluator').executeTakeFirstOrThrow();
    const reviewed = new Set(
      (await server.db.selectFrom('expert_reviews').select('application_id').where('reviewer_id', '=', evaluator.id).execute()).map((r) => r.application_id),
    );
    expect(answer.statistics.total).toBe(reviewed.size);
    for (const application of answer.recent_applications) expect(reviewed.has(application.id)).toBe(true);
  });
});
