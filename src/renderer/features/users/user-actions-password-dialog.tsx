import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { SelectField } from '../../components/select-field';
import { refusalText } from '../../lib/error-translator';
import { PASSWORD_DELIVERIES, type PasswordDelivery, type UserDetail } from '../../../shared/api/users';
import { useResetPassword } from './detail-api';
import { TemporaryPassword, type ShownPassword } from './user-actions-temporary-password';

/**
 * Reset password: a temporary password, single use and expiring, sent by e-mail through the
 * outbox or shown here once; the person must change it at the next sign-in.
 */
export function ResetPasswordDialog({ user, isOpen, onClose }: { user: UserDetail; isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation(['users', 'common']);
  const reset = useResetPassword(user.id);
  const [delivery, setDelivery] = useState<PasswordDelivery>('email');
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [emailed, setEmailed] = useState(false);
  const close = () => {
    reset.reset();
    // Closing forgets the password: it is shown once.
    setShown(null);
    setEmailed(false);
    onClose();
  };
  const done = shown !== null || emailed;
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('actions.resetTitle', { name: user.full_name })} isBusy={reset.isPending}>
      <div className="dialog__body">
        {shown ? <TemporaryPassword shown={shown} /> : null}
        {emailed ? <p role="status">{t('actions.resetEmailed', { email: user.email })}</p> : null}
        {done ? null : (
          <>
            <p>{t('actions.resetExplained')}</p>
            <SelectField
              label={t('fields.password_delivery')}
              value={delivery}
              // An administrator's temporary password is never shown (the server refuses it): e-mail only.
              options={PASSWORD_DELIVERIES.filter((option) => !user.is_admin || option === 'email').map((option) => ({ value: option, label: t(`deliveries.${option}`) }))}
              onChange={(value) => setDelivery(value as PasswordDelivery)}
            />
          </>
        )}
      </div>
      <FormError message={refusalText(reset.error, t)} />
      <div className="dialog__actions">
        <Button variant={done ? 'primary' : 'secondary'} onPress={close} isDisabled={reset.isPending}>
          {done ? t('actions.done') : t('common:cancel')}
        </Button>
        {done ? null : (
          <Button
            variant="danger"
            isPending={reset.isPending}
            onPress={() =>
              reset.mutate(delivery, {
                onSuccess: (answer) => {
                  if (answer.temporary_password !== null) setShown({ password: answer.temporary_password, expiresAt: answer.expires_at });
                  else setEmailed(true);
                },
              })
            }
          >
            {t('actions.resetPassword')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
