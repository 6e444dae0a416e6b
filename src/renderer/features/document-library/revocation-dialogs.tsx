import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { issuedDocumentRevoke, type IssuedDocument, type IssuedDocumentRevoke } from '../../../shared/api/issuance';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormTextAreaField } from '../../components/form-fields';
import { RefusalAlert } from '../../components/refusal-alert';
import { notifySuccess } from '../../components/toast';
import { describeRefusal } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useRevocation } from './api';

// Revoking an issued document says why (kept on its register row) and is confirmed in the same
// dialog: from then on its public check and its credential's status list say "revoked".
// Restoring asks first too. A refusal (the document left the reader's scope, the permission was
// withdrawn) is said by the one refusal component.

export function RevokeDialog({ document, onClose }: { document: IssuedDocument; onClose(): void }) {
  const { t } = useTranslation(['library', 'common']);
  const { revoke } = useRevocation();
  const form = useSchemaForm<IssuedDocumentRevoke, IssuedDocumentRevoke>({
    schema: issuedDocumentRevoke,
    defaultValues: { reason: '' },
    refusal: revoke.error,
    onEdited: () => {
      if (revoke.error) revoke.reset();
    },
  });
  const refusal = revoke.error ? describeRefusal(revoke.error, t) : null;
  const submit = (request: IssuedDocumentRevoke) =>
    revoke.mutate(
      { id: document.id, ...request },
      {
        onSuccess: () => {
          notifySuccess('saved', t('revocation.revoked', { code: document.verification_code }));
          onClose();
        },
      },
    );
  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && !revoke.isPending && onClose()} title={t('revocation.revokeTitle', { code: document.verification_code })} isBusy={revoke.isPending} role="alertdialog">
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <div className="dialog__body">
          <p>{t('revocation.revokeExplains', { kind: t(`register.kinds.${document.kind}`), reference: document.reference, holder: document.holder_name })}</p>
          <FormTextAreaField control={form.control} name="reason" label={t('revocation.reason')} description={t('revocation.reasonHint')} rows={3} />
          {refusal?.formMessage ? <RefusalAlert title={t('revocation.refused')} message={refusal.formMessage} /> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={revoke.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="danger" isPending={revoke.isPending}>
            {t('revocation.revoke')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function RestoreDialog({ document, onClose }: { document: IssuedDocument; onClose(): void }) {
  const { t } = useTranslation(['library', 'common']);
  const { restore } = useRevocation();
  const refusal = restore.error ? describeRefusal(restore.error, t) : null;
  const confirm = () =>
    restore.mutate(document.id, {
      onSuccess: () => {
        notifySuccess('saved', t('revocation.restored', { code: document.verification_code }));
        onClose();
      },
    });
  return (
    <Dialog isOpen onOpenChange={(open) => !open && !restore.isPending && onClose()} title={t('revocation.restoreTitle', { code: document.verification_code })} isBusy={restore.isPending} role="alertdialog">
      <div className="dialog__body">
        <p>{t('revocation.restoreExplains', { reason: document.revoked_reason ?? '—' })}</p>
        {refusal ? <RefusalAlert title={t('revocation.refused')} message={refusal.message} /> : null}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={onClose} isDisabled={restore.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="primary" onPress={confirm} isPending={restore.isPending} autoFocus>
          {t('revocation.restore')}
        </Button>
      </div>
    </Dialog>
  );
}
