import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { PdfPages } from '../../components/pdf-preview';
import { Spinner } from '../../components/spinner';
import { TransferError } from '../../components/transfer-error';
import type { PdfDocument } from '../../lib/pdf-document';
import { getBridge } from '../../platform/bridge';

type PreviewState = { phase: 'loading' } | { phase: 'shown'; document: PdfDocument } | { phase: 'failed'; error: unknown; unreadable: boolean };

/**
 * A scan kept for a draft, drawn in the app: its bytes come from the bridge's keeping (desktop:
 * main decrypts the file in the user-data folder), never from the server, so it works offline.
 */
export function AttachmentPreview({ attachmentId, label }: { attachmentId: string; label: string }) {
  const { t } = useTranslation('transfer');
  const [state, setState] = useState<PreviewState>({ phase: 'loading' });

  useEffect(() => {
    let current = true;
    let pdf: PdfDocument | null = null;
    setState({ phase: 'loading' });
    void (async () => {
      let data: Uint8Array;
      try {
        ({ data } = await getBridge().counter.readAttachment({ attachment_id: attachmentId }));
      } catch (error) {
        if (current) setState({ phase: 'failed', error, unreadable: false });
        return;
      }
      try {
        // pdf.js comes with the first preview, not with the screen.
        const { openPdfDocument } = await import('../../lib/pdf-document');
        pdf = await openPdfDocument(data);
        if (current) setState({ phase: 'shown', document: pdf });
        else void pdf.destroy();
      } catch (error) {
        if (current) setState({ phase: 'failed', error, unreadable: true });
      }
    })();
    return () => {
      current = false;
      void pdf?.destroy();
    };
  }, [attachmentId]);

  return (
    <section className="pdf-preview" aria-label={label}>
      {state.phase === 'loading' ? <Spinner /> : null}
      {state.phase === 'failed' ? state.unreadable ? <Alert tone="error">{t('previewUnreadable')}</Alert> : <TransferError error={state.error} /> : null}
      {state.phase === 'shown' ? <PdfPages document={state.document} label={label} /> : null}
    </section>
  );
}
