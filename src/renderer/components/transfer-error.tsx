import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ERROR_CODES } from '../../shared/errors';
import { transferRefusalBody, TRANSFER_REFUSALS } from '../../shared/ipc/transfer-contract';
import { megabytes } from '../../shared/transfer-rules';
import { translateError } from '../lib/error-translator';
import { asTransportError } from '../lib/transport-error';
import { Alert } from './alert';

/**
 * A failed transfer in words (spec §5): 'File too large' with the limit in MB, 'Unsupported
 * file type', or exactly what is wrong with the file; anything else as the error catalogue says.
 */
export function transferErrorMessage(error: unknown, t: TFunction, limitBytes?: number | null): string {
  const transport = asTransportError(error);
  const body = transferRefusalBody.partial().safeParse(transport.body);
  const reason = body.success ? body.data.reason : undefined;
  if (transport.code === ERROR_CODES.payloadTooLarge || reason === 'too_large') {
    const limit = (body.success ? body.data.max_upload_bytes : undefined) ?? limitBytes ?? null;
    return limit ? t('transfer:errors.tooLarge', { limit: megabytes(limit) }) : t('transfer:errors.tooLargeNoLimit');
  }
  if (transport.code === ERROR_CODES.unsupportedFileType || reason === 'not_pdf') return t('transfer:errors.unsupportedType');
  if (reason && (TRANSFER_REFUSALS as readonly string[]).includes(reason)) return t(`transfer:errors.${reason}`);
  return translateError(error, t).message;
}

export interface TransferErrorProps {
  error: unknown;
  limitBytes?: number | null;
  onDismiss?: () => void;
}

export function TransferError({ error, limitBytes, onDismiss }: TransferErrorProps) {
  const { t } = useTranslation('transfer');
  return (
    <Alert tone="error" {...(onDismiss ? { onDismiss } : {})}>
      {transferErrorMessage(error, t, limitBytes)}
    </Alert>
  );
}
