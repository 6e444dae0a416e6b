import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CouncilAnalyticsAnswer } from '../../../../src/shared/api/council-analytics';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

const admin = makeUser({ id: 1, username: 'admin', is_superuser: true, full_name: 'Arben Rexhepi' });

const months = ['2026-01', '2026-02', '2026-03'];
const answer: CouncilAnalyticsAnswer = {
  from: '2026-01',
  to: '2026-03',
  council: null,
  throughput: [
    ...months.map((month, index) => ({ month, council_id: 1, assigned: index + 2, decided: index })),
    ...months.map((month) => ({ month, council_id: 2, assigned: 1, decided: 1 })),
  ],
  outcomes_by_field: [
    { academic_field_category: 'medical_health', approved: 3, rejected: 1 },
    { academic_field_category: null, approved: 0, rejected: 2 },
  ],
  review_time: { decided: 6, average_days: 21.25, p90_days: 40.5 },
  overdue: 3,
  councils: [
    { council_id: 1, name_en: '=Medical council', name_sq: '', name_sr: '', active: true, assigned: 9, decided: 3, approved: 2, rejected: 1, average_days: 12.5, p90_days: 30, overdue: 2 },
    { council_id: 2, name_en: 'Këshilli juridik', name_sq: '', name_sr: '', active: true, assigned: 3, decided: 3, approved: 1, rejected: 2, average_days: 30, p90_days: 40.5, overdue: 1 },
  ],
  council_options: [
    { id: 2, name_en: 'Këshilli juridik', name_sq: '', name_sr: '', active: true },
    { id: 1, name_en: '=Medical council', name_sq: '', name_sr: '', active: true },
  ],
};

const FIRST_RENDER = { timeout: 20_000 };

function analyticsQueries(): URLSearchParams[] {
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
  return fetchMock.mock.calls
    .map(([request]) => new URL(request instanceof Request ? request.url : String(request)))
    .filter((url) => url.pathname === '/api/councils/analytics/')
    .map((url) => url.searchParams);
}

let saved: Blob[] = [];
beforeEach(() => {
  localStorage.clear();
  saved = [];
  // jsdom draws no canvas: the chart keeps its accessible image without a drawing context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:analytics'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  signOutAfterTest();
});

describe('council analytics', () => {
  it('draws each figure as an image named by its numbers, with the overall review time and overdue count', async () => {
    stubApi({ 'GET /api/councils/analytics/': json(200, answer) });
    openSignedIn(admin, '/councils/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Council analytics' }, FIRST_RENDER)).toBeTruthy();
    const throughput = await screen.findByRole('img', { name: /^Throughput per month\./ });
    // Both councils summed per month.
    expect(throughput.getAttribute('aria-label')).toBe('Throughput per month. Jan 2026: Assigned 3, Decided 1; Feb 2026: Assigned 4, Decided 2; Mar 2026: Assigned 5, Decided 3');
    expect(screen.getByRole('img', { name: /^Decisions by outcome and field\./ }).getAttribute('aria-label')).toBe(
      'Decisions by outcome and field. Medical and health sciences: Approved 3, Rejected 1; No academic field: Approved 0, Rejected 2',
    );
    expect(screen.getByRole('img', { name: /^Review time\./ }).getAttribute('aria-label')).toContain('=Medical council: Average days 12.5, 90th percentile days 30');
    expect(screen.getByText('All councils: 6 decisions, average 21.3 days, 90th percentile 40.5 days.')).toBeTruthy();
    expect(screen.getByText('3 reviews are past their due date now.')).toBeTruthy();
    expect(screen.getByText(`From Jan 2026 to Mar 2026`)).toBeTruthy();
    expect(analyticsQueries()[0]!.get('from')).toBeNull();
  });

  it('shows a figure as a table on request, and back as a chart', async () => {
    stubApi({ 'GET /api/councils/analytics/': json(200, answer) });
    openSignedIn(admin, '/councils/analytics');
    const section = (await screen.findByRole('heading', { name: 'Per council' }, FIRST_RENDER)).closest('section')!;
    fireEvent.click(within(section).getByRole('button', { name: 'Show as table' }));
    const table = within(section).getByRole('grid', { name: 'Per council' });
    const [header, medical, law] = within(table).getAllByRole('row');
    expect(header!.textContent).toContain('Overdue reviews');
    expect(medical!.textContent).toContain('=Medical council');
    expect(medical!.textContent).toContain('12.5 days');
    expect(law!.textContent).toContain('Këshilli juridik');
    expect(within(section).queryByRole('img')).toBeNull();
    fireEvent.click(within(section).getByRole('button', { name: 'Show as chart' }));
    expect(within(section).getByRole('img', { name: /^Per council\./ })).toBeTruthy();
  });

  it('exports a figure’s numbers as CSV: header, plain numbers, a council name that looks like a formula neutralised', async () => {
    stubApi({ 'GET /api/councils/analytics/': json(200, answer) });
    openSignedIn(admin, '/councils/analytics');
    const section = (await screen.findByRole('heading', { name: 'Review time' }, FIRST_RENDER)).closest('section')!;
    fireEvent.click(within(section).getByRole('button', { name: 'Export CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await saved[0]!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text).toBe(
      'Council,Decided,Average days,90th percentile days\r\nAll councils,6,21.3,40.5\r\n\'=Medical council,3,12.5,30\r\nKëshilli juridik,3,30,40.5\r\n',
    );
  });

  it('asks for the chosen period and council', async () => {
    stubApi({ 'GET /api/councils/analytics/': json(200, answer) });
    openSignedIn(admin, '/councils/analytics');
    await screen.findByRole('heading', { name: 'Per council' }, FIRST_RENDER);
    await chooseOption('Period', 'Last 24 months');
    await waitFor(() => expect(analyticsQueries().at(-1)!.get('from')).not.toBeNull());
    const query = analyticsQueries().at(-1)!;
    const now = new Date();
    const to = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
    expect(query.get('to')).toBe(to);
    expect(Number(to.slice(0, 4)) * 12 + Number(to.slice(5)) - (Number(query.get('from')!.slice(0, 4)) * 12 + Number(query.get('from')!.slice(5)))).toBe(23);
    await chooseOption('Council', 'Këshilli juridik');
    await waitFor(() => expect(analyticsQueries().at(-1)!.get('council')).toBe('2'));
  });

  it('tells a caller without the permission that access is refused', async () => {
    stubApi({ 'GET /api/councils/analytics/': json(403, { detail: 'You do not have permission to perform this action.', code: 'permission_denied' }) });
    openSignedIn(admin, '/councils/analytics');
    expect(await screen.findByText('You do not have access to council analytics', {}, FIRST_RENDER)).toBeTruthy();
  });
});
