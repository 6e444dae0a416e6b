import {
  RECOGNITION_OUTCOMES,
  RECOGNITION_SERVICES,
  legalReasonInput,
  legalReasonUpdate,
  type LegalReason,
  type LegalReasonInput,
  type LegalReasonUpdate,
} from '../../../shared/api/decision-references';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormCheckbox, FormCheckboxGroup, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { topField, useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useSaveLegalReason } from './api';
import { legalReasonDraftOf, legalReasonRequestOf, textFieldsFor, type LegalReasonDraft } from './legal-reason-draft';
import { DeleteButton } from './delete-dialog';
import { isVersionConflict } from './refusals';

/** Adds a legal reason or edits one: its article, its text in the three languages, and what it may be cited for. */
export function LegalReasonDialog({ reason, onClose, onDelete }: { reason: LegalReason | null; onClose(): void; onDelete?(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const save = useSaveLegalReason(reason);
  const form = useSchemaForm<LegalReasonDraft, LegalReasonInput | LegalReasonUpdate>({
    schema: reason ? legalReasonUpdate : legalReasonInput,
    defaultValues: legalReasonDraftOf(reason),
    toRequest: (draft) => legalReasonRequestOf(draft, reason),
    fieldOf: topField,
    refusal: save.error,
  });
  const { control } = form;
  const server = save.error ? translateError(save.error, t) : null;
  const summary = server && Object.keys(server.fieldErrors).length === 0 ? (isVersionConflict(save.error) ? t('form.changedMeanwhile') : (server.refusal ?? server.message)) : null;

  const submit = (request: LegalReasonInput | LegalReasonUpdate) =>
    save.mutate(request, {
      onSuccess: (saved) => {
        notifySuccess(reason ? 'saved' : 'created', t(reason ? 'done.saved' : 'done.created', { name: saved.article }));
        onClose();
      },
    });

  return (
    <Dialog
      holdsUnsavedWork
      size="wide"
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={reason ? t('form.editTitle', { name: reason.article }) : t('legalReasons.add')}
      isBusy={save.isPending}
    >
      <Form validationBehavior="aria" onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <div className="dialog__body reference-form">
          <FormTextField control={control} name="article" label={t('legalReasons.article')} description={t('legalReasons.articleHint')} autoComplete="off" />
          {textFieldsFor(language).map((field) => (
            <FormTextAreaField key={field} control={control} name={field} label={t(`legalReasons.${field}`)} rows={4} />
          ))}
          <FormCheckboxGroup
            control={control}
            name="services"
            label={t('legalReasons.services')}
            options={RECOGNITION_SERVICES.map((service) => ({ value: String(service), label: t(`recognitionService.${service}`) }))}
            isRequired
          />
          <FormCheckboxGroup
            control={control}
            name="outcomes"
            label={t('legalReasons.outcomes')}
            options={RECOGNITION_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`outcome.${outcome}`) }))}
            isRequired
          />
          <FormCheckbox control={control} name="active">
            {t('legalReasons.activeField')}
          </FormCheckbox>
          {summary ? <Alert tone="error" title={summary} /> : null}
        </div>
        <div className="dialog__actions">
          {reason && onDelete ? <DeleteButton onPress={onDelete} isDisabled={save.isPending} name={reason.article} /> : null}
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {reason ? t('actions.save') : t('actions.create')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
