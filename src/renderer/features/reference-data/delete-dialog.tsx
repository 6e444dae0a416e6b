import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useDeleteDecisionReference, type DeleteTarget } from './api';
import { localName } from './local-name';

/**
 * Deleting a legal reason or national qualification entered by mistake. One a decision cites is
 * refused by the server (`legal_reason_in_use` / `national_qualification_in_use`), and the
 * refusal, in the reader's language, tells them to deactivate it instead.
 */
export function DeleteDialog({ target, onClose }: { target: DeleteTarget; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const name = target.kind === 'legal_reason' ? target.legalReason.article : localName(target.qualification, language);
  const remove = useDeleteDecisionReference(target);
  return (
    <ConfirmDialog
      isOpen
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title={t('delete.title', { name })}
      message={<p>{t('delete.message')}</p>}
      confirmLabel={t('actions.delete')}
      isDestructive
      isPending={remove.isPending}
      error={remove.error ? describeRefusal(remove.error, t).message : null}
      onConfirm={() =>
        remove.mutate(undefined, {
          onSuccess: () => {
            notifySuccess('deleted', t('done.deleted', { name }));
            onClose();
          },
        })
      }
    />
  );
}

/**
 * The edit form's way to delete a record entered by mistake: apart from the form's own buttons,
 * since deleting is rare and a record in use is deactivated from the list instead.
 */
export function DeleteButton({ name, onPress, isDisabled }: { name: string; onPress(): void; isDisabled?: boolean }) {
  const { t } = useTranslation('reference');
  return (
    <Button variant="danger" className="reference-form__delete" aria-label={t('actions.deleteNamed', { name })} onPress={onPress} isDisabled={isDisabled}>
      {t('actions.delete')}
    </Button>
  );
}
