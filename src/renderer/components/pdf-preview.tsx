import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DownloadRequest } from '../../shared/ipc/transfer-contract';
import type { PdfDocument } from '../lib/pdf-document';
import { getBridge } from '../platform/bridge';
import { Alert } from './alert';
import { Button } from './button';
import { TransferError } from './transfer-error';
import { TransferProgressBar, useTransferProgress } from './transfer-progress';
import './pdf-preview.css';

export interface PdfPreviewProps {
  /** What to show: a stored document, an issued document, a template's sample, a verdict. */
  request: Omit<DownloadRequest, 'transfer_id'>;
  /** Names the viewer for assistive technology, e.g. 'Preview of diploma.pdf'. */
  label: string;
  /** Page and zoom held by the caller, so two previews side by side turn and zoom together; the viewer's own otherwise. */
  view?: PdfView;
  onViewChange?: (view: PdfView) => void;
}

/** Which page is shown (1-based) and at which of the zoom steps. */
export interface PdfView {
  page: number;
  scaleIndex: number;
}

type PreviewState =
  | { phase: 'loading'; transferId: string }
  | { phase: 'shown'; document: PdfDocument }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: unknown; unreadable: boolean };

/** The zoom steps, shared with the image viewer (specimen-image.tsx) so both zoom alike. */
export const SCALES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;
const DEFAULT_SCALE_INDEX = 2;
export const DEFAULT_PDF_VIEW: PdfView = { page: 1, scaleIndex: DEFAULT_SCALE_INDEX };

/**
 * The PDF inside the app (pdf.js): fetched through the transfer bridge with progress and cancel,
 * then drawn one page at a time with page and zoom controls.
 */
export function PdfPreview({ request, label, view, onViewChange }: PdfPreviewProps) {
  const { t } = useTranslation('transfer');
  const [state, setState] = useState<PreviewState>(() => ({ phase: 'loading', transferId: crypto.randomUUID() }));
  const progress = useTransferProgress(state.phase === 'loading' ? state.transferId : null);
  const requestKey = JSON.stringify(request);

  useEffect(() => {
    const transferId = crypto.randomUUID();
    let current = true;
    let pdf: PdfDocument | null = null;
    setState({ phase: 'loading', transferId });
    void (async () => {
      let outcome;
      try {
        outcome = await getBridge().transfer.preview({ ...(JSON.parse(requestKey) as PdfPreviewProps['request']), transfer_id: transferId });
      } catch (error) {
        if (current) setState({ phase: 'failed', error, unreadable: false });
        return;
      }
      if (!current) return;
      if (outcome.outcome === 'cancelled') {
        setState({ phase: 'cancelled' });
        return;
      }
      try {
        // pdf.js is loaded with the first preview, not with the screen.
        const { openPdfDocument } = await import('../lib/pdf-document');
        pdf = await openPdfDocument(outcome.data);
        if (current) setState({ phase: 'shown', document: pdf });
        else void pdf.destroy();
      } catch (error) {
        if (current) setState({ phase: 'failed', error, unreadable: true });
      }
    })();
    return () => {
      current = false;
      void getBridge().transfer.cancel(transferId).catch(() => {});
      void pdf?.destroy();
    };
  }, [requestKey]);

  return (
    <section className="pdf-preview" aria-label={label}>
      {state.phase === 'loading' ? (
        <div className="pdf-upload__row">
          <TransferProgressBar label={t('previewLoading', { name: request.file_name })} progress={progress} />
          <Button variant="quiet" onPress={() => void getBridge().transfer.cancel(state.transferId).catch(() => {})}>
            {t('cancelDownload')}
          </Button>
        </div>
      ) : null}
      {state.phase === 'cancelled' ? <Alert tone="info">{t('downloadCancelled')}</Alert> : null}
      {state.phase === 'failed' ? state.unreadable ? <Alert tone="error">{t('previewUnreadable')}</Alert> : <TransferError error={state.error} /> : null}
      {state.phase === 'shown' ? <PdfPages document={state.document} label={label} view={view} onViewChange={onViewChange} /> : null}
    </section>
  );
}

/** The pages of a PDF already in memory, with page and zoom controls (also for files that never left this computer). */
export function PdfPages({ document, label, view, onViewChange }: { document: PdfDocument; label: string; view?: PdfView; onViewChange?: (view: PdfView) => void }) {
  const { t } = useTranslation('transfer');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ownView, setOwnView] = useState(DEFAULT_PDF_VIEW);
  const [drawError, setDrawError] = useState(false);
  const pages = document.numPages;
  const shared = view ?? ownView;
  // A shared page past this document's end shows its last page.
  const page = Math.min(Math.max(shared.page, 1), pages);
  const scaleIndex = shared.scaleIndex;
  const change = (next: PdfView) => (onViewChange ? onViewChange(next) : setOwnView(next));
  const setPage = (update: (value: number) => number) => change({ ...shared, page: update(page) });
  const setScaleIndex = (update: (value: number) => number) => change({ ...shared, scaleIndex: update(scaleIndex) });

  useEffect(() => {
    const target = canvas.current;
    if (!target) return undefined;
    let current = true;
    let drawing: { cancel(): void } | null = null;
    void import('../lib/pdf-document').then(({ drawPdfPage }) => {
      if (!current) return;
      const started = drawPdfPage(document, page, target, SCALES[scaleIndex]);
      drawing = started;
      started.done.then(
        () => current && setDrawError(false),
        () => current && setDrawError(true),
      );
    });
    return () => {
      current = false;
      drawing?.cancel();
    };
  }, [document, page, scaleIndex]);

  return (
    <>
      <div className="pdf-preview__toolbar" role="toolbar" aria-label={t('previewTools')}>
        <Button variant="secondary" isDisabled={page <= 1} onPress={() => setPage((value) => value - 1)}>
          {t('previousPage')}
        </Button>
        <span aria-live="polite">{t('pageOf', { page, pages })}</span>
        <Button variant="secondary" isDisabled={page >= pages} onPress={() => setPage((value) => value + 1)}>
          {t('nextPage')}
        </Button>
        <Button variant="quiet" isDisabled={scaleIndex === 0} onPress={() => setScaleIndex((value) => value - 1)}>
          {t('zoomOut')}
        </Button>
        <span>{Math.round(SCALES[scaleIndex] * 100)}%</span>
        <Button variant="quiet" isDisabled={scaleIndex === SCALES.length - 1} onPress={() => setScaleIndex((value) => value + 1)}>
          {t('zoomIn')}
        </Button>
      </div>
      {drawError ? <Alert tone="error">{t('previewUnreadable')}</Alert> : null}
      {/* A zoomed page scrolls inside its box: focusable and named, so a keyboard can scroll it too. */}
      <div className="pdf-preview__page" tabIndex={0} role="region" aria-label={t('pageRegion', { label })}>
        <canvas ref={canvas} role="img" aria-label={t('pageImage', { label, page, pages })} />
      </div>
    </>
  );
}
