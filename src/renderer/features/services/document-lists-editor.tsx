import { useTranslation } from 'react-i18next';
import { useFieldArray, type Control } from 'react-hook-form';
import { Button } from '../../components/button';
import { FormCheckbox, FormFieldMessage, FormSelectField, FormTextField } from '../../components/form-fields';
import { LANGUAGES } from '../../../shared/constants';
import type { ServiceCreate } from '../../../shared/api/services';
import { DOCUMENT_TYPES } from '../../../shared/document-types';
import { rowKey, type ServiceFormValues } from './service-form-values';

type ServiceControl = Control<ServiceFormValues, unknown, ServiceCreate>;

/** The documents a service asks for (spec §3): type, required or not, a description in each language. */
export function RequirementsEditor({ control }: { control: ServiceControl }) {
  const { t } = useTranslation(['services', 'applications']);
  const rows = useFieldArray({ control, name: 'document_requirements' });
  const typeOptions = DOCUMENT_TYPES.map((value) => ({ value, label: t(`applications:documentType.${value}`) }));

  return (
    <fieldset className="form-group">
      <legend>{t('form.documentRequirements')}</legend>
      {rows.fields.length === 0 ? <p>{t('form.noRequirements')}</p> : null}
      {rows.fields.map((row, index) => {
        const number = index + 1;
        return (
          <fieldset key={row.id} className="form-group form-group--nested">
            <legend>{t('form.requirementNumber', { number })}</legend>
            <div className="service-form__row">
              <FormSelectField
                control={control}
                name={`document_requirements.${index}.document_type`}
                label={t('form.documentType')}
                options={typeOptions}
                placeholder={t('form.chooseDocumentType')}
                isRequired={false}
              />
              <FormCheckbox control={control} name={`document_requirements.${index}.required`}>
                {t('form.required')}
              </FormCheckbox>
            </div>
            <div className="service-form__languages">
              {LANGUAGES.map((language) => (
                <FormTextField
                  key={language}
                  control={control}
                  name={`document_requirements.${index}.description.${language}`}
                  label={t('form.inLanguage', { field: t('form.requirementDescription'), language: t(`languages.${language}`) })}
                />
              ))}
            </div>
            <Button variant="quiet" onPress={() => rows.remove(index)}>
              {t('form.removeRequirement', { number })}
            </Button>
          </fieldset>
        );
      })}
      <FormFieldMessage control={control} name="document_requirements" />
      <div>
        <Button onPress={() => rows.append({ key: rowKey(), document_type: '', required: true, description: { en: '', sq: '', sr: '' } })}>{t('form.addRequirement')}</Button>
      </div>
    </fieldset>
  );
}

/** Documents the applicant may choose to add (spec §3: a label, here in each language). */
export function SelectableDocumentsEditor({ control }: { control: ServiceControl }) {
  const { t } = useTranslation('services');
  const rows = useFieldArray({ control, name: 'selectable_documents' });
  return (
    <fieldset className="form-group">
      <legend>{t('form.selectableDocuments')}</legend>
      {rows.fields.length === 0 ? <p>{t('form.noSelectableDocuments')}</p> : null}
      {rows.fields.map((row, index) => {
        const number = index + 1;
        return (
          <fieldset key={row.id} className="form-group form-group--nested">
            <legend>{t('form.selectableNumber', { number })}</legend>
            <div className="service-form__languages">
              {LANGUAGES.map((language) => (
                <FormTextField
                  key={language}
                  control={control}
                  name={`selectable_documents.${index}.label.${language}`}
                  label={t('form.inLanguage', { field: t('form.label'), language: t(`languages.${language}`) })}
                />
              ))}
            </div>
            <Button variant="quiet" onPress={() => rows.remove(index)}>
              {t('form.removeSelectable', { number })}
            </Button>
          </fieldset>
        );
      })}
      <FormFieldMessage control={control} name="selectable_documents" />
      <div>
        <Button onPress={() => rows.append({ key: rowKey(), label: { en: '', sq: '', sr: '' } })}>{t('form.addSelectable')}</Button>
      </div>
    </fieldset>
  );
}
