import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { TransferError } from '../../components/transfer-error';
import { useFormat } from '../../lib/format';
import { getBridge } from '../../platform/bridge';
import type { DocumentType } from '../../../shared/document-types';
import type { PdfSelection } from '../../../shared/ipc/transfer-contract';
import { AttachmentPreview } from './attachment-preview';
import { kindOf } from './draft-checks';
import type { DraftDocument } from './draft-model';

export interface AttachmentSlotProps {
  /** The document's name as the officer reads it ("Original diploma"); also names the group. */
  title: string;
  documentType: DocumentType;
  required?: boolean;
  /** What the service says about this document, in the interface language. */
  description?: string;
  document: DraftDocument | null;
  onAttach(document: DraftDocument): void;
  onRemove(document: DraftDocument): void;
  isDisabled?: boolean;
}

type SlotState = { phase: 'idle' } | { phase: 'keeping' } | { phase: 'failed'; error: unknown } | { phase: 'one_file_only' };

/** Files are being dragged (not text or a link). */
function carriesFiles(event: DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * One document of a draft: scanned or chosen (the system's dialog) or dropped, checked by the
 * bridge (PDF, not empty, within the limit) and KEPT on this computer — nothing is uploaded until
 * the outbox sends the application. Its upload key is chosen now, so every later try of the
 * upload names the same file.
 */
export function AttachmentSlot({ title, documentType, required = false, description, document, onAttach, onRemove, isDisabled = false }: AttachmentSlotProps) {
  const { t } = useTranslation(['counter', 'transfer']);
  const format = useFormat();
  const [state, setState] = useState<SlotState>({ phase: 'idle' });
  const [dragging, setDragging] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const busy = state.phase === 'keeping';

  async function keep(select: () => Promise<PdfSelection | null>) {
    setState({ phase: 'keeping' });
    try {
      const selection = await select();
      if (!selection) {
        setState({ phase: 'idle' });
        return;
      }
      const kept = await getBridge().counter.keepAttachment({ selection: selection.selection });
      onAttach({
        attachment_id: kept.attachment_id,
        upload_key: crypto.randomUUID(),
        document_type: documentType,
        kind: kindOf(documentType),
        file_name: kept.file_name,
        size: kept.size,
        sha256: kept.sha256,
      });
      setState({ phase: 'idle' });
    } catch (error) {
      setState({ phase: 'failed', error });
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (busy || isDisabled || document) return;
    const files = event.dataTransfer.files;
    if (files.length !== 1) {
      setState({ phase: 'one_file_only' });
      return;
    }
    const file = files[0];
    void keep(() => getBridge().transfer.dropPdf(file));
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!carriesFiles(event)) return;
    // Without this the browser (or Electron) would open the file instead of handing it over.
    event.preventDefault();
    const accepts = !busy && !isDisabled && !document;
    event.dataTransfer.dropEffect = accepts ? 'copy' : 'none';
    if (accepts) setDragging(true);
  }

  return (
    <div
      role="group"
      aria-label={title}
      className={['counter-document', dragging ? 'counter-document--active' : '', document ? 'counter-document--attached' : ''].filter(Boolean).join(' ')}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <div className="counter-document__head">
        <p className="counter-document__title">
          {title}
          {required ? <span className="counter-document__required"> · {t('documents.required')}</span> : null}
        </p>
        {description ? <p className="field__description">{description}</p> : null}
      </div>
      {document ? (
        <div className="counter-document__row">
          <span className="counter-document__file">{t('documents.file', { name: document.file_name, size: format.fileSize(document.size) })}</span>
          <Button variant="quiet" onPress={() => setPreviewing((shown) => !shown)} aria-expanded={previewing}>
            {previewing ? t('transfer:hidePreview') : t('transfer:showPreview')}
          </Button>
          <Button
            variant="quiet"
            isDisabled={isDisabled}
            onPress={() => {
              setPreviewing(false);
              onRemove(document);
            }}
            aria-label={t('documents.removeNamed', { name: document.file_name })}
          >
            {t('documents.remove')}
          </Button>
        </div>
      ) : (
        <div className="counter-document__row">
          <Button variant="secondary" isDisabled={isDisabled || busy} isPending={busy} onPress={() => void keep(() => getBridge().transfer.choosePdf())}>
            {t('documents.choose')}
          </Button>
          <span className="field__description">{dragging ? t('documents.dropActive') : t('documents.dropHere')}</span>
        </div>
      )}
      {state.phase === 'failed' ? <TransferError error={state.error} onDismiss={() => setState({ phase: 'idle' })} /> : null}
      {state.phase === 'one_file_only' ? <Alert tone="error">{t('transfer:errors.oneFile')}</Alert> : null}
      {document && previewing ? <AttachmentPreview attachmentId={document.attachment_id} label={t('documents.previewOf', { name: document.file_name })} /> : null}
    </div>
  );
}
