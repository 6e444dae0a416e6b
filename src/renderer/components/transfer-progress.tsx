import { useEffect, useState } from 'react';
import { Label, ProgressBar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { TransferProgress } from '../../shared/ipc/transfer-contract';
import { useFormat } from '../lib/format';
import { getBridge } from '../platform/bridge';
import './transfer-controls.css';

/** The latest `transfer:progress` of one transfer (null before the first, or without an id). */
export function useTransferProgress(transferId: string | null): TransferProgress | null {
  const [progress, setProgress] = useState<TransferProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!transferId) return undefined;
    return getBridge().on('transfer:progress', (payload) => {
      if (payload.transfer_id === transferId) setProgress(payload);
    });
  }, [transferId]);
  return progress;
}

export interface TransferProgressBarProps {
  /** What moves, e.g. 'Uploading diploma.pdf'. */
  label: string;
  progress: TransferProgress | null;
  /** The size when known before the first event (an upload's file). */
  expectedTotal?: number | null;
}

/** A labelled bar with '12.3 MB of 200 MB'; indeterminate while the size is unknown. */
export function TransferProgressBar({ label, progress, expectedTotal = null }: TransferProgressBarProps) {
  const { t } = useTranslation('transfer');
  const { fileSize } = useFormat();
  const loaded = progress?.loaded ?? 0;
  const total = progress?.total ?? expectedTotal;
  const valueLabel =
    total !== null
      ? t('progress', { loaded: fileSize(loaded), total: fileSize(total) })
      : t('progressUnknown', { loaded: fileSize(loaded) });
  return (
    <ProgressBar
      className="transfer-progress"
      value={loaded}
      minValue={0}
      maxValue={total && total > 0 ? total : 1}
      isIndeterminate={total === null}
      valueLabel={valueLabel}
    >
      {({ percentage, valueText }) => (
        <>
          <Label className="transfer-progress__label">{label}</Label>
          <span className="transfer-progress__track" aria-hidden="true">
            <span className="transfer-progress__fill" style={{ width: total === null ? '100%' : `${percentage ?? 0}%` }} />
          </span>
          <span className="transfer-progress__value">{valueText}</span>
        </>
      )}
    </ProgressBar>
  );
}
