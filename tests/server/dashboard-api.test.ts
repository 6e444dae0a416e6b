import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_PATHS } from '../../src/shared/api/applications';
import {
  DASHBOARD_PATHS,
  DESK_TILES,
  DESK_TILE_NAMES,
  serviceFilter,
  STATISTIC_FILTERS,
  statusFilter,
  type DashboardAnswer,
  type DeskAnswer,
  type DeskList,
  type DeskQuery,
  type DeskTile,
} from '../../src/shared/api/dashboard';
import { DOCUMENT_PATHS } from '../../src/shared/api/documents';
import { EXPERT_PATHS } from '../../src/shared/api/experts';
import { NEWS_PATHS } from '../../src/shared/api/news';
import { PAYMENT_PATHS } from '../../src/shared/api/payments';
import { CLOSED_STATUSES } from '../../src/shared/domain/application-status';
import { DEMO_ACCOUNTS } from '../../src/server/db/demo-accounts';
import { createServerFixture, type ServerFixture } from '../support/server-fixture';

let server: ServerFixture;
/** Lines an import left for a person: two still unmatched, one set aside, and two the import settled itself. */
async function importedStatementWithLeftLines(): Promise<void> {
  const { id } = await server.db
    .insertInto('bank_statements')
    .values({ file_name: 'desk.csv', sha256: 'd'.repeat(64), encoding: 'utf-8', status: 'imported', line_count: 5, imported_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const line = (line_number: number, outcome: 'unknown_reference' | 'amount_mismatch' | 'invalid' | 'recorded', resolution: 'set_aside' | null = null) => ({
    statement_id: id,
    line_number,
    outcome,
    amount: '10.00',
    currency: 'EUR',
    reference: `DESK-${line_number}`,
    resolution,
    resolution_note: resolution ? 'Returned to the payer.' : null,
    resolved_at: resolution ? new Date() : null,
  });
  await server.db
    .insertInto('bank_statement_lines')
    .values([line(1, 'unknown_reference'), line(2, 'amount_mismatch'), line(3, 'amount_mismatch', 'set_aside'), line(4, 'invalid'), line(5, 'recorded')])
    .execute();
}

beforeAll(async () => {
  server = await createServerFixture();
  await importedStatementWithLeftLines();
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
    expect(answer.completed_this_month).toBe(await count(sql`closed_at >= date_trunc('month', now())`));
    expect(answer.statistics.by_status.reduce((sum, s) => sum + s.count, 0)).toBe(answer.statistics.total);
    expect(answer.statistics.by_service.reduce((sum, s) => sum + s.count, 0)).toBe(answer.statistics.total);
    expect(answer.recent_applications).toHaveLength(8);
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

/** The API list each tile's list screen reads. */
const API_LISTS: Record<DeskList, string> = {
  applications: APPLICATION_PATHS.list,
  incompleteApplications: APPLICATION_PATHS.incomplete,
  payments: PAYMENT_PATHS.list,
  statementLines: PAYMENT_PATHS.statementLines,
  documents: DOCUMENT_PATHS.list,
  expertReviews: EXPERT_PATHS.reviews,
  news: NEWS_PATHS.list,
};

async function listTotal(username: string, list: DeskList, query: DeskQuery): Promise<number> {
  const params = new URLSearchParams({ page_size: '1' });
  for (const [key, value] of Object.entries(query)) for (const one of typeof value === 'string' ? [value] : value) params.append(key, one);
  const answer = await server.app.inject({ url: `/api${API_LISTS[list]}?${params}`, headers: await server.authorization(username) });
  expect(answer.statusCode, `${username} ${list}?${params}: ${answer.body}`).toBe(200);
  return answer.json().count;
}

async function desk(username: string): Promise<DeskAnswer> {
  const answer = await server.app.inject({ url: `/api${DASHBOARD_PATHS.desk}`, headers: await server.authorization(username) });
  expect(answer.statusCode, `${username}: ${answer.body}`).toBe(200);
  return answer.json();
}

/** Each demo group's own work (permissions.md): what its dashboard shows, in this order. */
const OFFICE_TILES: DeskTile[] = [
  'assigned_to_me', 'unassigned', 'incomplete', 'overdue', 'awaiting_payment', 'document_verification', 'council_review', 'awaiting_decision',
  'inspectorate', 'pending_payments', 'exemption_requests', 'unmatched_statement_lines', 'documents_to_verify',
];
const DESKS: Record<string, DeskTile[]> = {
  admin: DESK_TILE_NAMES,
  'naric.admin': DESK_TILE_NAMES,
  officer: OFFICE_TILES,
  agency: ['awaiting_decision'],
  council: [],
  evaluator: ['reviews_requested'],
  payments: ['pending_payments', 'exemption_requests', 'unmatched_statement_lines'],
  verifier: ['documents_to_verify'],
  inspector: ['inspectorate'],
  content: ['news_drafts', 'news_scheduled'],
};

describe('the desk', () => {
  it('refuses a caller who is not signed in', async () => {
    expect((await server.app.inject({ url: `/api${DASHBOARD_PATHS.desk}` })).statusCode).toBe(401);
  });

  it.each(DEMO_ACCOUNTS.map((account) => account.username))('%s gets the tiles of its own work, each the total of the list it opens', async (username) => {
    const { tiles } = await desk(username);
    expect(tiles.map((tile) => tile.tile)).toEqual(DESKS[username]);
    for (const { tile, count } of tiles) {
      const { list, query } = DESK_TILES[tile];
      expect(count, `${username} ${tile}`).toBe(await listTotal(username, list, query));
    }
  });

  it('counts real work in the demo data, so the comparisons above compare something', async () => {
    const counts = Object.fromEntries((await desk('officer')).tiles.map((tile) => [tile.tile, tile.count]));
    for (const tile of ['assigned_to_me', 'unassigned', 'incomplete', 'pending_payments', 'documents_to_verify'] as const) expect(counts[tile], tile).toBeGreaterThan(0);
    expect((await desk('content')).tiles.some((tile) => tile.count > 0)).toBe(true);
    expect((await desk('evaluator')).tiles[0]!.count).toBeGreaterThan(0);
    // The demo has no bank statement: the two unmatched lines are the ones this file imported.
    expect((await desk('payments')).tiles.find((tile) => tile.tile === 'unmatched_statement_lines')!.count).toBe(2);
  });

  it('counts open work only in "assigned to me" and "unassigned"', async () => {
    const officer = await server.db.selectFrom('users').select('id').where('username', '=', 'officer').executeTakeFirstOrThrow();
    const { tiles } = await desk('officer');
    const mine = (await sql<{ n: number }>`select count(*)::int as n from applications where assigned_officer_id = ${officer.id} and closed_at is null`.execute(server.db)).rows[0]!.n;
    expect(tiles.find((tile) => tile.tile === 'assigned_to_me')!.count).toBe(mine);
  });
});

describe('the caseload figures and the lists they open', () => {
  it.each(['admin', 'officer', 'agency', 'inspector', 'evaluator', 'council'])('%s: every figure is the total of its list', async (username) => {
    const answer: DashboardAnswer = (await dashboard(username)).json();
    for (const figure of Object.keys(STATISTIC_FILTERS) as (keyof typeof STATISTIC_FILTERS)[]) {
      expect(answer.statistics[figure], `${username} ${figure}`).toBe(await listTotal(username, 'applications', STATISTIC_FILTERS[figure]));
    }
    for (const row of answer.statistics.by_status) expect(row.count, `${username} ${row.status}`).toBe(await listTotal(username, 'applications', statusFilter(row.status)));
    for (const row of answer.statistics.by_service) expect(row.count, `${username} service ${row.service_type}`).toBe(await listTotal(username, 'applications', serviceFilter(row.service_type)));
  });
});

describe('incomplete applications', () => {
  it('are open cases only: in the database, the incomplete list and the list filter', async () => {
    const closedIncomplete = await sql<{ n: number }>`select count(*)::int as n from applications where incomplete and status in (${sql.join(CLOSED_STATUSES)})`.execute(server.db);
    expect(closedIncomplete.rows[0]!.n).toBe(0);
    const closed = { status: CLOSED_STATUSES, archived: 'all' };
    expect(await listTotal('admin', 'incompleteApplications', closed)).toBe(0);
    expect(await listTotal('admin', 'applications', { ...closed, incomplete: 'true' })).toBe(0);
    expect(await listTotal('admin', 'applications', { open: 'false', incomplete: 'true', archived: 'all' })).toBe(0);
    // The demo data does have closed cases missing documents: the rule, not the data, keeps them out.
    const missing = await sql<{ n: number }>`select count(*)::int as n from applications a where a.status in (${sql.join(CLOSED_STATUSES)})
      and application_is_incomplete(a.id, 'processing', a.service_id)`.execute(server.db);
    expect(missing.rows[0]!.n).toBeGreaterThan(0);
    expect(await listTotal('admin', 'incompleteApplications', {})).toBe(await listTotal('admin', 'applications', { incomplete: 'true', open: 'true' }));
  });
});
