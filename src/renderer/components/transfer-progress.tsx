import { useEffect, useState } from 'react';
import { Label, ProgressBar } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { TransferProgress } from '../../shared/ipc/transfer-contract';
import { localeTag } from '../lib/language';
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

/** 12.3 MB, 850 kB, in the reader's language. */
export function formatFileSize(bytes: number, language: string | undefined): string {
  const [unit, value] = bytes >= 1024 * 1024 ? (['megabyte', bytes / (1024 * 1024)] as const) : bytes >= 1024 ? (['kilobyte', bytes / 1024] as const) : (['byte', bytes] as const);
  return new Intl.NumberFormat(localeTag(language), { style: 'unit', unit, maximumFractionDigits: unit === 'byte' ? 0 : 1 }).format(value);
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
  const { t, i18n } = useTranslation('transfer');
  const loaded = progress?.loaded ?? 0;
  const total = progress?.total ?? expectedTotal;
  const valueLabel =
    total !== null
      ? t('progress', { loaded: formatFileSize(loaded, i18n.language), total: formatFileSize(total, i18n.language) })
      : t('progressUnknown', { loaded: formatFileSize(loaded, i18n.language) });
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
