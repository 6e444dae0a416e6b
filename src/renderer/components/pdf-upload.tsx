import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StoredDocument } from '../../shared/api/documents';
import type { Verdict } from '../../shared/api/issuance';
import type { CouncilMeeting } from '../../shared/api/councils';
import type { ExpertReview } from '../../shared/api/experts';
import type { Specimen } from '../../shared/api/diploma-specimens';
import type { PdfSelection, UploadTarget } from '../../shared/ipc/transfer-contract';
import { megabytes } from '../../shared/transfer-rules';
import { useUnsavedWork } from '../lib/unsaved-work';
import { getBridge } from '../platform/bridge';
import { Alert } from './alert';
import { Button } from './button';
import { TransferError } from './transfer-error';
import { TransferProgressBar, useTransferProgress } from './transfer-progress';

export interface PdfUploadProps {
  /** Where the PDF goes (e.g. a document of an application). */
  target: UploadTarget;
  /** Called with the stored document once the server has it. */
  onUploaded?: (document: StoredDocument) => void;
  /** With a `verdict_file` target: called with the verdict the server answered. */
  onVerdictUploaded?: (verdict: Verdict) => void;
  /** With a `council_minutes` target: called with the meeting the server answered. */
  onMinutesUploaded?: (meeting: CouncilMeeting) => void;
  /** With an `expert_review_report` target: called with the review the server answered. */
  onReviewReportUploaded?: (review: ExpertReview) => void;
  /** With a `diploma_specimen` target: called with the specimen (its new version) the server answered. */
  onSpecimenUploaded?: (specimen: Specimen) => void;
  /** The screen's own words for a refusal it knows (e.g. a second upload where one is allowed); null for the usual ones. */
  describeError?: (error: unknown) => string | null;
  /** A visible title for the zone, e.g. 'Verification document'. */
  label?: string;
  isDisabled?: boolean;
}

type UploadState =
  | { phase: 'idle' }
  | { phase: 'checking' }
  | { phase: 'uploading'; transferId: string; fileName: string; size: number }
  | { phase: 'uploaded'; fileName: string }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: unknown }
  | { phase: 'one_file_only' };

/** Files are being dragged (not text or a link). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * Choose a PDF (the system's dialog) or drop one on the zone; it is checked (PDF, not empty,
 * within the server's limit), then uploaded with a progress bar and a cancel button. The file's
 * bytes never pass through the page on the desktop: main reads them from disk.
 */
export function PdfUpload({ target, onUploaded, onVerdictUploaded, onMinutesUploaded, onReviewReportUploaded, onSpecimenUploaded, describeError, label, isDisabled = false }: PdfUploadProps) {
  const { t } = useTranslation('transfer');
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [limit, setLimit] = useState<number | null>(null);
  const [dragging, setDragging] = useState(false);
  const running = useRef<string | null>(null);
  const progress = useTransferProgress(state.phase === 'uploading' ? state.transferId : null);
  const busy = state.phase === 'checking' || state.phase === 'uploading';
  // An update's restart waits for it (main refuses to interrupt an upload; the page names it too).
  useUnsavedWork('transfer', state.phase === 'uploading', state.phase === 'uploading' ? state.fileName : null);

  useEffect(() => {
    let live = true;
    // Only for the hint; the check itself happens when a file is chosen.
    getBridge()
      .transfer.limits()
      .then((limits) => live && setLimit(limits.max_upload_bytes))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  // Leaving the screen stops an upload in flight; the server keeps nothing of it.
  useEffect(
    () => () => {
      if (running.current) void getBridge().transfer.cancel(running.current).catch(() => {});
    },
    [],
  );

  async function send(select: () => Promise<PdfSelection | null>) {
    setState({ phase: 'checking' });
    try {
      const selection = await select();
      if (!selection) {
        setState({ phase: 'idle' });
        return;
      }
      const transferId = crypto.randomUUID();
      running.current = transferId;
      setState({ phase: 'uploading', transferId, fileName: selection.file_name, size: selection.size });
      const outcome = await getBridge().transfer.upload({ transfer_id: transferId, selection: selection.selection, target });
      if (outcome.outcome === 'cancelled') {
        setState({ phase: 'cancelled' });
        return;
      }
      setState({ phase: 'uploaded', fileName: selection.file_name });
      if (outcome.outcome === 'uploaded_verdict') onVerdictUploaded?.(outcome.verdict);
      else if (outcome.outcome === 'uploaded_minutes') onMinutesUploaded?.(outcome.meeting);
      else if (outcome.outcome === 'uploaded_review_report') onReviewReportUploaded?.(outcome.review);
      else if (outcome.outcome === 'uploaded_specimen') onSpecimenUploaded?.(outcome.specimen);
      else onUploaded?.(outcome.document);
    } catch (error) {
      setState({ phase: 'failed', error });
    } finally {
      running.current = null;
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (busy || isDisabled) return;
    const files = event.dataTransfer.files;
    if (files.length !== 1) {
      setState({ phase: 'one_file_only' });
      return;
    }
    const file = files[0];
    void send(() => getBridge().transfer.dropPdf(file));
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!carriesFiles(event)) return;
    // Without this the browser (or Electron) would open the file instead of handing it over.
    event.preventDefault();
    event.dataTransfer.dropEffect = busy || isDisabled ? 'none' : 'copy';
    if (!busy && !isDisabled) setDragging(true);
  }

  return (
    <div
      role="group"
      aria-label={label ?? t('dropHere')}
      className={dragging ? 'pdf-upload pdf-upload--active' : 'pdf-upload'}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="pdf-upload"
    >
      {label ? <p className="pdf-upload__title">{label}</p> : null}
      <div className="pdf-upload__row">
        <Button variant="secondary" isDisabled={isDisabled || busy} isPending={state.phase === 'checking'} onPress={() => void send(() => getBridge().transfer.choosePdf())}>
          {t('choosePdf')}
        </Button>
        <span>{dragging ? t('dropActive') : t('dropHere')}</span>
      </div>
      <p className="pdf-upload__hint">{limit ? t('hint', { limit: megabytes(limit) }) : t('hintNoLimit')}</p>
      {state.phase === 'uploading' ? (
        <div className="pdf-upload__row">
          <TransferProgressBar label={t('uploading', { name: state.fileName })} progress={progress} expectedTotal={state.size} />
          <Button variant="quiet" onPress={() => void getBridge().transfer.cancel(state.transferId).catch(() => {})}>
            {t('cancelUpload')}
          </Button>
        </div>
      ) : null}
      {state.phase === 'uploaded' ? <Alert tone="success">{t('uploaded', { name: state.fileName })}</Alert> : null}
      {state.phase === 'cancelled' ? <Alert tone="info">{t('uploadCancelled')}</Alert> : null}
      {state.phase === 'one_file_only' ? <Alert tone="error">{t('errors.oneFile')}</Alert> : null}
      {state.phase === 'failed' ? (
        (describeError?.(state.error) ?? null) !== null ? (
          <Alert tone="error" onDismiss={() => setState({ phase: 'idle' })}>
            {describeError?.(state.error)}
          </Alert>
        ) : (
          <TransferError error={state.error} limitBytes={limit} onDismiss={() => setState({ phase: 'idle' })} />
        )
      ) : null}
    </div>
  );
}
