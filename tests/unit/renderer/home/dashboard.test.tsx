import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DashboardAnswer, DeskAnswer } from '../../../../src/shared/api/dashboard';
import { json, stubApi } from '../api-stub';
import { DEMO_USERS } from '../demo-users';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

const officer = makeUser({ id: 7, first_name: 'Blerta', last_name: 'Gashi', full_name: 'Blerta Gashi', groups: ['NARIC Officers'], permissions: ['applications.view_application', 'applications.change_status', 'applications.change_application', 'reports.view_reports'] });
const health = { status: 'ok', version: '1', database: { status: 'ok', driver: 'pglite' }, storage: { status: 'ok', backend: 'local' }, demo: true, time: '2026-11-23T08:00:00Z' };

const dashboard: DashboardAnswer = {
  recent_applications: [
    {
      id: 42,
      reference: 'NARIC-2026-000042',
      service_type: 4,
      status: 'payment_pending',
      priority: 'normal',
      applicant: { id: 9, full_name: 'Arta Krasniqi', personal_id: null },
      institution_name: 'University of Vienna',
      institution_country: 'AT',
      submitted_at: '2026-11-20T09:00:00Z',
      assigned_officer: null,
      council: null,
      deadline: null,
      overdue: false,
      days_in_system: 3,
      archived: false,
      invalidated: false,
      incomplete: false,
      version: 1,
      watch_flag: null,
    },
  ],
  statistics: {
    total: 405,
    open: 301,
    approved: 78,
    rejected: 26,
    overdue: 260,
    by_status: [{ status: 'payment_pending', count: 77 }],
    by_service: [{ service_type: 4, count: 57 }],
  },
  processing_times: { average_days: 30.4, median_days: 27, closed_last_90_days: 28 },
  completed_this_month: 6,
  average_by_stage: { document_verification: 5.6, commission_review: null, final_approval: 5.5 },
};

const desk: DeskAnswer = {
  tiles: [
    { tile: 'assigned_to_me', count: 154 },
    { tile: 'incomplete', count: 119 },
    { tile: 'council_review', count: 1 },
  ],
};
const DESK = 'GET /api/dashboard/desk/';

function open(path: string) {
  return openSignedIn(officer, path);
}

afterEach(signOutAfterTest);

describe('dashboard home', () => {
  it('welcomes the user by first name and shows every part of spec §2 from GET /api/dashboard/', async () => {
    stubApi({ 'GET /api/dashboard/': json(200, dashboard), 'GET /api/health/': json(200, health), [DESK]: json(200, desk) });
    open('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Blerta' })).toBeTruthy();
    const statistics = await screen.findByRole('region', { name: 'Statistics' });
    expect(within(statistics).getByText('405')).toBeTruthy();
    // Every figure opens the list under the filter it was counted with (archived cases count in the caseload).
    expect(within(statistics).getByRole('link', { name: 'Verification for studies abroad' }).getAttribute('href')).toBe('/applications?service_type=4&archived=all');
    expect(within(statistics).getByRole('link', { name: '405' }).getAttribute('href')).toBe('/applications?archived=all');
    expect(within(statistics).getByRole('link', { name: '301' }).getAttribute('href')).toBe('/applications?open=true');
    const work = await screen.findByRole('region', { name: 'My work' });
    expect(within(work).getByRole('link', { name: '119 Incomplete applications' }).getAttribute('href')).toBe('/applications/incomplete');
    expect(within(work).getByRole('link', { name: '154 Open applications assigned to me' }).getAttribute('href')).toBe('/applications?assigned_officer=me&open=true');
    const caseload = screen.getByRole('region', { name: 'Caseload' });
    expect(within(caseload).getByText('Completed this month')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Processing times' })).getByText('30.4 days')).toBeTruthy();
    const stages = screen.getByRole('region', { name: 'Average processing time by stage' });
    expect(within(stages).getByText('5.6 days')).toBeTruthy();
    expect(within(stages).getByText('—')).toBeTruthy();
    const recent = screen.getByRole('region', { name: 'Recent applications' });
    expect(within(recent).getByRole('link', { name: 'NARIC-2026-000042' }).getAttribute('href')).toBe('/applications/42');
    expect(within(recent).getByText('Payment pending')).toBeTruthy();
    const quick = screen.getByRole('region', { name: 'Quick actions' });
    expect(within(quick).getByRole('link', { name: 'Review applications' }).getAttribute('href')).toBe('/applications');
    expect(within(quick).getByRole('link', { name: 'Generate report' }).getAttribute('href')).toBe('/reports');
    expect(await screen.findByText('API connection')).toBeTruthy();
  });

  it('links each tile of the desk into the list with its filters, its label in the plural of its count', async () => {
    stubApi({
      'GET /api/dashboard/': json(200, dashboard),
      'GET /api/health/': json(200, health),
      [DESK]: json(200, desk),
      'GET /api/applications/': json(200, { count: 0, next: null, previous: null, results: [] }),
      'GET /api/applications/councils/': json(200, []),
      'GET /api/applications/saved-filters/': json(200, []),
    });
    const { router } = open('/');
    const tiles = await screen.findByRole('list', { name: 'My work' });
    expect(within(tiles).getByText('154')).toBeTruthy();
    fireEvent.click(within(tiles).getByRole('link', { name: '1 Application with a council' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/applications'));
    expect(new URLSearchParams(router.state.location.search).getAll('status')).toEqual(['council_assigned', 'council_review']);
    // The status filter shows what the link chose.
    expect(await screen.findByRole('button', { name: /^Status Council review \+1/ })).toBeTruthy();
  });

  it('says the data could not be loaded when the dashboard call fails, and tries again on request', async () => {
    const calls = stubApi({ 'GET /api/dashboard/': [json(500, {}), json(200, dashboard)], 'GET /api/health/': json(200, health), [DESK]: json(200, desk) });
    open('/');
    expect(await screen.findByText('Could not load data')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Statistics' })).toBeNull();
    // The system status still reports on its own.
    expect(await screen.findByText('API connection')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Statistics' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/dashboard/')).toHaveLength(2);
  });

  it('says a refusal is one, in words, and never blames the connection for it', async () => {
    stubApi({ 'GET /api/dashboard/': json(403, { detail: 'You do not have permission to perform this action.' }), 'GET /api/health/': json(200, health), [DESK]: json(200, desk) });
    open('/');
    expect(await screen.findByText("You don't have access to the dashboard figures.")).toBeTruthy();
    expect(screen.queryByText(/Check the connection/)).toBeNull();
    expect(screen.queryByText('Could not load data')).toBeNull();
    // Trying again would be refused again.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('blames the connection only when nothing answered', async () => {
    const calls = stubApi({ 'GET /api/health/': json(200, health), [DESK]: json(200, desk) });
    const failingFetch = globalThis.fetch;
    const offline = async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(input instanceof Request ? input.url : String(input), 'http://localhost').pathname;
      if (path === '/api/dashboard/') throw new TypeError('Failed to fetch');
      return failingFetch(input, init);
    };
    globalThis.fetch = offline as typeof fetch;
    open('/');
    expect(await screen.findByText('Could not load data')).toBeTruthy();
    expect(screen.getByText(/Check the connection to the server/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/health/')).toBe(true);
  });
});

describe('dashboard home for a role without the caseload', () => {
  it('neither fetches nor shows the caseload cards for a content manager, and shows the news waiting for them', async () => {
    const calls = stubApi({ 'GET /api/health/': json(200, health), 'GET /api/dashboard/desk/': json(200, { tiles: [{ tile: 'news_drafts', count: 2 }, { tile: 'news_scheduled', count: 0 }] }) });
    openSignedIn(DEMO_USERS.content, '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Liridona' })).toBeTruthy();
    expect(await screen.findByText('API connection')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Statistics' })).toBeNull();
    expect(screen.queryByText('Could not load data')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/api/dashboard/');
    const work = await screen.findByRole('region', { name: 'My work' });
    expect(within(work).getByRole('link', { name: '2 News drafts' }).getAttribute('href')).toBe('/news?status=draft');
    expect(within(work).getByRole('link', { name: '0 Scheduled articles' }).getAttribute('href')).toBe('/news?status=scheduled');
  });

  it('shows a payment officer their own work, not the caseload', async () => {
    const calls = stubApi({ 'GET /api/health/': json(200, health), 'GET /api/dashboard/desk/': json(200, { tiles: [{ tile: 'pending_payments', count: 12 }, { tile: 'exemption_requests', count: 1 }, { tile: 'unmatched_statement_lines', count: 3 }] }) });
    openSignedIn(DEMO_USERS.payments, '/');
    const work = await screen.findByRole('region', { name: 'My work' });
    expect(within(work).getByRole('link', { name: '12 Pending payments' }).getAttribute('href')).toBe('/payments?status=pending');
    expect(within(work).getByRole('link', { name: '1 Fee exemption request' }).getAttribute('href')).toBe('/payments?status=pending&exemption=requested');
    expect(within(work).getByRole('link', { name: '3 Unmatched statement lines' }).getAttribute('href')).toBe('/payments/statement-lines?state=unmatched');
    expect(screen.queryByRole('region', { name: 'Statistics' })).toBeNull();
    expect(calls.map((c) => c.path)).not.toContain('/api/dashboard/');
  });
});

