import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PDF_VIEW, type PdfView } from '../../../../src/renderer/components/pdf-preview';
import { SpecimenImagePreview } from '../../../../src/renderer/components/specimen-image';
import { stubApi } from '../api-stub';
import { renderRoutes } from '../render';

// A specimen's image in Compare with specimen: fetched like any call, shown from memory, as wide
// at 100 % as an A4 page the PDF viewer draws, and zoomed with the view the dialog shares with the
// submitted document's preview.

// jsdom has no object addresses: the preview is given one per image, as a browser would.
const objectUrls = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:specimen-7');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Object.assign(URL, objectUrls);
});

function Shared({ report }: { report(view: PdfView): void }) {
  const [view, setView] = useState<PdfView>(DEFAULT_PDF_VIEW);
  return (
    <SpecimenImagePreview
      versionId={7}
      sha256="ab"
      label="Genuine document"
      view={view}
      onViewChange={(next) => {
        setView(next);
        report(next);
      }}
    />
  );
}

describe('the specimen image preview', () => {
  it('shows the version’s image at the shared zoom and zooms the shared view', async () => {
    const calls = stubApi({ 'GET /api/reference/specimen-versions/7/file/': new Response(new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), { status: 200 }) });
    let last: PdfView | null = null;
    renderRoutes([{ path: '/', element: <Shared report={(view) => (last = view)} /> }], { path: '/' });
    const image = await screen.findByRole('img', { name: 'Genuine document, page 1 of 1' });
    expect(image.getAttribute('src')).toBe('blob:specimen-7');
    expect((image as HTMLImageElement).style.width).toBe('595px');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/reference/specimen-versions/7/file/']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Zoom in' })));
    expect(last).toEqual({ page: 1, scaleIndex: DEFAULT_PDF_VIEW.scaleIndex + 1 });
    expect((screen.getByRole('img', { name: 'Genuine document, page 1 of 1' }) as HTMLImageElement).style.width).toBe('744px');
  });
});
