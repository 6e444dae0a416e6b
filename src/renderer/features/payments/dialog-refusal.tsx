import { useTranslation } from 'react-i18next';
import { RefusalAlert } from '../../components/refusal-alert';
import { describeRefusal, unshownFieldMessages } from '../../lib/error-translator';

interface DialogRefusalProps {
  /** The failed request's error, or null while there is none. */
  error: unknown;
  /** The fields the dialog shows: their messages are on the fields, the rest go in the alert. */
  shownFields: readonly string[];
  /** Closes the dialog and reloads the payment (a stale version, a moved application). */
  onReload: () => void;
}

/** A refused payment action in the payments dialogs: the one RefusalAlert, with the payments' own words for bare statuses. */
export function DialogRefusal({ error, shownFields, onReload }: DialogRefusalProps) {
  const { t } = useTranslation('payments');
  if (!error) return null;
  const refusal = describeRefusal(error, t, { 403: t('errors.forbidden'), 409: t('errors.conflict'), 412: t('errors.stale') });
  return (
    <RefusalAlert
      title={t('errors.refused')}
      message={refusal.message}
      details={unshownFieldMessages(refusal.fieldErrors, shownFields)}
      reload={refusal.offerReload ? { label: t('errors.reload'), onReload } : null}
    />
  );
}
