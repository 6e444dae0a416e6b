import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import type { CounterStorageError, CounterStorageErrorKind } from './storage-errors';

/** A storage problem in words the officer can act on (what happened, what is safe, what to do). */
export function storageProblemText(kind: CounterStorageErrorKind, t: TFunction): string {
  return t(`counter:storage.${kind}`);
}

export interface SaveStatusProps {
  status: 'idle' | 'saving' | 'saved' | 'failed';
  error: CounterStorageError | null;
  /** When the draft on this computer was last saved (ISO), null before its first save. */
  savedAt: string | null;
}

/**
 * Where the draft stands on this computer: "Saving…", "Saved at 10:42", or why the last changes
 * could not be kept and which version is safe (a full disk never loses the saved draft).
 */
export function SaveStatus({ status, error, savedAt }: SaveStatusProps) {
  const { t } = useTranslation('counter');
  const format = useFormat();
  if (status === 'failed' && error) {
    const safe = savedAt ? t('save.safeSince', { time: format.time(savedAt) }) : t('save.nothingSaved');
    return (
      <p className="counter-save counter-save--failed" role="alert">
        {t(`save.failed.${error.kind}`)} {safe}
      </p>
    );
  }
  return (
    <p className="counter-save" role="status" aria-live="polite">
      {status === 'saving' ? t('save.saving') : savedAt ? t('save.savedAt', { time: format.time(savedAt) }) : t('save.notYet')}
    </p>
  );
}
