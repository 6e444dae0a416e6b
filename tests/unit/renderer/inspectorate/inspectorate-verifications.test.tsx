import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InspectorateVerificationsScreen } from '../../../../src/renderer/features/inspectorate/inspectorate-verifications-screen';
import { appStore, beginSession } from '../../../../src/renderer/lib/session';
import type { ApplicationDetail, ApplicationDocument, ApplicationListItem } from '../../../../src/shared/api/applications';
import { GROUPS } from '../../../../src/shared/auth/permissions';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { ERROR_CODES } from '../../../../src/shared/errors';
import { failure } from '../../../../src/shared/transport-failure';
import { json, stubApi } from '../api-stub';
import { fakeBridge, makeApplicationDetail, makeApplicationItem, makeSession, makeUser } from '../fixtures';
import { renderRoutes } from '../render';
import { signOutAfterTest } from '../signed-in';
import { formatDateTime } from '../../../../src/renderer/lib/format';

const inspector = makeUser({
  id: 5,
  full_name: 'Besa Gashi',
  groups: [GROUPS.inspectorate],
  permissions: ['inspectorate.upload_verification', 'inspectorate.decide_verification', 'applications.view_application'],
});

const waiting = {
  service_type: 3,
  status: 'inspectorate_pending',
  priority: 'normal',
  institution_name: 'University of Vienna',
  institution_country: 'AT',
  deadline: '2026-12-01',
  overdue: false,
} as const;
const item: ApplicationListItem = makeApplicationItem(waiting);

const diploma: ApplicationDocument = {
  id: 100,
  file_name: 'diploma.pdf',
  document_type: 'original_diploma',
  kind: 'original',
  size: 2000,
  uploaded_at: '2026-10-01T09:00:00Z',
  status: 'verified',
  review_notes: null,
  reviewed_by: null,
  reviewed_at: null,
  has_file: true,
  active_content: [],
  sha256: null,
};

const verificationPdf: ApplicationDocument = {
  ...diploma,
  id: 101,
  file_name: 'inspectorate-check.pdf',
  document_type: 'verification_request',
  status: 'pending',
  uploaded_at: '2026-11-10T12:00:00Z',
};

const requested = {
  id: 1,
  action: 'request_inspectorate' as const,
  from_status: 'in_review' as const,
  to_status: 'inspectorate_pending' as const,
  actor: { id: 7, full_name: 'Drita Officer' },
  notes: null,
  created_at: '2026-11-09T08:00:00Z',
};

const pending: ApplicationDetail = makeApplicationDetail({
  ...waiting,
  service: { id: 3, name_en: 'Verification of diplomas', name_sq: '', name_sr: '', fee_enabled: true, fee_exemption_allowed: false },
  education: {
    institution_name: 'University of Vienna',
    institution_country: 'AT',
    institution_email: null,
    institution_website: null,
    institution_type: null,
    program_name: 'Computer Science',
    degree_level: 'master',
    duration: '2 years',
    graduation_date: '2024-06-30',
    ects_credits: 120,
    purpose_details: null,
    original_title: null,
    language_of_instruction: null,
    study_mode: null,
    study_start: null,
    study_end: null,
    grading_scale: null,
    final_grade: null,
  },
  documents: [diploma],
  history: [requested],
  allowed_actions: [
    { action: 'inspectorate_approve', to: 'inspectorate_verified', notes: 'optional' },
    { action: 'inspectorate_reject', to: 'inspectorate_rejected', notes: 'required' },
  ],
});

const withPdf: ApplicationDetail = { ...pending, documents: [diploma, verificationPdf], inspectorate_document_id: verificationPdf.id };

const verified: ApplicationDetail = {
  ...withPdf,
  status: 'inspectorate_verified',
  version: 4,
  inspectorate: { outcome: 'verified', verified_by: { id: 5, full_name: 'Besa Gashi' }, verified_at: '2026-11-20T10:30:00Z', notes: 'Confirmed with the university.' },
  allowed_actions: [],
};

const page = (results: ApplicationListItem[]) => json(200, { count: results.length, next: null, previous: null, results });

const LIMITS = async () => ({ max_upload_bytes: 25 * 1024 * 1024, accepted_media_types: ['application/pdf'] });

function open(path: string, transfer: Partial<NaricBridge['transfer']> = {}) {
  window.naric = fakeBridge({ transfer: { limits: LIMITS, ...transfer } });
  beginSession(appStore, makeSession(inspector, 'access'));
  return renderRoutes([{ path: '/inspectorate-verifications', element: <InspectorateVerificationsScreen titleKey="titles.inspectorateVerifications" /> }], {
    path,
    store: appStore,
  });
}

/** The query strings of the list calls, in order. */
function listQueries(): URLSearchParams[] {
  const fetchMock = globalThis.fetch as unknown as { mock: { calls: [RequestInfo | URL, RequestInit?][] } };
  return fetchMock.mock.calls
    .map(([request]) => new URL(request instanceof Request ? request.url : String(request)))
    .filter((url) => url.pathname === '/api/applications/')
    .map((url) => url.searchParams);
}

const posted = (calls: { method: string; path: string; body: string }[]) => calls.filter((call) => call.method === 'POST');

beforeEach(() => localStorage.clear());
afterEach(signOutAfterTest);

describe('inspectorate verifications: the lists', () => {
  it('asks for the applications waiting for the inspectorate, and for the decided ones on the second tab', async () => {
    const decidedItem = { ...item, id: 43, reference: 'NARIC-2026-000043', status: 'inspectorate_rejected' as const };
    stubApi({ 'GET /api/applications/': [page([item]), page([decidedItem])] });
    open('/inspectorate-verifications');

    expect(screen.getByRole('heading', { level: 1, name: 'Inspectorate verifications' })).toBeTruthy();
    const table = await screen.findByRole('grid', { name: 'Applications waiting for verification' });
    const row = within(table).getByRole('row', { name: /NARIC-2026-000042/ });
    expect(within(row).getByText('Arta Krasniqi')).toBeTruthy();
    expect(within(row).getByText('University of Vienna')).toBeTruthy();
    expect(within(row).getByText('AT')).toBeTruthy();
    expect(listQueries()[0].getAll('status')).toEqual(['inspectorate_pending']);

    fireEvent.click(screen.getByRole('tab', { name: 'Decided' }));
    const decided = await screen.findByRole('grid', { name: 'Decided verifications' });
    expect(within(decided).getByText('Inspectorate rejected')).toBeTruthy();
    expect(listQueries().at(-1)!.getAll('status')).toEqual(['inspectorate_verified', 'inspectorate_rejected']);
  });

  it('says so when nothing waits, and offers to try again when the list cannot be read', async () => {
    stubApi({ 'GET /api/applications/': [json(500, { detail: 'boom' }), page([])] });
    open('/inspectorate-verifications');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the applications.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nothing is waiting for verification')).toBeTruthy();
  });

  it('opens the chosen application beside the list and keeps the choice in the URL', async () => {
    stubApi({ 'GET /api/applications/': page([item]), 'GET /api/applications/42/': json(200, pending) });
    const { router } = open('/inspectorate-verifications');
    fireEvent.click(await screen.findByRole('link', { name: 'NARIC-2026-000042' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'NARIC-2026-000042 · Arta Krasniqi' })).toBeTruthy();
    expect(router.state.location.search).toBe('?application=42');
    expect(screen.getByText('Computer Science')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open diploma.pdf' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save diploma.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('inspectorate verifications: the verification PDF', () => {
  it('offers the upload zone while the PDF is missing, and approval only once it is there', async () => {
    stubApi({ 'GET /api/applications/': page([item]), 'GET /api/applications/42/': json(200, pending) });
    open('/inspectorate-verifications?application=42');
    expect(await screen.findByRole('group', { name: 'Verification PDF (one per request)' })).toBeTruthy();
    expect(screen.getByText('The verification PDF has not been uploaded yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Approve verification' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Upload the verification PDF before approving.')).toBeTruthy();
  });

  it('uploads to the inspectorate target, then shows the PDF instead of the zone', async () => {
    stubApi({ 'GET /api/applications/': page([item]), 'GET /api/applications/42/': [json(200, pending), json(200, withPdf)] });
    const upload = vi.fn<NaricBridge['transfer']['upload']>(async () => ({
      outcome: 'uploaded',
      document: { ...verificationPdf, application_id: 42, application_reference: item.reference, media_type: 'application/pdf', uploaded_by: null },
    }));
    open('/inspectorate-verifications?application=42', { choosePdf: async () => ({ selection: 'sel-1', file_name: 'inspectorate-check.pdf', size: 2000 }), upload });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose PDF' }));
    expect(await screen.findByText('Verification PDF: inspectorate-check.pdf', { exact: false })).toBeTruthy();
    expect(upload.mock.calls[0][0].target).toEqual({ type: 'inspectorate_document', application_id: 42 });
    expect(screen.queryByRole('group', { name: 'Verification PDF (one per request)' })).toBeNull();
    expect((screen.getByRole('button', { name: 'Approve verification' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('explains that only one PDF is allowed when the server already has one', async () => {
    stubApi({ 'GET /api/applications/': page([item]), 'GET /api/applications/42/': json(200, pending) });
    open('/inspectorate-verifications?application=42', {
      choosePdf: async () => ({ selection: 'sel-1', file_name: 'second.pdf', size: 2000 }),
      upload: () =>
        Promise.reject(failure(ERROR_CODES.conflict, { status: 409, body: { detail: 'The inspectorate verification document has already been uploaded.', code: 'inspectorate_upload_exists' } })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Choose PDF' }));
    expect(await screen.findByText('The inspectorate verification document has already been uploaded.')).toBeTruthy();
  });

  it("offers the upload while the server names no PDF for this request, even with an older one on file", async () => {
    const older = { ...verificationPdf, id: 90, uploaded_at: '2026-05-01T00:00:00Z' };
    stubApi({ 'GET /api/applications/': page([item]), 'GET /api/applications/42/': json(200, { ...pending, documents: [diploma, older] }) });
    open('/inspectorate-verifications?application=42');
    expect(await screen.findByText('The verification PDF has not been uploaded yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Choose PDF' })).toBeTruthy();
  });
});

describe('inspectorate verifications: deciding', () => {
  it('approves with the version and notes, then lists it as decided and shows who and when', async () => {
    const calls = stubApi({
      'GET /api/applications/': [page([item]), page([])],
      'GET /api/applications/42/': json(200, withPdf),
      'POST /api/applications/42/inspectorate-approve/': json(200, verified),
    });
    open('/inspectorate-verifications?application=42');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve verification' });
    fireEvent.change(within(dialog).getByLabelText('Notes (optional)'), { target: { value: 'Confirmed with the university.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve verification' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted(calls)).toHaveLength(1);
    expect(JSON.parse(posted(calls)[0].body)).toEqual({ version: 3, notes: 'Confirmed with the university.' });
    const decision = await screen.findByRole('group', { name: 'Verification decision' });
    expect(within(decision).getByText('Verification approved')).toBeTruthy();
    expect(within(decision).getByText(`Decided by Besa Gashi on ${formatDateTime('en', '2026-11-20T10:30:00Z')}`)).toBeTruthy();
    // The waiting list is read again and no longer holds it.
    expect(await screen.findByText('Nothing is waiting for verification')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve verification' })).toBeNull();
  });

  it('refuses a rejection without a reason before sending anything, in the chosen language', async () => {
    const calls = stubApi({ 'GET /api/applications/': page([item]), 'GET /api/applications/42/': json(200, withPdf) });
    const { i18n } = open('/inspectorate-verifications?application=42');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject verification' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject verification' });
    fireEvent.change(within(dialog).getByLabelText('Reason for rejecting'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject verification' }));
    expect(await within(dialog).findByText('Give the reason for rejecting the verification.')).toBeTruthy();

    await act(async () => {
      await i18n.changeLanguage('sq');
    });
    dialog = screen.getByRole('dialog', { name: 'Refuzo verifikimin' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuzo verifikimin' }));
    expect(await within(dialog).findByText('Shkruani arsyen e refuzimit të verifikimit.')).toBeTruthy();
    expect(posted(calls)).toEqual([]);
  });

  it('sends a rejection with its reason', async () => {
    const calls = stubApi({
      'GET /api/applications/': page([item]),
      'GET /api/applications/42/': json(200, withPdf),
      'POST /api/applications/42/inspectorate-reject/': json(200, {
        ...withPdf,
        status: 'inspectorate_rejected',
        version: 4,
        inspectorate: { outcome: 'rejected', verified_by: { id: 5, full_name: 'Besa Gashi' }, verified_at: '2026-11-20T10:30:00Z', notes: 'The university has no record.' },
        allowed_actions: [],
      }),
    });
    open('/inspectorate-verifications?application=42');
    fireEvent.click(await screen.findByRole('button', { name: 'Reject verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject verification' });
    fireEvent.change(within(dialog).getByLabelText('Reason for rejecting'), { target: { value: 'The university has no record.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject verification' }));
    const decision = await screen.findByRole('group', { name: 'Verification decision' });
    expect(within(decision).getByText('Verification rejected')).toBeTruthy();
    expect(within(decision).getByText('The university has no record.')).toBeTruthy();
    expect(JSON.parse(posted(calls)[0].body)).toEqual({ version: 3, notes: 'The university has no record.' });
  });

  it('explains a stale version and a changed status in words, and reloads on request', async () => {
    const calls = stubApi({
      'GET /api/applications/': page([item]),
      'GET /api/applications/42/': json(200, withPdf),
      'POST /api/applications/42/inspectorate-approve/': [
        json(412, { detail: 'Precondition failed.', code: 'precondition_failed' }),
        json(409, { detail: 'This action is not allowed while the application is in status “In review”.', code: 'action_not_allowed', params: { status: 'in_review' }, status: 'in_review' }),
        json(409, { detail: 'Upload the inspectorate verification document first.', code: 'inspectorate_document_missing', status: 'inspectorate_pending' }),
      ],
    });
    open('/inspectorate-verifications?application=42');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve verification' });
    const confirm = within(dialog).getByRole('button', { name: 'Approve verification' });

    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Someone else changed this application while you were looking at it. Reload it and try again.')).toBeTruthy();
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('This action is not allowed while the application is in status “In review”.')).toBeTruthy();
    fireEvent.click(confirm);
    expect(await within(dialog).findByText('Upload the inspectorate verification document first.')).toBeTruthy();

    const detailReads = () => calls.filter((call) => call.method === 'GET' && call.path === '/api/applications/42/').length;
    const before = detailReads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(detailReads()).toBe(before + 1));
  });

  it('shows a decided application with its outcome, who, when, notes and the PDF, and no decision buttons', async () => {
    stubApi({ 'GET /api/applications/': page([{ ...item, status: 'inspectorate_verified' }]), 'GET /api/applications/42/': json(200, verified) });
    open('/inspectorate-verifications?list=decided&application=42');
    const decision = await screen.findByRole('group', { name: 'Verification decision' });
    expect(within(decision).getByText('Verification approved')).toBeTruthy();
    expect(within(decision).getByText(/^Decided by Besa Gashi on /)).toBeTruthy();
    expect(within(decision).getByText('Confirmed with the university.')).toBeTruthy();
    expect(screen.getByText('Verification PDF: inspectorate-check.pdf', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve verification' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject verification' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Verification PDF (one per request)' })).toBeNull();
  });
});
