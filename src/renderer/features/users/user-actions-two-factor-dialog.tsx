import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { TextAreaField } from '../../components/text-area-field';
import { notifySuccess } from '../../components/toast';
import { USER_LIMITS, type UserDetail } from '../../../shared/api/users';
import { useDisableTwoFactor } from './detail-api';
import { refusalOf } from './user-actions-refusal';

/**
 * Turn off two-factor: for a person who lost their authenticator and backup codes, only after
 * checking who they are; the reason and the check are recorded in the audit.
 */
export function TwoFactorDialog({ user, isOpen, onClose }: { user: UserDetail; isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation(['users', 'common']);
  const disable = useDisableTwoFactor(user.id);
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; identity?: string }>({});
  const refusal = refusalOf(disable.error, t);
  const close = () => {
    disable.reset();
    setReason('');
    setChecked(false);
    setErrors({});
    onClose();
  };
  const submit = () => {
    const found: { reason?: string; identity?: string } = {};
    if (reason.trim() === '') found.reason = t('messages.required');
    else if (reason.trim().length > USER_LIMITS.reason) found.reason = t('form.tooLong', { count: USER_LIMITS.reason });
    if (!checked) found.identity = t('messages.identityNotChecked');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    disable.mutate(
      { reason: reason.trim(), identity_checked: true },
      {
        onSuccess: () => {
          notifySuccess('updated', user.full_name);
          close();
        },
      },
    );
  };
  const identityError = errors.identity ?? refusal.fields.identity_checked;
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('actions.twoFactorTitle', { name: user.full_name })} isBusy={disable.isPending}>
      <div className="dialog__body">
        <p>{t('actions.twoFactorExplained')}</p>
        <TextAreaField
          label={t('actions.reason')}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setErrors({});
            disable.reset();
          }}
          errorMessage={errors.reason ?? refusal.fields.reason}
        />
        <Checkbox
          isSelected={checked}
          onChange={(value) => {
            setChecked(value);
            setErrors({});
            disable.reset();
          }}
          isInvalid={identityError ? true : undefined}
          aria-describedby={identityError ? 'two-factor-identity-error' : undefined}
        >
          {t('actions.identityChecked')}
        </Checkbox>
        {identityError ? (
          <p id="two-factor-identity-error" className="field__error">
            {identityError}
          </p>
        ) : null}
      </div>
      <FormError message={refusal.message} />
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={disable.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="danger" isPending={disable.isPending} onPress={submit}>
          {t('actions.turnOffTwoFactor')}
        </Button>
      </div>
    </Dialog>
  );
}
