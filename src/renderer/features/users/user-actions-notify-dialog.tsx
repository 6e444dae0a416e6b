import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import type { UserDetail } from '../../../shared/api/users';
import { useNotifyUser } from './detail-api';
import { SendNotificationForm } from './send-notification-form';

/** Send notification: an e-mail (through the outbox) or a notification in the app, to this one person. */
export function NotifyDialog({ user, isOpen, onClose }: { user: UserDetail; isOpen: boolean; onClose(): void }) {
  const { t } = useTranslation(['users', 'common']);
  const notify = useNotifyUser(user.id);
  const refusal = notify.error ? describeRefusal(notify.error, t) : null;
  const close = () => {
    notify.reset();
    onClose();
  };
  return (
    <Dialog holdsUnsavedWork isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('actions.notifyTitle', { name: user.full_name })} isBusy={notify.isPending}>
      <SendNotificationForm
        pending={notify.isPending}
        refusal={notify.error}
        onCancel={close}
        onEdited={() => notify.error && notify.reset()}
        onSubmit={(values) =>
          notify.mutate(values, {
            onSuccess: () => {
              notifySuccess('sent', user.full_name);
              close();
            },
          })
        }
      />
      <FormError message={refusal?.formMessage} />
    </Dialog>
  );
}
