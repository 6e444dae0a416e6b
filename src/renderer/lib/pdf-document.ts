import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
// The worker is bundled as an asset of our own origin: the page's CSP allows scripts from 'self' only.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type PdfDocument = PDFDocumentProxy;

/**
 * Parses a PDF in pdf.js's worker. The bytes are handed over (the array is detached afterwards).
 * No eval (the CSP forbids it), no scripting, no external fetches.
 */
export async function openPdfDocument(data: Uint8Array): Promise<PdfDocument> {
  return getDocument({ data, isEvalSupported: false, enableXfa: false, stopAtErrors: false }).promise;
}

export interface PageDrawing {
  done: Promise<void>;
  /** Stops the drawing (a newer page or scale replaces it); `done` then rejects. */
  cancel(): void;
}

/** Draws one page into `canvas` at `scale`, sharp on high-density screens. */
export function drawPdfPage(document: PdfDocument, pageNumber: number, canvas: HTMLCanvasElement, scale: number): PageDrawing {
  let cancelled = false;
  let cancelRender = () => {};
  const done = (async () => {
    const page = await document.getPage(pageNumber);
    if (cancelled) throw new Error('cancelled');
    const pixelRatio = window.devicePixelRatio || 1;
    const viewport = page.getViewport({ scale });
    canvas.width = Math.floor(viewport.width * pixelRatio);
    canvas.height = Math.floor(viewport.height * pixelRatio);
    canvas.style.width = `${Math.floor(viewport.width)}px`;
    canvas.style.height = `${Math.floor(viewport.height)}px`;
    const task = page.render({ canvas, viewport, transform: pixelRatio === 1 ? undefined : [pixelRatio, 0, 0, pixelRatio, 0, 0] });
    cancelRender = () => task.cancel();
    await task.promise;
  })();
  return {
    done,
    cancel() {
      cancelled = true;
      cancelRender();
    },
  };
}
