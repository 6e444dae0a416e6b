import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationDetail, ApplicationListItem } from '../../../../src/shared/api/applications';
import { json, stubApi } from '../api-stub';
import { makeApplicationDetail, makeApplicationItem, makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

const officer = makeUser({ id: 7, groups: ['NARIC Officers'], permissions: ['applications.view_application', 'applications.change_status', 'applications.change_application'] });

const item: ApplicationListItem = makeApplicationItem();

const detail: ApplicationDetail = makeApplicationDetail({
  allowed_actions: [
    { action: 'update_status', to: 'originality_verified', notes: 'optional' },
    { action: 'update_status', to: 'suspicious', notes: 'optional' },
    { action: 'put_on_hold', to: 'pending', notes: 'optional' },
    { action: 'add_note', to: null, notes: 'required' },
  ],
});

function open(path: string) {
  return openSignedIn(officer, path);
}

beforeEach(() => localStorage.clear());
afterEach(signOutAfterTest);

describe('application list', () => {
  it('sends the URL filters to the server and shows the rows with their overdue marker', async () => {
    const calls = stubApi({
      'GET /api/applications/': json(200, { count: 1, next: null, previous: null, results: [item] }),
      'GET /api/applications/councils/': json(200, []),
      'GET /api/applications/saved-filters/': json(200, []),
    });
    open('/applications?status=document_verification&status=in_review&ordering=-deadline');
    const table = await screen.findByRole('grid', { name: 'Applications' });
    expect(within(table).getByText('NARIC-2026-000042')).toBeTruthy();
    expect(within(table).getByText(/Overdue/)).toBeTruthy();
    const listCall = calls.find((c) => c.path === '/api/applications/')!;
    expect(listCall).toBeTruthy();
    const url = fetchUrl();
    expect(url.searchParams.getAll('status')).toEqual(['document_verification', 'in_review']);
    expect(url.searchParams.get('ordering')).toBe('-deadline');
  });

  it('remembers the chosen columns per user', async () => {
    stubApi({
      'GET /api/applications/': json(200, { count: 1, next: null, previous: null, results: [item] }),
      'GET /api/applications/councils/': json(200, []),
      'GET /api/applications/saved-filters/': json(200, []),
    });
    open('/applications');
    await screen.findByRole('grid', { name: 'Applications' });
    fireEvent.click(screen.getByRole('button', { name: /^Columns/ }));
    fireEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'Institution' }));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Institution/ })).toBeNull());
    expect(JSON.parse(localStorage.getItem('naric.applications.columns.7')!)).not.toContain('institution');
  });
});

function fetchUrl(): URL {
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
  const [input] = fetchMock.mock.calls.find(([request]) => String(request instanceof Request ? request.url : request).includes('/api/applications/?'))!;
  return new URL(input instanceof Request ? input.url : String(input));
}

describe('application detail', () => {
  it('offers exactly the allowed status targets and checks required notes before sending', async () => {
    const calls = stubApi({
      'GET /api/applications/42/': json(200, detail),
      'GET /api/applications/councils/': json(200, []),
    });
    open('/applications/42');
    await screen.findByRole('heading', { level: 1, name: /NARIC-2026-000042/ });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update status' });
    fireEvent.click(within(dialog).getByRole('button', { name: /New status/ }));
    const options = within(await screen.findByRole('listbox', { name: /New status/ })).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Originality verified', 'Suspicious']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    const noteDialog = await screen.findByRole('dialog', { name: 'Add note' });
    fireEvent.click(within(noteDialog).getByRole('button', { name: 'Add note' }));
    expect(await within(noteDialog).findByText('Notes are required for this action.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('explains a stale version and a status that changed, in words', async () => {
    stubApi({
      'GET /api/applications/42/': json(200, detail),
      'GET /api/applications/councils/': json(200, []),
      'POST /api/applications/42/put-on-hold/': [
        json(412, { detail: 'Precondition failed.', code: 'precondition_failed' }),
        json(409, { detail: 'This action is not allowed while the application is in status “Suspicious”.', code: 'action_not_allowed', params: { status: 'suspicious' }, status: 'suspicious' }),
      ],
    });
    open('/applications/42');
    fireEvent.click(await screen.findByRole('button', { name: 'Put on hold' }));
    const dialog = await screen.findByRole('dialog', { name: 'Put on hold' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await within(dialog).findByText('Someone else changed this application while you were looking at it. Reload it and try again.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Put on hold' }));
    expect(await within(dialog).findByText('This action is not allowed while the application is in status “Suspicious”.')).toBeTruthy();
  });

  it('opens a document from its name and puts the actions before the tabs', async () => {
    const withDocument = makeApplicationDetail({
      ...detail,
      documents: [
        {
          id: 5,
          file_name: 'original-diploma-sopi.pdf',
          document_type: 'original_diploma',
          kind: 'original',
          size: 1024,
          uploaded_at: '2026-11-20T09:00:00Z',
          status: 'pending',
          review_notes: null,
          reviewed_by: null,
          reviewed_at: null,
          has_file: true,
          sha256: 'a'.repeat(64),
          active_content: [],
        },
      ],
    });
    stubApi({
      'GET /api/applications/42/': json(200, withDocument),
      'GET /api/applications/councils/': json(200, []),
    });
    open('/applications/42');
    await screen.findByRole('heading', { level: 1, name: /NARIC-2026-000042/ });
    // The actions come before the tabs in the page (a band above them at office monitor sizes), so
    // a tab's table is not narrowed by a card beside it.
    const actions = screen.getByRole('region', { name: 'Actions' });
    const tabs = screen.getByRole('tablist');
    expect(actions.compareDocumentPosition(tabs) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Documents' }));
    const grid = await screen.findByRole('grid', { name: 'Documents' });
    // The name itself opens the preview: the row holds no separate Preview button taking a column's room.
    const name = within(grid).getByRole('rowheader');
    const preview = within(name).getByRole('button', { name: 'Preview: original-diploma-sopi.pdf' });
    expect(within(grid).queryAllByRole('button', { name: 'Preview' })).toEqual([]);
    fireEvent.click(preview);
    expect(await screen.findByRole('dialog', { name: 'original-diploma-sopi.pdf' })).toBeTruthy();
  });
});
