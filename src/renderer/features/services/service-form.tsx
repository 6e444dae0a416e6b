import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { FormError } from '../../components/form-error';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { LANGUAGES, SERVICE_CATEGORIES, SERVICE_DEGREE_OPTIONS, SERVICE_TYPES, type ServiceType } from '../../../shared/constants';
import type { ServiceCreate } from '../../../shared/api/services';
import { workflowStagesOf } from '../../../shared/domain/service-stages';
import { RequirementsEditor, SelectableDocumentsEditor } from './document-lists-editor';
import { translateServiceErrors } from './field-messages';
import { PriceTableEditor } from './price-table-editor';
import { checkServiceForm, withServiceType, type FieldErrors, type LocalisedText, type ServiceFormValues } from './service-form-values';
import { TextAreaField } from '../../components/text-area-field';
import './services.css';

export interface ServiceFormProps {
  initial: ServiceFormValues;
  /** On edit the type is fixed: it decides the workflow and the shape of the price table. */
  mode: 'create' | 'edit';
  /** Where Cancel leads. */
  cancelTo: string;
  isPending: boolean;
  /** The server's field errors (dotted paths, first message each), already in the reader's language. */
  serverErrors: FieldErrors;
  /** The server's refusal that belongs to no field. */
  serverMessage: string | null;
  serverDetails?: readonly string[];
  onSubmit(request: ServiceCreate): void;
  /** Any edit: the screen forgets the server's last refusal. */
  onEdited(): void;
}

/** Every field of a service (spec §3), checked with the server's own schema before it is sent. */
export function ServiceForm({ initial, mode, cancelTo, isPending, serverErrors, serverMessage, serverDetails = [], onSubmit, onEdited }: ServiceFormProps) {
  const { t } = useTranslation(['services', 'applications', 'common']);
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<FieldErrors>({});
  const errors: FieldErrors = { ...serverErrors, ...checked };
  const errorCount = Object.keys(errors).length;

  const change = (next: Partial<ServiceFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    // A field's message stays until something is changed; the next submit checks again.
    setChecked({});
    onEdited();
  };
  const changeText = (field: 'name' | 'description' | 'requirements' | 'appeal_body', language: keyof LocalisedText, text: string) =>
    change({ [field]: { ...values[field], [language]: text } });

  const submit = () => {
    const { request, errors: found } = checkServiceForm(values);
    if (Object.keys(found).length > 0) {
      setChecked(translateServiceErrors(found, t));
      return;
    }
    onSubmit(request);
  };

  const offeredDegrees = SERVICE_DEGREE_OPTIONS[values.service_type];
  const stages = workflowStagesOf(values.service_type);
  const toggle = (list: string[], item: string, on: boolean, order: readonly string[]) =>
    order.filter((entry) => (entry === item ? on : list.includes(entry)));

  return (
    <Form
      className="form service-form"
      // The shared schema checks the form (and says why in the reader's language); the browser's own
      // required-field check would stop the submit before it runs.
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <fieldset className="service-form__group">
        <legend>{t('form.basics')}</legend>
        <div className="service-form__row">
          <SelectField
            label={t('fields.type')}
            value={String(values.service_type)}
            options={SERVICE_TYPES.map((type) => ({ value: String(type), label: t('typeOption', { type, name: t(`applications:service.${type}`) }) }))}
            onChange={(value) => {
              setValues((current) => withServiceType(current, Number(value) as ServiceType));
              setChecked({});
              onEdited();
            }}
            isDisabled={mode === 'edit'}
            errorMessage={errors.service_type}
          />
          <SelectField
            label={t('fields.category')}
            value={values.category}
            options={SERVICE_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }))}
            onChange={(value) => change({ category: value as ServiceFormValues['category'] })}
            errorMessage={errors.category}
          />
        </div>
        {mode === 'edit' ? <p className="field__description">{t('form.typeFixed')}</p> : null}
        <div className="service-form__languages">
          {LANGUAGES.map((language) => (
            <TextField
              key={language}
              label={t('form.inLanguage', { field: t('fields.name'), language: t(`languages.${language}`) })}
              value={values.name[language]}
              onChange={(text) => changeText('name', language, text)}
              errorMessage={errors[`name_${language}`]}
              isRequired
            />
          ))}
        </div>
        <div className="service-form__languages">
          {LANGUAGES.map((language) => (
            <TextAreaField
              key={language}
              label={t('form.inLanguage', { field: t('fields.description'), language: t(`languages.${language}`) })}
              value={values.description[language]}
              onChange={(text) => changeText('description', language, text)}
              errorMessage={errors[`description_${language}`]}
            />
          ))}
        </div>
        <div className="service-form__languages">
          {LANGUAGES.map((language) => (
            <TextAreaField
              key={language}
              label={t('form.inLanguage', { field: t('fields.requirements'), language: t(`languages.${language}`) })}
              value={values.requirements[language]}
              onChange={(text) => changeText('requirements', language, text)}
              errorMessage={errors[`requirements_${language}`]}
            />
          ))}
        </div>
        <div className="service-form__row">
          <TextField
            label={t('fields.processingTime')}
            description={t('form.processingTimeHelp')}
            value={values.processing_time_days}
            inputMode="numeric"
            onChange={(text) => change({ processing_time_days: text })}
            errorMessage={errors.processing_time_days}
          />
          <TextField
            label={t('fields.appealPeriod')}
            description={t('form.appealPeriodHelp')}
            value={values.appeal_period_days}
            inputMode="numeric"
            onChange={(text) => change({ appeal_period_days: text })}
            errorMessage={errors.appeal_period_days}
          />
        </div>
        <div className="service-form__languages">
          {LANGUAGES.map((language) => (
            <TextField
              key={language}
              label={t('form.inLanguage', { field: t('fields.appealBody'), language: t(`languages.${language}`) })}
              value={values.appeal_body[language]}
              onChange={(text) => changeText('appeal_body', language, text)}
              errorMessage={errors[`appeal_body_${language}`]}
            />
          ))}
        </div>
        <div className="service-form__checks">
          <Checkbox isSelected={values.council_required} onChange={(on) => change({ council_required: on })}>
            {t('fields.councilRequired')}
          </Checkbox>
          <Checkbox isSelected={values.enabled} onChange={(on) => change({ enabled: on })}>
            {t('form.enabled')}
          </Checkbox>
        </div>
      </fieldset>

      <fieldset className="service-form__group">
        <legend>{t('form.fee')}</legend>
        <div className="service-form__checks">
          <Checkbox isSelected={values.fee_enabled} onChange={(on) => change({ fee_enabled: on })}>
            {t('fields.feeEnabled')}
          </Checkbox>
          <Checkbox isSelected={values.fee_exemption_allowed} onChange={(on) => change({ fee_exemption_allowed: on })}>
            {t('fields.exemptionAllowed')}
          </Checkbox>
        </div>
        <div className="service-form__row">
          <TextField
            label={t('fields.baseFee')}
            description={t('form.baseFeeHelp')}
            value={values.base_fee_amount}
            inputMode="decimal"
            onChange={(text) => change({ base_fee_amount: text })}
            errorMessage={errors.base_fee_amount}
          />
        </div>
      </fieldset>

      <fieldset className="service-form__group">
        <legend>{t('fields.degreeOptions')}</legend>
        {offeredDegrees.length === 0 ? (
          <p>{t('form.noDegreeOptions')}</p>
        ) : (
          <div className="service-form__checks">
            {offeredDegrees.map((degree, index) => (
              <Checkbox
                key={degree}
                isSelected={values.degree_options.includes(degree)}
                onChange={(on) => change({ degree_options: toggle(values.degree_options, degree, on, offeredDegrees) })}
                aria-invalid={errors[`degree_options.${index}`] ? true : undefined}
              >
                {t(`degrees.${degree}`)}
              </Checkbox>
            ))}
          </div>
        )}
        {Object.entries(errors)
          .filter(([field]) => field.startsWith('degree_options'))
          .map(([field, message]) => (
            <p key={field} className="field__error">
              {message}
            </p>
          ))}
      </fieldset>

      <PriceTableEditor
        values={values}
        errors={errors}
        onPrices={(prices) => change({ prices })}
        onDegreePrices={(degreePrices) => change({ degree_prices: degreePrices })}
      />

      <fieldset className="service-form__group">
        <legend>{t('fields.workflowStages')}</legend>
        <p className="field__description">{t('form.stagesHelp')}</p>
        <div className="service-form__checks service-form__checks--column">
          {stages.map((stage) => (
            <Checkbox key={stage} isSelected={values.workflow_stages.includes(stage)} onChange={(on) => change({ workflow_stages: toggle(values.workflow_stages, stage, on, stages) })}>
              {t(`applications:status.${stage}`)}
            </Checkbox>
          ))}
        </div>
        {Object.entries(errors)
          .filter(([field]) => field.startsWith('workflow_stages'))
          .map(([field, message]) => (
            <p key={field} className="field__error">
              {message}
            </p>
          ))}
      </fieldset>

      <RequirementsEditor requirements={values.document_requirements} errors={errors} onChange={(documentRequirements) => change({ document_requirements: documentRequirements })} />
      <SelectableDocumentsEditor documents={values.selectable_documents} errors={errors} onChange={(selectable) => change({ selectable_documents: selectable })} />

      <FormError message={serverMessage ?? (errorCount > 0 ? t('form.fixFields', { count: errorCount }) : null)} details={serverDetails} />
      <div className="form-actions">
        <Link to={cancelTo} className="button button--secondary">
          {t('common:cancel')}
        </Link>
        <Button type="submit" variant="primary" isPending={isPending}>
          {mode === 'create' ? t('form.create') : t('form.save')}
        </Button>
      </div>
    </Form>
  );
}
