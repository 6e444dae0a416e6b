import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DownloadButton } from '../../../../src/renderer/components/download-button';
import { PdfUpload } from '../../../../src/renderer/components/pdf-upload';
import { transferErrorMessage } from '../../../../src/renderer/components/transfer-error';
import { createI18n } from '../../../../src/renderer/lib/i18n';
import type { StoredDocument } from '../../../../src/shared/api/documents';
import type { NaricBridge } from '../../../../src/shared/bridge';
import type { TransferProgress } from '../../../../src/shared/ipc/transfer-contract';
import { transferRefusal } from '../../../../src/shared/transfer-rules';
import { failure } from '../../../../src/shared/transport-failure';
import { fakeBridge } from '../fixtures';
import { renderRoutes } from '../render';

const LIMIT = 25 * 1024 * 1024;
const target = { type: 'application_document', application_id: 7, document_type: 'original_diploma' } as const;
const stored: StoredDocument = {
  id: 41,
  has_file: true,
  active_content: [],
  file_name: 'diploma.pdf',
  document_type: 'original_diploma',
  kind: 'original',
  size: 2_000_000,
  uploaded_at: '2026-01-02T10:00:00Z',
  status: 'pending',
  review_notes: null,
  reviewed_by: null,
  reviewed_at: null,
  application_id: 7,
  application_reference: 'NARIC-2026-00007',
  sha256: null,
  media_type: 'application/pdf',
  uploaded_by: null,
};

/** A promise the test settles, to hold a transfer in flight. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A bridge whose transfer calls the test scripts, and whose progress events it can send. */
function transferBridge(transfer: Partial<NaricBridge['transfer']>) {
  const listeners = new Set<(payload: TransferProgress) => void>();
  const bridge = fakeBridge({
    transfer: { limits: async () => ({ max_upload_bytes: LIMIT, accepted_media_types: ['application/pdf'] }), ...transfer },
    on: ((event: string, listener: (payload: TransferProgress) => void) => {
      if (event !== 'transfer:progress') return () => {};
      listeners.add(listener);
      return () => listeners.delete(listener);
    }) as NaricBridge['on'],
  });
  window.naric = bridge;
  const progress = (payload: TransferProgress) => act(() => listeners.forEach((listener) => listener(payload)));
  return { bridge, progress };
}

afterEach(() => {
  cleanup();
  delete window.naric;
});

describe('PdfUpload', () => {
  it('uploads the chosen PDF with a progress bar and reports the stored document', async () => {
    const upload = deferred<Awaited<ReturnType<NaricBridge['transfer']['upload']>>>();
    const uploadCall = vi.fn<NaricBridge['transfer']['upload']>(() => upload.promise);
    const { progress } = transferBridge({
      choosePdf: async () => ({ selection: 'sel-1', file_name: 'diploma.pdf', size: 2_000_000 }),
      upload: uploadCall,
    });
    const onUploaded = vi.fn();
    renderRoutes([{ path: '/', element: <PdfUpload target={target} onUploaded={onUploaded} /> }]);

    expect(await screen.findByText('PDF only, up to 25 MB')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Choose PDF' }));
    const bar = await screen.findByRole('progressbar', { name: /Uploading diploma\.pdf/ });
    const transferId = uploadCall.mock.calls[0][0].transfer_id;
    expect(uploadCall.mock.calls[0][0]).toMatchObject({ selection: 'sel-1', target });

    await act(async () => {}); // the bar's progress subscription is a passive effect: let it run first
    progress({ transfer_id: transferId, direction: 'upload', loaded: 1_000_000, total: 2_000_000 });
    expect(bar.getAttribute('aria-valuenow')).toBe('1000000');
    expect(bar.getAttribute('aria-valuetext')).toBe('976.6\u00a0KB of 1.9\u00a0MB');
    // Another transfer's progress is not this bar's.
    progress({ transfer_id: 'someone-else', direction: 'upload', loaded: 1_900_000, total: 2_000_000 });
    expect(bar.getAttribute('aria-valuenow')).toBe('1000000');

    await act(async () => upload.resolve({ outcome: 'uploaded', document: stored }));
    expect(await screen.findByText('diploma.pdf was uploaded.')).toBeTruthy();
    expect(onUploaded).toHaveBeenCalledWith(stored);
  });

  it('cancels an upload in flight and says nothing was stored', async () => {
    const upload = deferred<Awaited<ReturnType<NaricBridge['transfer']['upload']>>>();
    const cancel = vi.fn(async () => upload.resolve({ outcome: 'cancelled' }));
    transferBridge({
      choosePdf: async () => ({ selection: 'sel-1', file_name: 'diploma.pdf', size: 2_000_000 }),
      upload: () => upload.promise,
      cancel,
    });
    renderRoutes([{ path: '/', element: <PdfUpload target={target} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose PDF' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel upload' }));
    expect(await screen.findByText('The upload was cancelled. Nothing was stored.')).toBeTruthy();
    expect(cancel).toHaveBeenCalledWith(expect.any(String));
  });

  it("says 'File too large' with the limit, and 'Unsupported file type', in words", async () => {
    const choosePdf = vi
      .fn<NaricBridge['transfer']['choosePdf']>()
      .mockRejectedValueOnce(transferRefusal('too_large', 10 * 1024 * 1024))
      .mockRejectedValueOnce(transferRefusal('not_pdf'))
      .mockRejectedValueOnce(transferRefusal('empty'));
    const upload = vi.fn();
    transferBridge({ choosePdf, upload });
    renderRoutes([{ path: '/', element: <PdfUpload target={target} /> }]);

    fireEvent.click(await screen.findByRole('button', { name: 'Choose PDF' }));
    expect((await screen.findByRole('alert')).textContent).toContain('File too large. The limit is 10 MB.');
    fireEvent.click(screen.getByRole('button', { name: 'Choose PDF' }));
    expect((await screen.findByText(/Unsupported file type/)).textContent).toContain('Unsupported file type. Only PDF files are accepted.');
    fireEvent.click(screen.getByRole('button', { name: 'Choose PDF' }));
    expect(await screen.findByText('The file is empty.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('hands a dropped file to the bridge, and refuses two at once', async () => {
    const dropPdf = vi.fn<NaricBridge['transfer']['dropPdf']>(async () => ({ selection: 'sel-2', file_name: 'scan.pdf', size: 10 }));
    const upload = vi.fn<NaricBridge['transfer']['upload']>(async () => ({ outcome: 'uploaded', document: stored }));
    transferBridge({ dropPdf, upload });
    renderRoutes([{ path: '/', element: <PdfUpload target={target} label="Verification document" /> }]);
    const zone = await screen.findByRole('group', { name: 'Verification document' });
    const file = new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' });

    fireEvent.drop(zone, { dataTransfer: { files: [file, file], types: ['Files'] } });
    expect(await screen.findByText('Drop one PDF at a time.')).toBeTruthy();
    expect(dropPdf).not.toHaveBeenCalled();

    fireEvent.drop(zone, { dataTransfer: { files: [file], types: ['Files'] } });
    expect(await screen.findByText('scan.pdf was uploaded.')).toBeTruthy();
    expect(dropPdf).toHaveBeenCalledWith(file);
    expect(upload.mock.calls[0][0]).toMatchObject({ selection: 'sel-2' });
  });

  it('stops the upload when the screen goes away', async () => {
    const upload = deferred<Awaited<ReturnType<NaricBridge['transfer']['upload']>>>();
    const cancel = vi.fn(async () => {});
    transferBridge({ choosePdf: async () => ({ selection: 'sel-1', file_name: 'a.pdf', size: 1 }), upload: () => upload.promise, cancel });
    const view = renderRoutes([{ path: '/', element: <PdfUpload target={target} /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Choose PDF' }));
    await screen.findByRole('button', { name: 'Cancel upload' });
    view.unmount();
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});

describe('DownloadButton', () => {
  it('downloads with progress and says where the file went', async () => {
    const download = deferred<Awaited<ReturnType<NaricBridge['transfer']['download']>>>();
    const downloadCall = vi.fn<NaricBridge['transfer']['download']>(() => download.promise);
    const { progress } = transferBridge({ download: downloadCall });
    renderRoutes([{ path: '/', element: <DownloadButton documentId={41} fileName="diploma.pdf" sha256={'b'.repeat(64)} /> }]);

    fireEvent.click(await screen.findByRole('button', { name: 'Download' }));
    const bar = await screen.findByRole('progressbar', { name: /Downloading diploma\.pdf/ });
    const request = downloadCall.mock.calls[0][0];
    expect(request).toMatchObject({ document_id: 41, file_name: 'diploma.pdf', sha256: 'b'.repeat(64) });
    await act(async () => {});
    progress({ transfer_id: request.transfer_id, direction: 'download', loaded: 512, total: 2048 });
    expect(bar.getAttribute('aria-valuetext')).toBe('512\u00a0B of 2\u00a0KB');

    await act(async () => download.resolve({ outcome: 'saved', file_name: 'Diplomë.pdf', size: 2048 }));
    expect(await screen.findByText('Diplomë.pdf was saved.')).toBeTruthy();
  });

  it('opens with the viewer, and shows a failure in words', async () => {
    const open = vi.fn<NaricBridge['transfer']['open']>().mockRejectedValueOnce(failure('not_found', { status: 404 }));
    transferBridge({ open });
    renderRoutes([{ path: '/', element: <DownloadButton documentId={41} fileName="diploma.pdf" action="open" /> }]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open in PDF viewer' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Page not found');
  });
});

describe('DownloadButton with a PDF that carries active content', () => {
  it('asks in words before the system viewer opens it, and opens only when confirmed', async () => {
    const open = vi.fn<NaricBridge['transfer']['open']>(async () => ({ outcome: 'opened', file_name: 'diploma.pdf', size: 10 }));
    transferBridge({ open });
    renderRoutes([{ path: '/', element: <DownloadButton documentId={41} fileName="diploma.pdf" action="open" activeContent={['javascript', 'launch']} /> }]);

    fireEvent.click(await screen.findByRole('button', { name: 'Open in PDF viewer' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Open a PDF with active content?' });
    expect(warning.textContent).toContain('diploma.pdf contains:');
    expect(within(warning).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['scripts (JavaScript)', 'a command that starts a program']);
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Open in PDF viewer' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Open anyway' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('diploma.pdf is open in the PDF viewer.')).toBeTruthy();
  });

  it('opens a clean file and saves a flagged one without asking', async () => {
    const open = vi.fn<NaricBridge['transfer']['open']>(async () => ({ outcome: 'opened', file_name: 'clean.pdf', size: 10 }));
    const download = vi.fn<NaricBridge['transfer']['download']>(async () => ({ outcome: 'saved', file_name: 'flagged.pdf', size: 10 }));
    transferBridge({ open, download });
    renderRoutes([
      {
        path: '/',
        element: (
          <>
            <DownloadButton documentId={41} fileName="clean.pdf" action="open" activeContent={[]} />
            <DownloadButton documentId={42} fileName="flagged.pdf" activeContent={['embedded_file']} />
          </>
        ),
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Open in PDF viewer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('transfer error messages', () => {
  const t = createI18n('sq').t;
  it('translates the limit and the refusals, and falls back to the error catalogue', () => {
    expect(transferErrorMessage(transferRefusal('too_large', 5 * 1024 * 1024), t)).toBe('Skedari është shumë i madh. Kufiri është 5 MB.');
    // A server 413 without the limit in its body: the published limit the control knows.
    expect(transferErrorMessage(failure('payload_too_large', { status: 413 }), t, 25 * 1024 * 1024)).toBe('Skedari është shumë i madh. Kufiri është 25 MB.');
    expect(transferErrorMessage(failure('unsupported_file_type', { status: 415 }), t)).toBe('Lloj skedari i pambështetur. Pranohen vetëm skedarë PDF.');
    expect(transferErrorMessage(transferRefusal('changed'), t)).toBe('Skedari ndryshoi gjatë dërgimit. Zgjidheni përsëri.');
    expect(transferErrorMessage(failure('network_error'), t)).toBe(t('errors:network_error'));
  });
});
