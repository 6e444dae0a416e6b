import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/dialog';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useSwitchActive, type ActiveTarget } from './api';
import { localName } from './local-name';
import { isVersionConflict } from './refusals';

/**
 * Deactivating (or offering again) a code list's value or an institution: a value in use is deactivated,
 * never deleted, so the applications naming it keep it. Deactivating is asked first; offering
 * again is not, and goes through the same dialog for one path.
 */
export function DeactivateDialog({ target, onClose }: { target: ActiveTarget; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const record = target.kind === 'value' ? target.value : target.institution;
  const name = localName(record, language);
  const activating = !record.active;
  const change = useSwitchActive(target);
  const error = change.error ? (isVersionConflict(change.error) ? t('form.changedMeanwhile') : translateError(change.error, t).message) : null;

  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => {
        if (!open && !change.isPending) onClose();
      }}
      title={activating ? t('actions.activateNamed', { name }) : t('deactivate.title', { name })}
      message={<p>{activating ? t('activate.message') : t('deactivate.message')}</p>}
      confirmLabel={activating ? t('actions.activate') : t('actions.deactivate')}
      isDestructive={!activating}
      isPending={change.isPending}
      error={error}
      onConfirm={() =>
        change.mutate(activating, {
          onSuccess: () => {
            notifySuccess('updated', t(activating ? 'done.activated' : 'done.deactivated', { name }));
            onClose();
          },
        })
      }
    />
  );
}
