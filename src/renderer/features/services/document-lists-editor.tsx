import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { LANGUAGES } from '../../../shared/constants';
import { DOCUMENT_TYPES } from '../../../shared/document-types';
import { rowKey, type FieldErrors, type RequirementValues, type SelectableDocumentValues } from './service-form-values';

/** The documents a service asks for (spec §3): type, required or not, a description in each language. */
export function RequirementsEditor({
  requirements,
  errors,
  onChange,
}: {
  requirements: RequirementValues[];
  errors: FieldErrors;
  onChange(requirements: RequirementValues[]): void;
}) {
  const { t } = useTranslation(['services', 'applications']);
  const update = (index: number, change: Partial<RequirementValues>) => onChange(requirements.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const typeOptions = DOCUMENT_TYPES.map((value) => ({ value, label: t(`applications:documentType.${value}`) }));

  return (
    <fieldset className="service-form__group">
      <legend>{t('form.documentRequirements')}</legend>
      {requirements.length === 0 ? <p>{t('form.noRequirements')}</p> : null}
      {requirements.map((requirement, index) => {
        const number = index + 1;
        return (
          <fieldset key={requirement.key} className="service-form__group service-form__group--nested">
            <legend>{t('form.requirementNumber', { number })}</legend>
            <div className="service-form__row">
              <SelectField
                label={t('form.documentType')}
                value={requirement.document_type}
                options={typeOptions}
                placeholder={t('form.chooseDocumentType')}
                onChange={(value) => update(index, { document_type: value as RequirementValues['document_type'] })}
                errorMessage={errors[`document_requirements.${index}.document_type`]}
              />
              <Checkbox isSelected={requirement.required} onChange={(required) => update(index, { required })}>
                {t('form.required')}
              </Checkbox>
            </div>
            <div className="service-form__languages">
              {LANGUAGES.map((language) => (
                <TextField
                  key={language}
                  label={t('form.inLanguage', { field: t('form.requirementDescription'), language: t(`languages.${language}`) })}
                  value={requirement.description[language]}
                  onChange={(text) => update(index, { description: { ...requirement.description, [language]: text } })}
                  errorMessage={errors[`document_requirements.${index}.description_${language}`]}
                />
              ))}
            </div>
            <Button variant="quiet" onPress={() => onChange(requirements.filter((_, at) => at !== index))}>
              {t('form.removeRequirement', { number })}
            </Button>
          </fieldset>
        );
      })}
      {errors.document_requirements ? <p className="field__error">{errors.document_requirements}</p> : null}
      <div>
        <Button onPress={() => onChange([...requirements, { key: rowKey(), document_type: '', required: true, description: { en: '', sq: '', sr: '' } }])}>
          {t('form.addRequirement')}
        </Button>
      </div>
    </fieldset>
  );
}

/** Documents the applicant may choose to add (spec §3: a label, here in each language). */
export function SelectableDocumentsEditor({
  documents,
  errors,
  onChange,
}: {
  documents: SelectableDocumentValues[];
  errors: FieldErrors;
  onChange(documents: SelectableDocumentValues[]): void;
}) {
  const { t } = useTranslation('services');
  return (
    <fieldset className="service-form__group">
      <legend>{t('form.selectableDocuments')}</legend>
      {documents.length === 0 ? <p>{t('form.noSelectableDocuments')}</p> : null}
      {documents.map((document, index) => {
        const number = index + 1;
        return (
          <fieldset key={document.key} className="service-form__group service-form__group--nested">
            <legend>{t('form.selectableNumber', { number })}</legend>
            <div className="service-form__languages">
              {LANGUAGES.map((language) => (
                <TextField
                  key={language}
                  label={t('form.inLanguage', { field: t('form.label'), language: t(`languages.${language}`) })}
                  value={document.label[language]}
                  onChange={(text) => onChange(documents.map((row, at) => (at === index ? { ...row, label: { ...row.label, [language]: text } } : row)))}
                  errorMessage={errors[`selectable_documents.${index}.label_${language}`]}
                />
              ))}
            </div>
            <Button variant="quiet" onPress={() => onChange(documents.filter((_, at) => at !== index))}>
              {t('form.removeSelectable', { number })}
            </Button>
          </fieldset>
        );
      })}
      {errors.selectable_documents ? <p className="field__error">{errors.selectable_documents}</p> : null}
      <div>
        <Button onPress={() => onChange([...documents, { key: rowKey(), label: { en: '', sq: '', sr: '' } }])}>{t('form.addSelectable')}</Button>
      </div>
    </fieldset>
  );
}
