import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import type { PaymentRefusal } from './payment-refusal';

/**
 * The server's refusal inside a dialog; field messages of fields the dialog does not show are
 * listed with it. When the screen is out of date, a button reloads the payment.
 */
export function RefusalAlert({ refusal, shownFields, onReload }: { refusal: PaymentRefusal | null; shownFields: readonly string[]; onReload(): void }) {
  const { t } = useTranslation('payments');
  if (!refusal) return null;
  const others = Object.entries(refusal.fieldErrors)
    .filter(([field]) => !shownFields.includes(field))
    .flatMap(([, messages]) => messages);
  return (
    <Alert tone="error" title={t('errors.refused')}>
      <p>{refusal.message}</p>
      {others.length > 0 ? (
        <ul>
          {others.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {refusal.offerReload ? (
        <Button variant="secondary" onPress={onReload}>
          {t('errors.reload')}
        </Button>
      ) : null}
    </Alert>
  );
}
