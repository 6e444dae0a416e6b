import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActiveContentKind } from '../../shared/api/applications';
import type { DownloadOutcome, DownloadSource } from '../../shared/ipc/transfer-contract';
import { getBridge } from '../platform/bridge';
import { useActiveContentWords } from './active-content';
import { Alert } from './alert';
import { Button, type ButtonVariant } from './button';
import { ConfirmDialog } from './dialog';
import { TransferError } from './transfer-error';
import { TransferProgressBar, useTransferProgress } from './transfer-progress';

export interface DownloadButtonProps {
  /** What `documentId` names (a stored document by default); a verdict also needs its `applicationId`. */
  source?: DownloadSource;
  documentId: number;
  applicationId?: number;
  fileName: string;
  /** The stored document's SHA-256, when known: the downloaded file must match it. */
  sha256?: string | null;
  /** save: ask where and save there; open: the system's PDF viewer (a new tab in the browser). */
  action?: 'save' | 'open';
  /** Replaces 'Download' / 'Open in PDF viewer'. */
  label?: string;
  variant?: ButtonVariant;
  isDisabled?: boolean;
  /** What the file's scan found: opening it in the system viewer asks first, naming it. */
  activeContent?: readonly ActiveContentKind[];
}

type DownloadState =
  | { phase: 'idle' }
  | { phase: 'running'; transferId: string }
  | { phase: 'done'; outcome: DownloadOutcome }
  | { phase: 'failed'; error: unknown };

/** Downloads one document with a progress bar and a cancel button, then says where it went. */
export function DownloadButton({
  source = 'document',
  documentId,
  applicationId,
  fileName,
  sha256 = null,
  action = 'save',
  label,
  variant = 'secondary',
  isDisabled = false,
  activeContent = [],
}: DownloadButtonProps) {
  const { t } = useTranslation('transfer');
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const activeWords = useActiveContentWords(activeContent);
  // The system viewer may run a flagged file's scripts and actions; saving it runs nothing.
  const mustWarn = action === 'open' && activeContent.length > 0;
  const running = useRef<string | null>(null);
  const progress = useTransferProgress(state.phase === 'running' ? state.transferId : null);

  useEffect(
    () => () => {
      if (running.current) void getBridge().transfer.cancel(running.current).catch(() => {});
    },
    [],
  );

  async function start() {
    const transferId = crypto.randomUUID();
    running.current = transferId;
    setState({ phase: 'running', transferId });
    const request = { transfer_id: transferId, source, document_id: documentId, application_id: applicationId, file_name: fileName, sha256 };
    try {
      // Called before any await: the browser shell opens its viewer tab while the click counts.
      const pending = action === 'open' ? getBridge().transfer.open(request) : getBridge().transfer.download(request);
      setState({ phase: 'done', outcome: await pending });
    } catch (error) {
      setState({ phase: 'failed', error });
    } finally {
      running.current = null;
    }
  }

  const isRunning = state.phase === 'running';
  return (
    <div className="download-control">
      <Button variant={variant} isDisabled={isDisabled || isRunning} isPending={isRunning} onPress={() => (mustWarn ? setConfirming(true) : void start())}>
        {label ?? (action === 'open' ? t('openPdf') : t('download'))}
      </Button>
      {state.phase === 'running' ? (
        <div className="pdf-upload__row">
          <TransferProgressBar label={t(action === 'open' ? 'opening' : 'downloading', { name: fileName })} progress={progress} />
          <Button variant="quiet" onPress={() => void getBridge().transfer.cancel(state.transferId).catch(() => {})}>
            {t('cancelDownload')}
          </Button>
        </div>
      ) : null}
      {state.phase === 'done' && state.outcome.outcome === 'saved' ? <Alert tone="success">{t('saved', { name: state.outcome.file_name })}</Alert> : null}
      {state.phase === 'done' && state.outcome.outcome === 'opened' ? <Alert tone="success">{t('opened', { name: state.outcome.file_name })}</Alert> : null}
      {state.phase === 'done' && state.outcome.outcome === 'cancelled' ? <Alert tone="info">{t('downloadCancelled')}</Alert> : null}
      {state.phase === 'failed' ? <TransferError error={state.error} onDismiss={() => setState({ phase: 'idle' })} /> : null}
      {mustWarn ? (
        <ConfirmDialog
          isOpen={confirming}
          onOpenChange={setConfirming}
          title={t('activeContent.confirmTitle')}
          message={
            <>
              <p>{t('activeContent.confirmMessage', { name: fileName })}</p>
              <ul>
                {activeWords.map((words) => (
                  <li key={words}>{words}</li>
                ))}
              </ul>
              <p>{t('activeContent.confirmRisk')}</p>
            </>
          }
          confirmLabel={t('activeContent.confirmOpen')}
          isDestructive
          onConfirm={() => {
            setConfirming(false);
            void start();
          }}
        />
      ) : null}
    </div>
  );
}
