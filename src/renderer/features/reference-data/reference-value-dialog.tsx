import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { referenceValueUpdate, type ReferenceValue, type ReferenceValueUpdate } from '../../../shared/api/reference-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormCheckbox, FormTextField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useSaveReferenceValue } from './api';
import { localName } from './local-name';
import type { ReferenceListSpec } from './reference-lists';
import { isVersionConflict } from './refusals';
import { valueDraftOf, valueUpdateOf, type ValueDraft } from './value-draft';

const NAME_FIELDS = ['name_en', 'name_sq', 'name_sr'] as const;

/** Edits one value of a code list: its three names, its place in the list, the levels of a degree level, whether it is offered. */
export function ReferenceValueDialog({ list, value, onClose }: { list: ReferenceListSpec; value: ReferenceValue; onClose(): void }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language } = useFormat();
  const save = useSaveReferenceValue(value);
  const form = useSchemaForm<ValueDraft, ReferenceValueUpdate>({
    schema: referenceValueUpdate,
    defaultValues: valueDraftOf(value),
    toRequest: (draft) => valueUpdateOf(draft, list, value),
    // The numbers are typed as text: their one sentence says the range, whatever was wrong.
    describe: (issue, translate) => {
      const field = issue.path[0];
      if (field === 'sort_order') return translate('reference:form.invalidOrder');
      if (field === 'eqf_level' || field === 'nqf_level') return translate('reference:form.invalidLevel');
      return undefined;
    },
    refusal: save.error,
  });
  const { control } = form;
  const server = save.error ? translateError(save.error, t) : null;
  const submit = (request: ReferenceValueUpdate) =>
    save.mutate(request, {
      onSuccess: (saved) => {
        notifySuccess('saved', t('done.saved', { name: localName(saved, language) }));
        onClose();
      },
    });
  const summary = server && Object.keys(server.fieldErrors).length === 0 ? (isVersionConflict(save.error) ? t('form.changedMeanwhile') : server.message) : null;

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && onClose()} title={t('form.editTitle', { name: localName(value, language) })} isBusy={save.isPending}>
      <Form
        validationBehavior="aria"
        onSubmit={(event) => void form.handleSubmit(submit)(event)}
      >
        <div className="dialog__body reference-form">
          <p>
            {t('fields.code')}: <code>{value.code}</code>
          </p>
          {NAME_FIELDS.map((field) => (
            <FormTextField key={field} control={control} name={field} label={t(`fields.${field}`)} isRequired autoComplete="off" />
          ))}
          <div className="reference-form__pair">
            <FormTextField control={control} name="sort_order" label={t('fields.order')} description={t('fieldHints.order')} inputMode="numeric" isRequired autoComplete="off" />
            {list.hasLevels ? (
              <>
                <FormTextField control={control} name="eqf_level" label={t('fields.eqfLevel')} description={t('fieldHints.level')} inputMode="numeric" autoComplete="off" />
                <FormTextField control={control} name="nqf_level" label={t('fields.nqfLevel')} description={t('fieldHints.level')} inputMode="numeric" autoComplete="off" />
              </>
            ) : null}
          </div>
          <FormCheckbox control={control} name="active">
            {t('fields.active')}
          </FormCheckbox>
          {summary ? <Alert tone="error" title={summary} /> : null}
        </div>
        <div className="dialog__actions">
          <Button variant="secondary" onPress={onClose} isDisabled={save.isPending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" variant="primary" isPending={save.isPending}>
            {t('actions.save')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
