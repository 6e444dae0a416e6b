import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoredDocument } from '../../../../src/shared/api/documents';
import type { IssuedDocument } from '../../../../src/shared/api/issuance';
import { json, stubApi } from '../api-stub';
import { makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';
import { chooseOption } from '../choose-option';

const verifier = makeUser({ id: 8, groups: ['Document Verifiers'], permissions: ['documents.view_document', 'documents.verify_document', 'applications.view_application'] });

const stored: StoredDocument = {
  id: 41,
  has_file: true,
  active_content: [],
  file_name: 'diploma.pdf',
  document_type: 'original_diploma',
  kind: 'original',
  size: 2_000_000,
  uploaded_at: '2026-11-02T10:00:00Z',
  status: 'pending',
  review_notes: null,
  reviewed_by: null,
  reviewed_at: null,
  application_id: 7,
  application_reference: 'NARIC-2026-000007',
  sha256: 'a'.repeat(64),
  media_type: 'application/pdf',
  uploaded_by: { id: 3, full_name: 'Arta Krasniqi' },
};

const issued: IssuedDocument = {
  id: 5,
  application_id: 7,
  reference: 'NARIC-2026-000007',
  holder_name: 'Arta Krasniqi',
  kind: 'verification_document',
  verification_code: 'ABCD-EFGH-JKMN',
  issued_at: '2026-11-03T10:00:00Z',
  issued_by: { id: 2, full_name: 'Blerta Gashi' },
  status: 'revoked',
  revoked_at: '2026-11-10T10:00:00Z',
  revoked_reason: 'The diploma was annulled by the university.',
  sha256: '0123456789abcdef'.repeat(4),
  sealed_by: null,
  has_credential: false,
};

const page = <T,>(results: T[]) => json(200, { count: results.length, next: null, previous: null, results });

function open(path: string) {
  return openSignedIn(verifier, path);
}

function requestsTo(path: string): URL[] {
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
  return fetchMock.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'))
    .filter((url) => url.pathname === path);
}

afterEach(signOutAfterTest);

describe('documents screen', () => {
  it('sends the filters in the URL to the server and keeps a changed filter in the URL', async () => {
    stubApi({ 'GET /api/documents/': page([stored]) });
    const view = open('/documents?status=pending&document_type=original_diploma');
    const table = await screen.findByRole('grid', { name: 'Documents' });
    expect(within(table).getByText('diploma.pdf')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'NARIC-2026-000007' }).getAttribute('href')).toBe('/applications/7');
    const first = requestsTo('/api/documents/')[0]!;
    expect(first.searchParams.get('status')).toBe('pending');
    expect(first.searchParams.get('document_type')).toBe('original_diploma');

    await chooseOption('Kind', 'Translation');
    await waitFor(() => expect(view.router.state.location.search).toContain('kind=translation'));
    await waitFor(() => expect(requestsTo('/api/documents/').at(-1)!.searchParams.get('kind')).toBe('translation'));
  });

  it('marks a document with active content, naming what was found, and leaves a clean one unmarked', async () => {
    const flagged: StoredDocument = { ...stored, id: 42, file_name: 'scripted.pdf', active_content: ['javascript', 'open_action'] };
    stubApi({ 'GET /api/documents/': page([stored, flagged]) });
    open('/documents');
    const table = await screen.findByRole('grid', { name: 'Documents' });
    const badges = await within(table).findAllByText(/^Active content:/);
    expect(badges.map((badge) => badge.textContent)).toEqual(['Active content: scripts (JavaScript), an action that runs on opening']);
    expect(within(table).getByRole('row', { name: /scripted\.pdf/ }).textContent).toContain('Active content');
    expect(within(table).getByRole('row', { name: /diploma\.pdf/ }).textContent).not.toContain('Active content');
  });

  it('refuses an application number that is not a number, without sending it', async () => {
    stubApi({ 'GET /api/documents/': page([]) });
    open('/documents?application=12a');
    expect(await screen.findByText("Enter the application's number (digits only).")).toBeTruthy();
    expect(await screen.findByText('No document matches these filters.')).toBeTruthy();
    expect(requestsTo('/api/documents/').every((url) => !url.searchParams.has('application'))).toBe(true);
  });

  it('keeps a search typed just before another filter changes, and goes back to page 1 from a page past the end', async () => {
    stubApi({ 'GET /api/documents/': [json(404, { detail: 'Invalid page.' }), page([stored])] });
    const view = open('/documents?page=3');
    await screen.findByRole('grid', { name: 'Documents' });
    await waitFor(() => expect(view.router.state.location.search).not.toContain('page=3'));
    expect(screen.queryByText('Could not load data.')).toBeNull();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by file name or reference' }), { target: { value: 'diploma' } });
    await chooseOption('Status', 'Verified');
    await waitFor(() => expect(view.router.state.location.search).toContain('search=diploma'));
    expect(view.router.state.location.search).toContain('status=verified');
  });

  it('says it could not load the documents', async () => {
    stubApi({ 'GET /api/documents/': json(500, { detail: 'Internal server error' }) });
    open('/documents');
    expect(await screen.findByText('Could not load data.')).toBeTruthy();
  });

  it('lists the register with codes, and a revoked document with its date and reason', async () => {
    stubApi({ 'GET /api/issued-documents/': page([issued]) });
    open('/documents?tab=register&status=revoked');
    const table = await screen.findByRole('grid', { name: 'Certificate register' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('ABCD-EFGH-JKMN')).toBeTruthy();
    expect(row.textContent).toContain('Revoked on');
    expect(row.textContent).toContain('The diploma was annulled by the university.');
    expect(requestsTo('/api/issued-documents/')[0]!.searchParams.get('status')).toBe('revoked');
  });

  it('shows each issued PDF’s SHA-256 shortened, whole on hover, to screen readers and on the clipboard', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubApi({ 'GET /api/issued-documents/': page([issued, { ...issued, id: 6, verification_code: 'QRST-VWXY-Z234', sha256: null }]) });
    open('/documents?tab=register');
    const table = await screen.findByRole('grid', { name: 'Certificate register' });
    expect(within(table).getByRole('columnheader', { name: 'SHA-256' })).toBeTruthy();
    const [, first, second] = within(table).getAllByRole('row');
    const hash = issued.sha256!;
    expect(within(first!).getByText('01234567…89abcdef')).toBeTruthy();
    expect(within(first!).getByText(hash)).toBeTruthy();
    expect(within(first!).getByTitle(hash)).toBeTruthy();
    fireEvent.click(within(first!).getByRole('button', { name: `Copy SHA-256 ${hash}` }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(hash));
    expect(await within(first!).findByText('SHA-256 copied.')).toBeTruthy();
    expect(within(second!).getByText('Not stored yet')).toBeTruthy();
  });
});
