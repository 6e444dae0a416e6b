import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormCheckbox, FormRootError, FormTextAreaField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { disableTwoFactorRequest, type UserDetail } from '../../../shared/api/users';
import { describeRefusal } from '../../lib/error-translator';
import { topField, useSchemaForm } from '../../lib/form';
import { useDisableTwoFactor } from './detail-api';

interface TwoFactorValues {
  reason: string;
  identity_checked: boolean;
}
type DisableTwoFactorRequest = { reason: string; identity_checked: true };

/**
 * Turn off two-factor: for a person who lost their authenticator and backup codes, only after
 * checking who they are; the reason and the check are recorded in the audit.
 */
export function TwoFactorDialog({ user, isOpen, onClose }: { user: UserDetail; isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation(['users', 'common']);
  const disable = useDisableTwoFactor(user.id);
  const refusal = disable.error ? describeRefusal(disable.error, t) : null;
  const form = useSchemaForm<TwoFactorValues, DisableTwoFactorRequest>({
    schema: disableTwoFactorRequest,
    defaultValues: { reason: '', identity_checked: false },
    fieldOf: topField,
    // The contract's literal `true` is a confirmation to give, not an option to choose.
    describe: (issue, translate) => (issue.path[0] === 'identity_checked' ? translate('users:messages.identityNotChecked') : undefined),
    refusal: disable.error,
    onEdited: () => disable.error && disable.reset(),
  });
  const { control } = form;
  const close = () => {
    disable.reset();
    form.reset();
    onClose();
  };
  const submit = (request: DisableTwoFactorRequest) =>
    disable.mutate(request, {
      onSuccess: () => {
        notifySuccess('updated', user.full_name);
        close();
      },
    });
  return (
    <Dialog isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('actions.twoFactorTitle', { name: user.full_name })} isBusy={disable.isPending}>
      <div className="dialog__body">
        <p>{t('actions.twoFactorExplained')}</p>
        <FormTextAreaField control={control} name="reason" label={t('actions.reason')} />
        <FormCheckbox control={control} name="identity_checked">
          {t('actions.identityChecked')}
        </FormCheckbox>
      </div>
      <FormRootError control={control} message={refusal?.formMessage} />
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={disable.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="danger" isPending={disable.isPending} onPress={() => void form.handleSubmit(submit)()}>
          {t('actions.turnOffTwoFactor')}
        </Button>
      </div>
    </Dialog>
  );
}
