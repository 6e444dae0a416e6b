import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentsScreen } from '../../../../src/renderer/features/documents/documents-screen';
import { appStore, beginSession, sessionAtom, sessionStatusAtom } from '../../../../src/renderer/lib/session';
import type { StoredDocument } from '../../../../src/shared/api/documents';
import type { IssuedDocument } from '../../../../src/shared/api/issuance';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { json, stubApi } from '../api-stub';
import { fakeBridge, makeSession, makeUser } from '../fixtures';
import { renderRoutes } from '../render';

const officer = makeUser({ id: 7, permissions: ['documents.view_document', 'applications.view_application'] });

const diploma: StoredDocument = {
  id: 100,
  application_id: 42,
  application_reference: 'NARIC-2026-000042',
  file_name: 'diploma.pdf',
  document_type: 'original_diploma',
  kind: 'original',
  size: 2048,
  uploaded_at: '2026-10-01T09:00:00Z',
  status: 'verified',
  review_notes: null,
  reviewed_by: null,
  reviewed_at: null,
  has_file: true,
  sha256: 'a'.repeat(64),
  media_type: 'application/pdf',
  uploaded_by: { id: 9, full_name: 'Arta Krasniqi' },
};
const translation: StoredDocument = { ...diploma, id: 101, file_name: 'translation.pdf', document_type: 'diploma_translation', kind: 'translation', status: 'rejected', uploaded_by: null };

const valid: IssuedDocument = {
  id: 7,
  application_id: 31,
  reference: 'NARIC-2026-000031',
  holder_name: 'Besnik Berisha',
  kind: 'verification_document',
  verification_code: 'ABCD-EFGH-JKMN',
  issued_at: '2026-11-20T10:00:00Z',
  issued_by: { id: 7, full_name: 'Drita Officer' },
  status: 'valid',
  revoked_at: null,
  revoked_reason: null,
};
const revoked: IssuedDocument = {
  ...valid,
  id: 8,
  application_id: 32,
  reference: 'NARIC-2026-000032',
  holder_name: 'Vesna Petrović',
  kind: 'recognition_certificate',
  verification_code: 'PQRS-TUVW-XYZ2',
  status: 'revoked',
  revoked_at: '2026-11-21T08:00:00Z',
  revoked_reason: 'Issued with a wrong programme name.',
};

const page = <T,>(results: T[], count = results.length) => json(200, { count, next: null, previous: null, results });

function open(path: string, transfer: Partial<NaricBridge['transfer']> = {}, user = officer) {
  window.naric = fakeBridge({ transfer: { cancel: async () => {}, ...transfer } });
  beginSession(appStore, makeSession(user, 'access'));
  return renderRoutes([{ path: '/documents', element: <DocumentsScreen titleKey="titles.documents" /> }], { path, store: appStore });
}

/** The query strings the screen sent to `path`, in order. */
function queriesTo(path: string): URLSearchParams[] {
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
  return fetchMock.mock.calls
    .map(([request]) => new URL(request instanceof Request ? request.url : String(request)))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
const lastQuery = (path: string) => Object.fromEntries(queriesTo(path).at(-1)!);

afterEach(() => {
  cleanup();
  delete window.naric;
  vi.unstubAllGlobals();
  appStore.set(sessionAtom, null);
  appStore.set(sessionStatusAtom, 'unknown');
});

describe('documents screen: all documents', () => {
  it('lists the documents with their application, type, kind, status, size and uploader', async () => {
    stubApi({ 'GET /api/documents/': page([diploma, translation]) });
    open('/documents');

    expect(screen.getByRole('heading', { level: 1, name: 'Documents' })).toBeTruthy();
    const table = await screen.findByRole('grid', { name: 'Documents' });
    const row = within(table).getByRole('row', { name: /diploma\.pdf/ });
    expect(within(row).getByRole('link', { name: 'NARIC-2026-000042' }).getAttribute('href')).toBe('/applications/42');
    expect(within(row).getByText('Original diploma')).toBeTruthy();
    expect(within(row).getByText('Original')).toBeTruthy();
    expect(within(row).getByText('Verified').className).toContain('badge--success');
    expect(within(row).getByText('2 kB')).toBeTruthy();
    expect(within(row).getByText('Arta Krasniqi')).toBeTruthy();
    const other = within(table).getByRole('row', { name: /translation\.pdf/ });
    expect(within(other).getByText('Rejected').className).toContain('badge--danger');
    expect(within(other).getByText('—')).toBeTruthy();
    expect(screen.getByText('Documents: 2')).toBeTruthy();
    expect(lastQuery('/api/documents/')).toEqual({ page: '1', page_size: '25' });
  });

  it('links to the document templates only for those who may manage them', async () => {
    stubApi({ 'GET /api/documents/': page([diploma]) });
    open('/documents');
    await screen.findByRole('grid', { name: 'Documents' });
    expect(screen.queryByRole('link', { name: 'Document templates' })).toBeNull();
    cleanup();

    open('/documents', {}, makeUser({ id: 3, permissions: ['documents.view_document', 'documents.manage_templates'] }));
    await screen.findByRole('grid', { name: 'Documents' });
    expect(screen.getByRole('link', { name: 'Document templates' }).getAttribute('href')).toBe('/documents/templates');
  });

  it('puts the filters in the URL and in the request, and restores them from the URL', async () => {
    stubApi({ 'GET /api/documents/': page([diploma]) });
    const view = open('/documents?status=pending');
    await screen.findByRole('grid', { name: 'Documents' });
    expect(lastQuery('/api/documents/')).toMatchObject({ status: 'pending' });
    expect((screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement).value).toBe('pending');

    fireEvent.change(screen.getByRole('combobox', { name: 'Type' }), { target: { value: 'diploma_translation' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Kind' }), { target: { value: 'translation' } });
    await waitFor(() => expect(lastQuery('/api/documents/')).toMatchObject({ document_type: 'diploma_translation', kind: 'translation', status: 'pending' }));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by file name or application reference' }), { target: { value: ' NARIC-2026 ' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Application number' }), { target: { value: '42' } });
    await waitFor(() => expect(lastQuery('/api/documents/')).toMatchObject({ search: 'NARIC-2026', application: '42' }));
    const url = new URLSearchParams(view.router.state.location.search);
    expect(Object.fromEntries(url)).toEqual({ status: 'pending', document_type: 'diploma_translation', kind: 'translation', search: 'NARIC-2026', application: '42' });
  });

  it('does not send an application number that is not a number, and says why', async () => {
    stubApi({ 'GET /api/documents/': page([diploma]) });
    open('/documents?application=4x2&kind=bogus');
    await screen.findByRole('grid', { name: 'Documents' });
    expect(lastQuery('/api/documents/')).toEqual({ page: '1', page_size: '25' });
    expect(screen.getByText("Enter the application's number (digits only).")).toBeTruthy();
  });

  it('pages through the list with the page in the URL, and a new filter goes back to the first page', async () => {
    stubApi({ 'GET /api/documents/': page([diploma], 60) });
    const view = open('/documents');
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery('/api/documents/')).toMatchObject({ page: '2' }));
    expect(view.router.state.location.search).toBe('?page=2');
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();

    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'rejected' } });
    await waitFor(() => expect(lastQuery('/api/documents/')).toEqual({ status: 'rejected', page: '1', page_size: '25' }));
    expect(view.router.state.location.search).toBe('?status=rejected');
  });

  it('opens or saves a document through the bridge with its checksum', async () => {
    stubApi({ 'GET /api/documents/': page([diploma]) });
    const download = vi.fn<NaricBridge['transfer']['download']>(async () => ({ outcome: 'saved', file_name: 'diploma.pdf', size: 2048 }));
    open('/documents', { download });
    const row = within(await screen.findByRole('grid', { name: 'Documents' })).getByRole('row', { name: /diploma\.pdf/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls[0][0]).toMatchObject({ source: 'document', document_id: 100, file_name: 'diploma.pdf', sha256: 'a'.repeat(64) });
    expect(await screen.findByText('diploma.pdf was saved.')).toBeTruthy();
  });

  it('tells an empty list from a filtered one, and clears the filters', async () => {
    stubApi({ 'GET /api/documents/': page([]) });
    const view = open('/documents?status=rejected&search=xyz');
    expect(await screen.findByText('No document matches these filters')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No documents yet')).toBeTruthy();
    expect(view.router.state.location.search).toBe('');
    expect(lastQuery('/api/documents/')).toEqual({ page: '1', page_size: '25' });
  });

  it('shows a failed load in words and tries again', async () => {
    stubApi({ 'GET /api/documents/': [json(500, { detail: 'boom' }), page([diploma])] });
    open('/documents');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The documents could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText('Internal server error')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('grid', { name: 'Documents' })).toBeTruthy();
  });
});

describe('documents screen: certificate register', () => {
  it('switches to the register with the tab in the URL and shows code, holder and status', async () => {
    stubApi({ 'GET /api/documents/': page([diploma]), 'GET /api/issued-documents/': page([valid, revoked]) });
    const view = open('/documents?status=verified');
    await screen.findByRole('grid', { name: 'Documents' });
    fireEvent.click(screen.getByRole('tab', { name: 'Certificate register' }));

    const table = await screen.findByRole('grid', { name: 'Certificate register' });
    // The documents' filters do not follow into the register.
    expect(view.router.state.location.search).toBe('?tab=register');
    expect(lastQuery('/api/issued-documents/')).toEqual({ page: '1', page_size: '25' });

    const row = within(table).getByRole('row', { name: /ABCD-EFGH-JKMN/ });
    expect(within(row).getByText('ABCD-EFGH-JKMN').tagName).toBe('CODE');
    expect(within(row).getByText('Verification document')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'NARIC-2026-000031' }).getAttribute('href')).toBe('/applications/31');
    expect(within(row).getByText('Besnik Berisha')).toBeTruthy();
    expect(within(row).getByText('Drita Officer')).toBeTruthy();
    expect(within(row).getByText('Valid')).toBeTruthy();
    expect(within(row).queryByText(/Reason/)).toBeNull();

    const revokedRow = within(table).getByRole('row', { name: /PQRS-TUVW-XYZ2/ });
    expect(within(revokedRow).getByText('Recognition certificate')).toBeTruthy();
    expect(within(revokedRow).getByText('Revoked')).toBeTruthy();
    expect(within(revokedRow).getByText(`Revoked on ${new Date('2026-11-21T08:00:00Z').toLocaleDateString('en')}`)).toBeTruthy();
    expect(within(revokedRow).getByText('Reason: Issued with a wrong programme name.')).toBeTruthy();
  });

  it('filters by kind, status and text in the URL and the request', async () => {
    stubApi({ 'GET /api/issued-documents/': page([revoked]) });
    const view = open('/documents?tab=register');
    await screen.findByRole('grid', { name: 'Certificate register' });
    fireEvent.change(screen.getByRole('combobox', { name: 'Document' }), { target: { value: 'recognition_certificate' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'revoked' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by code, reference or holder' }), { target: { value: 'PQRS' } });
    await waitFor(() => expect(lastQuery('/api/issued-documents/')).toEqual({ kind: 'recognition_certificate', status: 'revoked', search: 'PQRS', page: '1', page_size: '25' }));
    expect(Object.fromEntries(new URLSearchParams(view.router.state.location.search))).toEqual({ tab: 'register', kind: 'recognition_certificate', status: 'revoked', search: 'PQRS' });
  });

  it('saves the issued PDF from the register', async () => {
    stubApi({ 'GET /api/issued-documents/': page([valid]) });
    const download = vi.fn<NaricBridge['transfer']['download']>(async () => ({ outcome: 'saved', file_name: 'verification-document-NARIC-2026-000031.pdf', size: 4096 }));
    open('/documents?tab=register', { download });
    const row = within(await screen.findByRole('grid', { name: 'Certificate register' })).getByRole('row', { name: /ABCD-EFGH-JKMN/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(download).toHaveBeenCalled());
    expect(download.mock.calls[0][0]).toMatchObject({ source: 'issued_document', document_id: 7, file_name: 'verification-document-NARIC-2026-000031.pdf' });
  });

  it('shows a failed register load in words', async () => {
    stubApi({ 'GET /api/issued-documents/': json(403, { detail: 'You do not have permission to perform this action.' }) });
    open('/documents?tab=register');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The certificate register could not be loaded.')).toBeTruthy();
    expect(within(alert).getByText('Access denied')).toBeTruthy();
  });
});
