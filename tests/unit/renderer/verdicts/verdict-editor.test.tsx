import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApplicationDetail } from '../../../../src/shared/api/applications';
import type { Verdict } from '../../../../src/shared/api/issuance';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { json, stubApi } from '../api-stub';
import { makeApplicationDetail, makeUser } from '../fixtures';
import { openSignedIn, signOutAfterTest } from '../signed-in';

// The preview draws with pdf.js, which needs a real canvas (the e2e tests cover it).
vi.mock('../../../../src/renderer/lib/pdf-document', () => ({
  openPdfDocument: async () => ({ numPages: 1, destroy: async () => {} }),
  drawPdfPage: () => ({ done: Promise.resolve(), cancel: () => {} }),
}));

const officer = makeUser({ id: 7, groups: ['NARIC Officers'], permissions: ['applications.view_application', 'applications.issue_document'] });

const application: ApplicationDetail = makeApplicationDetail({
  id: 31,
  reference: 'NARIC-2026-000031',
  service_type: 3,
  status: 'verified',
  version: 6,
  allowed_actions: [{ action: 'submit_verdict', to: 'approved', notes: 'optional' }],
});

const draft: Verdict = {
  id: 5,
  application_id: 31,
  status: 'draft',
  body: 'The diploma is authentic.',
  file_name: null,
  size: null,
  sha256: null,
  created_by: { id: 7, full_name: 'Officer Demo' },
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  submitted_at: null,
  version: 0,
};
const withPdf: Verdict = { ...draft, body: 'The diploma is authentic and valid.', file_name: 'verdict-31.pdf', size: 2048, sha256: 'c'.repeat(64), version: 2 };

function open(preview = vi.fn(async () => ({ outcome: 'previewed' as const, data: new TextEncoder().encode('%PDF-1.7') }))) {
  return openSignedIn(officer, '/applications/31/verdict/5', {
    transfer: { limits: async () => ({ max_upload_bytes: 1024 * 1024, accepted_media_types: ['application/pdf'] }), preview, cancel: async () => {} },
  });
}

afterEach(signOutAfterTest);

describe('verdict editor', () => {
  it('saves the text, makes the PDF from it, previews it, then submits the verdict and records the decision', async () => {
    const calls = stubApi({
      'GET /api/applications/31/verdicts/5/': json(200, draft),
      'GET /api/applications/31/': json(200, application),
      'PUT /api/applications/31/verdicts/5/': json(200, { ...draft, body: withPdf.body, version: 1 }),
      'POST /api/applications/31/verdicts/5/render/': json(200, withPdf),
      'POST /api/applications/31/verdicts/5/submit/': json(200, { ...withPdf, status: 'submitted', submitted_at: '2026-11-21T09:00:00Z', version: 3 }),
      'POST /api/applications/31/submit-verdict/': json(200, { ...application, status: 'approved', version: 7, allowed_actions: [] }),
      'GET /api/applications/31/verdicts/': json(200, []),
    });
    const preview = vi.fn(async () => ({ outcome: 'previewed' as const, data: new TextEncoder().encode('%PDF-1.7') }));
    const view = open(preview);

    // The file's first screen loads its chunk and texts: give it longer than findBy's second.
    const text = await screen.findByRole('textbox', { name: 'Text of the verdict' }, { timeout: 10_000 });
    expect(screen.getByText('There is no PDF yet: make it from the text or upload one.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit verdict' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(text, { target: { value: withPdf.body } });
    fireEvent.click(screen.getByRole('button', { name: 'Make the PDF from the text' }));
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
    const saved = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(saved.body)).toEqual({ version: 0, body: withPdf.body });
    const rendered = calls.find((c) => c.path.endsWith('/render/'))!;
    expect(JSON.parse(rendered.body)).toEqual({ version: 1, language: 'sq' });
    expect(preview).toHaveBeenCalledWith(expect.objectContaining({ source: 'verdict_file', document_id: 5, application_id: 31, sha256: withPdf.sha256 }));

    fireEvent.click(screen.getByRole('button', { name: 'Submit verdict' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit the verdict?' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Signed by the director.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit verdict' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/applications/31'));
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/submit/'))!.body)).toEqual({ version: 2 });
    expect(JSON.parse(calls.find((c) => c.path === '/api/applications/31/submit-verdict/')!.body)).toEqual({ version: 6, notes: 'Signed by the director.' });
  });

  it('keeps the text being written when a signed PDF is uploaded, and saves it on the upload’s version', async () => {
    const uploaded: Verdict = { ...draft, file_name: 'signed.pdf', size: 2048, sha256: 'd'.repeat(64), version: 1 };
    const calls = stubApi({
      'GET /api/applications/31/verdicts/5/': json(200, draft),
      'GET /api/applications/31/': json(200, application),
      'PUT /api/applications/31/verdicts/5/': json(200, { ...uploaded, body: 'The diploma is authentic; signed copy attached.', version: 2 }),
    });
    const upload = vi.fn<NaricBridge['transfer']['upload']>(async () => ({ outcome: 'uploaded_verdict', verdict: uploaded }));
    openSignedIn(officer, '/applications/31/verdict/5', {
      transfer: {
        limits: async () => ({ max_upload_bytes: 1024 * 1024, accepted_media_types: ['application/pdf'] }),
        preview: async () => ({ outcome: 'previewed' as const, data: new TextEncoder().encode('%PDF-1.7') }),
        cancel: async () => {},
        choosePdf: async () => ({ selection: 'sel-1', file_name: 'signed.pdf', size: 2048 }),
        upload,
      },
    });
    const text = await screen.findByRole('textbox', { name: 'Text of the verdict' });
    fireEvent.change(text, { target: { value: 'The diploma is authentic; signed copy attached.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Choose PDF' }));
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Text of the verdict' }) as HTMLTextAreaElement).value).toBe('The diploma is authentic; signed copy attached.');
    fireEvent.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(JSON.parse(calls.find((call) => call.method === 'PUT')!.body)).toEqual({ version: 1, body: 'The diploma is authentic; signed copy attached.' });
  });

  it('explains a stale save in words and offers to reload', async () => {
    stubApi({
      'GET /api/applications/31/verdicts/5/': json(200, draft),
      'GET /api/applications/31/': json(200, application),
      'PUT /api/applications/31/verdicts/5/': json(412, { detail: 'The verdict was changed by someone else.' }),
    });
    open();
    const text = await screen.findByRole('textbox', { name: 'Text of the verdict' });
    fireEvent.change(text, { target: { value: 'Another text' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save text' }));
    expect(await screen.findByText('Someone else changed this verdict or application since you opened it. Reload to see the latest version.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('Another text');
  });

  it('shows a draft read-only to someone who may see the application but not issue documents', async () => {
    stubApi({
      'GET /api/applications/31/verdicts/5/': json(200, withPdf),
      'GET /api/applications/31/': json(200, { ...application, allowed_actions: [] }),
    });
    openSignedIn(makeUser({ id: 11, groups: ['Document Verifiers'], permissions: ['applications.view_application', 'documents.view_document'] }), '/applications/31/verdict/5', {
      transfer: { preview: async () => ({ outcome: 'previewed' as const, data: new TextEncoder().encode('%PDF-1.7') }), cancel: async () => {} },
    });
    const text = await screen.findByRole('textbox', { name: 'Text of the verdict' });
    expect((text as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save text' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Make the PDF from the text' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Choose PDF' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit verdict' })).toBeNull();
    expect(await screen.findByText('Page 1 of 1')).toBeTruthy();
  });

  it('says when the application is not at a step where a verdict can be submitted', async () => {
    stubApi({
      'GET /api/applications/31/verdicts/5/': json(200, withPdf),
      'GET /api/applications/31/': json(200, { ...application, status: 'in_review', allowed_actions: [] }),
    });
    open();
    expect(await screen.findByText('The application is in status “In review”: a verdict cannot be submitted now.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Submit verdict' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
