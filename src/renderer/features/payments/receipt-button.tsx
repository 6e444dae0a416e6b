import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentDetail } from '../../../shared/api/payments';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { serverText, translateError } from '../../lib/error-translator';
import { saveBlob } from '../../lib/save-file';
import { fetchReceipt } from './api';

type ReceiptState = { phase: 'idle' } | { phase: 'busy' } | { phase: 'saved'; fileName: string } | { phase: 'failed'; message: string };

/** Download receipt: the server writes the PDF (with its verification code); the page saves it. */
export function ReceiptButton({ payment }: { payment: PaymentDetail }) {
  const { t, i18n } = useTranslation('payments');
  const [state, setState] = useState<ReceiptState>({ phase: 'idle' });

  async function download() {
    setState({ phase: 'busy' });
    try {
      const file = await fetchReceipt(payment.id, payment.application.reference, i18n.resolvedLanguage ?? i18n.language);
      saveBlob(file.blob, file.fileName);
      setState({ phase: 'saved', fileName: file.fileName });
    } catch (error) {
      setState({ phase: 'failed', message: serverText(error, 'detail') ?? translateError(error, t).message });
    }
  }

  return (
    <div className="export-control">
      <Button variant="secondary" onPress={() => void download()} isPending={state.phase === 'busy'}>
        {t('receipt.download')}
      </Button>
      <span className="export-control__note" role="status">
        {state.phase === 'busy' ? t('receipt.busy') : state.phase === 'saved' ? t('receipt.saved', { name: state.fileName }) : ''}
      </span>
      {state.phase === 'failed' ? (
        <Alert tone="error" title={t('receipt.failed')} onDismiss={() => setState({ phase: 'idle' })}>
          {state.message}
        </Alert>
      ) : null}
    </div>
  );
}
