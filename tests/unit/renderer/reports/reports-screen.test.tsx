import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DownloadRequest } from '../../../../src/shared/ipc/transfer-contract';
import { json, stubApi } from '../api-stub';
import { chooseOption } from '../choose-option';
import { DEMO_USERS } from '../demo-users';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { applicationsReport, catalogue, feesReport, makeExport } from './report-fixtures';

const FIRST_RENDER = { timeout: 10_000 };
const officer = DEMO_USERS.officer!;
const CATALOGUE = 'GET /api/reports/';
const EXPORTS = 'GET /api/reports/exports/';

/** The query strings of every request made to `path`, oldest first. */
function queriesOf(path: string): Record<string, string>[] {
  return vi
    .mocked(globalThis.fetch)
    .mock.calls.map(([input, init]) => (input instanceof Request ? input : new Request(input, init)))
    .filter((request) => new URL(request.url).pathname === path)
    .map((request) => Object.fromEntries(new URL(request.url).searchParams));
}


beforeEach(() => {
  localStorage.clear();
  // happy-dom draws no canvas: the chart keeps its accessible image without a drawing context.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});
afterEach(() => {
  vi.restoreAllMocks();
  signOutAfterTest();
});

describe('reports screen', { timeout: 60_000 }, () => {
  it('shows the default report as a chart named by its figures and as a table with a total row', async () => {
    stubApi({ [CATALOGUE]: json(200, catalogue()), 'GET /api/reports/applications/': json(200, applicationsReport), [EXPORTS]: json(200, { results: [] }) });
    openSignedIn(officer, '/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' }, FIRST_RENDER)).toBeTruthy();
    const chart = await screen.findByRole('img', { name: /^Applications received and decided, / });
    expect(chart.getAttribute('aria-label')).toBe(
      'Applications received and decided, 01/01/2026 – 28/02/2026. Jan 2026: Received 12, Decided 4; Feb 2026: Received 1,500, Decided —',
    );
    const table = screen.getByRole('grid', { name: 'Applications received and decided: figures' });
    const [header, january, february, total] = within(table).getAllByRole('row');
    expect(header!.textContent).toBe('MonthServiceReceivedDecided');
    expect(january!.textContent).toBe('Jan 2026University diploma recognition124');
    expect(february!.textContent).toBe('Feb 2026Verification of Kosovo diplomas1,5000');
    expect(total!.textContent).toBe('Total—1,5124');
    // No filter in the address: the server's default period.
    expect(queriesOf('/api/reports/applications/')[0]).toEqual({});
    expect(screen.getByText('No exports yet. Choose Export to write this report to a file.')).toBeTruthy();
  });

  it('switches reports through the address and writes money in the language', async () => {
    stubApi({
      [CATALOGUE]: json(200, catalogue()),
      'GET /api/reports/applications/': json(200, applicationsReport),
      'GET /api/reports/fees/': json(200, feesReport),
      [EXPORTS]: json(200, { results: [] }),
    });
    openSignedIn(officer, '/reports?date_from=2026-01-01');
    await screen.findByRole('grid', { name: 'Applications received and decided: figures' }, FIRST_RENDER);
    // Only the applications report is broken down.
    expect(screen.getByRole('button', { name: /Broken down by$/ })).toBeTruthy();
    await chooseOption('Report', 'Fees collected and refunded');
    const table = await screen.findByRole('grid', { name: 'Fees collected and refunded: figures' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe('Jan 2026€1,240.50€20.00');
    expect(screen.getByRole('img', { name: /Jan 2026: Collected €1,240.50, Refunded €20.00$/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Broken down by$/ })).toBeNull();
    // The filters stay as the report changes.
    expect(queriesOf('/api/reports/fees/').at(-1)).toEqual({ date_from: '2026-01-01' });
  });

  it('sends the address filters, leaves out values the server would refuse, and clears them', async () => {
    stubApi({ [CATALOGUE]: json(200, catalogue()), 'GET /api/reports/applications/': json(200, applicationsReport), [EXPORTS]: json(200, { results: [] }) });
    openSignedIn(officer, '/reports?date_from=2026-01-01&date_to=2026-06-30&service_type=2&status=submitted,bogus,approved&council=4&group_by=country&bogus=1');
    await screen.findByRole('grid', { name: 'Applications received and decided: figures' }, FIRST_RENDER);
    expect(queriesOf('/api/reports/applications/')[0]).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-06-30',
      service_type: '2',
      status: 'submitted,approved',
      council: '4',
      group_by: 'country',
    });
    expect(screen.getByRole('button', { name: /Medical council Council$/ })).toBeTruthy();
    await chooseOption('Council', 'Old law council (inactive)');
    await waitFor(() => expect(queriesOf('/api/reports/applications/').at(-1)!.council).toBe('5'));
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(queriesOf('/api/reports/applications/').at(-1)).toEqual({}));
    openSignedIn(officer, '/reports?service_type=9&council=-3&date_from=2026-13-01&group_by=nothing');
    await waitFor(() => expect(queriesOf('/api/reports/applications/').at(-1)).toEqual({}));
  });

  it('says why the server refused the period', async () => {
    stubApi({
      [CATALOGUE]: json(200, catalogue()),
      'GET /api/reports/applications/': json(400, { date_to: ['The period must end on or after the day it starts.'] }),
      [EXPORTS]: json(200, { results: [] }),
    });
    openSignedIn(officer, '/reports?date_from=2026-06-01&date_to=2026-01-01');
    expect(await screen.findByText('The period must end on or after the day it starts.', {}, FIRST_RENDER)).toBeTruthy();
  });

  it('starts an XLSX export, shows its progress as the server reports it, then downloads it through the bridge', async () => {
    const running = makeExport({ status: 'running', progress: 40, rows: 4000 });
    const done = makeExport({ status: 'done', progress: 100, rows: 10_000, file_name: 'fees-2026-01-01-2026-02-28.xlsx', size: 52_000, finished_at: '2026-11-24T09:16:00Z' });
    const calls = stubApi({
      [CATALOGUE]: json(200, catalogue()),
      'GET /api/reports/fees/': json(200, feesReport),
      [EXPORTS]: [json(200, { results: [] }), json(200, { results: [makeExport()] }), json(200, { results: [running] }), json(200, { results: [done] })],
      'POST /api/reports/exports/': json(202, makeExport()),
    });
    const downloads: DownloadRequest[] = [];
    openSignedIn(officer, '/reports?report=fees&service_type=1&status=approved', {
      transfer: {
        download: async (request) => {
          downloads.push(request);
          return { outcome: 'saved', file_name: request.file_name, size: 52_000 };
        },
      },
    });
    await screen.findByRole('grid', { name: 'Fees collected and refunded: figures' }, FIRST_RENDER);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Excel (XLSX)' }));
    expect(await screen.findByText('The export has started: follow it under Downloads.')).toBeTruthy();
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/reports/exports/')!;
    expect(JSON.parse(post.body)).toEqual({ report: 'fees', format: 'xlsx', filter: { service_type: 1, status: ['approved'] } });

    const bar = await screen.findByRole('progressbar', { name: 'Writing Fees collected and refunded (Excel (XLSX))' }, { timeout: 5000 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'), { timeout: 5000 });
    expect(bar.getAttribute('aria-valuetext')).toBe('40% · 4,000 rows written');
    const download = await screen.findByRole('button', { name: 'Download fees-2026-01-01-2026-02-28.xlsx' }, { timeout: 5000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(/10,000 rows · 50\.8/)).toBeTruthy();
    fireEvent.click(download);
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatchObject({ source: 'report_export', document_id: 31, file_name: 'fees-2026-01-01-2026-02-28.xlsx' });
    expect(await screen.findByText(/fees-2026-01-01-2026-02-28\.xlsx/, { selector: '.alert *, .alert' })).toBeTruthy();
    // Nothing left to write: the list is not asked again.
    const asked = calls.filter((call) => call.method === 'GET' && call.path === '/api/reports/exports/').length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(calls.filter((call) => call.method === 'GET' && call.path === '/api/reports/exports/').length).toBe(asked);
  });

  it('shows a failed export’s reason, and no export control without the permission', async () => {
    stubApi({
      [CATALOGUE]: json(200, catalogue()),
      'GET /api/reports/applications/': json(200, applicationsReport),
      [EXPORTS]: json(200, { results: [makeExport({ status: 'failed', progress: 35, error: 'The export failed. Start it again.' })] }),
    });
    openSignedIn(officer, '/reports');
    const alert = await screen.findByRole('alert', {}, FIRST_RENDER);
    expect(alert.textContent).toContain('The export failed');
    expect(alert.textContent).toContain('The export failed. Start it again.');
    signOutAfterTest();

    stubApi({ [CATALOGUE]: json(200, catalogue(false)), 'GET /api/reports/applications/': json(200, applicationsReport) });
    openSignedIn(officer, '/reports');
    await screen.findByRole('grid', { name: 'Applications received and decided: figures' }, FIRST_RENDER);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Downloads' })).toBeNull();
  });
});
