import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PdfPreview } from '../../../../src/renderer/components/pdf-preview';
import type { NaricBridge } from '../../../../src/shared/bridge';
import { failure } from '../../../../src/shared/transport-failure';
import { fakeBridge } from '../fixtures';
import { renderRoutes } from '../render';

// pdf.js needs a real canvas and worker (the e2e tests draw real PDFs); here the document is a
// stand-in with three pages so the viewer's own behaviour can be checked.
const drawn: { page: number; scale: number }[] = [];
const opened: Uint8Array[] = [];
vi.mock('../../../../src/renderer/lib/pdf-document', () => ({
  openPdfDocument: async (data: Uint8Array) => {
    opened.push(data);
    if (data[0] !== 0x25) throw new Error('Invalid PDF structure.');
    return { numPages: 3, destroy: async () => {} };
  },
  drawPdfPage: (_document: unknown, page: number, _canvas: HTMLCanvasElement, scale: number) => {
    drawn.push({ page, scale });
    return { done: Promise.resolve(), cancel: () => {} };
  },
}));

const request = { source: 'document', document_id: 41, file_name: 'diploma.pdf', sha256: 'a'.repeat(64) } as const;

function previewBridge(preview: NaricBridge['transfer']['preview'], cancel = vi.fn(async () => {})) {
  window.naric = fakeBridge({ transfer: { preview, cancel } });
}

afterEach(() => {
  cleanup();
  delete window.naric;
  drawn.length = 0;
  opened.length = 0;
});

describe('PdfPreview', () => {
  it('fetches the document through the bridge and shows its pages with page and zoom controls', async () => {
    const preview = vi.fn<NaricBridge['transfer']['preview']>(async () => ({ outcome: 'previewed', data: new TextEncoder().encode('%PDF-1.7') }));
    previewBridge(preview);
    renderRoutes([{ path: '/', element: <PdfPreview request={request} label="Preview of diploma.pdf" /> }]);

    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(preview).toHaveBeenCalledWith(expect.objectContaining({ ...request, transfer_id: expect.any(String) }));
    expect(screen.getByRole('img', { name: 'Preview of diploma.pdf, page 1 of 3' })).toBeTruthy();
    await waitFor(() => expect(drawn.at(-1)).toEqual({ page: 1, scale: 1 }));
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(screen.getByText('125%')).toBeTruthy();
    await waitFor(() => expect(drawn.at(-1)).toEqual({ page: 3, scale: 1.25 }));
  });

  it('says in words when the download fails or the file is not a readable PDF', async () => {
    previewBridge(async () => {
      throw failure('not_found', { status: 404 });
    });
    renderRoutes([{ path: '/', element: <PdfPreview request={request} label="Preview" /> }]);
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    cleanup();

    previewBridge(async () => ({ outcome: 'previewed', data: new TextEncoder().encode('not a pdf') }));
    renderRoutes([{ path: '/', element: <PdfPreview request={request} label="Preview" /> }]);
    expect(await screen.findByText('This PDF cannot be shown here. Open it in the PDF viewer or download it.')).toBeTruthy();
  });

  it('cancels the transfer when it goes away before the file arrives', async () => {
    const cancel = vi.fn(async () => {});
    previewBridge(() => new Promise(() => {}), cancel);
    const view = renderRoutes([{ path: '/', element: <PdfPreview request={request} label="Preview" /> }]);
    expect(await screen.findByRole('progressbar', { name: 'Loading diploma.pdf' })).toBeTruthy();
    view.unmount();
    expect(cancel).toHaveBeenCalledWith(expect.any(String));
  });
});
