import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { useController, useFormState, useWatch, type FieldErrors } from 'react-hook-form';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { FormCheckbox, FormFieldMessage, FormRootError, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { SelectField } from '../../components/select-field';
import { describeRefusal } from '../../lib/error-translator';
import { useSchemaForm } from '../../lib/form';
import { LANGUAGES, SERVICE_CATEGORIES, SERVICE_DEGREE_OPTIONS, SERVICE_TYPES, type ServiceType } from '../../../shared/constants';
import type { ServiceCreate } from '../../../shared/api/services';
import { workflowStagesOf } from '../../../shared/domain/service-stages';
import { RequirementsEditor, SelectableDocumentsEditor } from './document-lists-editor';
import { PriceTableEditor } from './price-table-editor';
import { serviceForm, withServiceType, type ServiceFormValues } from './service-form-values';
import './services.css';

export interface ServiceFormProps {
  initial: ServiceFormValues;
  /** On edit the type is fixed: it decides the workflow and the shape of the price table. */
  mode: 'create' | 'edit';
  /** Where Cancel leads. */
  cancelTo: string;
  isPending: boolean;
  /** The last refused save (the mutation's error): its field errors on the fields, the rest with the form. */
  refusal: unknown;
  onSubmit(request: ServiceCreate): void;
  /** Any edit: the screen forgets the server's last refusal. */
  onEdited(): void;
}

/** How many messages the form shows (each field's, and the form's own). */
function messageCount(errors: FieldErrors | undefined): number {
  if (!errors || typeof errors !== 'object') return 0;
  return Object.entries(errors).reduce((count, [key, entry]) => {
    if (key === 'ref' || !entry || typeof entry !== 'object') return count;
    const own = typeof (entry as { message?: unknown }).message === 'string' ? 1 : 0;
    return count + own + messageCount(entry as FieldErrors);
  }, 0);
}

/** Every field of a service (spec §3), checked with the server's own schema (through the form layer) before it is sent. */
export function ServiceForm({ initial, mode, cancelTo, isPending, refusal, onSubmit, onEdited }: ServiceFormProps) {
  const { t } = useTranslation(['services', 'applications', 'common']);
  const form = useSchemaForm<ServiceFormValues, ServiceCreate>({ ...serviceForm, defaultValues: initial, refusal, onEdited });
  const { control } = form;
  const { errors } = useFormState({ control });
  const serviceType = useWatch({ control, name: 'service_type' });
  const { field: degreeOptions } = useController({ control, name: 'degree_options' });
  const { field: workflowStages } = useController({ control, name: 'workflow_stages' });
  // The refusal's field errors are on the fields; what it says beyond them is said with the form.
  const formMessage = refusal ? describeRefusal(refusal, t).formMessage : null;
  const errorCount = messageCount(errors);

  const offeredDegrees = SERVICE_DEGREE_OPTIONS[serviceType];
  const stages = workflowStagesOf(serviceType);
  const toggle = (list: string[], item: string, on: boolean, order: readonly string[]) =>
    order.filter((entry) => (entry === item ? on : list.includes(entry)));

  return (
    <Form
      className="form service-form"
      // The shared schema checks the form (and says why in the reader's language); the browser's own
      // required-field check would stop the submit before it runs.
      validationBehavior="aria"
      onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}
    >
      <fieldset className="form-group">
        <legend>{t('form.basics')}</legend>
        <div className="service-form__row">
          <SelectField
            label={t('fields.type')}
            value={String(serviceType)}
            options={SERVICE_TYPES.map((type) => ({ value: String(type), label: t('typeOption', { type, name: t(`applications:service.${type}`) }) }))}
            // Another type brings its own category, degree levels, stages and price cases; the messages start over.
            onChange={(value) => form.reset(withServiceType(form.getValues(), Number(value) as ServiceType), { keepDefaultValues: true })}
            isDisabled={mode === 'edit'}
          />
          <FormSelectField control={control} name="category" label={t('fields.category')} options={SERVICE_CATEGORIES.map((category) => ({ value: category, label: t(`categories.${category}`) }))} isRequired={false} />
        </div>
        {mode === 'edit' ? <p className="field__description">{t('form.typeFixed')}</p> : null}
        <div className="service-form__languages">
          {LANGUAGES.map((language) => (
            <FormTextField key={language} control={control} name={`name.${language}`} label={t('form.inLanguage', { field: t('fields.name'), language: t(`languages.${language}`) })} isRequired />
          ))}
        </div>
        <div className="service-form__languages">
          {LANGUAGES.map((language) => (
            <FormTextAreaField
              key={language}
              control={control}
              name={`description.${language}`}
              label={t('form.inLanguage', { field: t('fields.description'), language: t(`languages.${language}`) })}
            />
          ))}
        </div>
        <div className="service-form__languages">
          {LANGUAGES.map((language) => (
            <FormTextAreaField
              key={language}
              control={control}
              name={`requirements.${language}`}
              label={t('form.inLanguage', { field: t('fields.requirements'), language: t(`languages.${language}`) })}
            />
          ))}
        </div>
        <div className="service-form__row">
          <FormTextField control={control} name="processing_time_days" label={t('fields.processingTime')} description={t('form.processingTimeHelp')} inputMode="numeric" />
          <FormTextField control={control} name="appeal_period_days" label={t('fields.appealPeriod')} description={t('form.appealPeriodHelp')} inputMode="numeric" />
        </div>
        <div className="service-form__languages">
          {LANGUAGES.map((language) => (
            <FormTextField key={language} control={control} name={`appeal_body.${language}`} label={t('form.inLanguage', { field: t('fields.appealBody'), language: t(`languages.${language}`) })} />
          ))}
        </div>
        <div className="service-form__checks">
          <FormCheckbox control={control} name="council_required">
            {t('fields.councilRequired')}
          </FormCheckbox>
          <FormCheckbox control={control} name="enabled">
            {t('form.enabled')}
          </FormCheckbox>
        </div>
      </fieldset>

      <fieldset className="form-group">
        <legend>{t('form.fee')}</legend>
        <div className="service-form__checks">
          <FormCheckbox control={control} name="fee_enabled">
            {t('fields.feeEnabled')}
          </FormCheckbox>
          <FormCheckbox control={control} name="fee_exemption_allowed">
            {t('fields.exemptionAllowed')}
          </FormCheckbox>
        </div>
        <div className="service-form__row">
          <FormTextField control={control} name="base_fee_amount" label={t('fields.baseFee')} description={t('form.baseFeeHelp')} inputMode="decimal" />
        </div>
      </fieldset>

      <fieldset className="form-group">
        <legend>{t('fields.degreeOptions')}</legend>
        {offeredDegrees.length === 0 ? (
          <p>{t('form.noDegreeOptions')}</p>
        ) : (
          <div className="service-form__checks">
            {offeredDegrees.map((degree) => (
              <Checkbox
                key={degree}
                isSelected={degreeOptions.value.includes(degree)}
                onChange={(on) => degreeOptions.onChange(toggle(degreeOptions.value, degree, on, offeredDegrees))}
                aria-invalid={errors.degree_options ? true : undefined}
              >
                {t(`degrees.${degree}`)}
              </Checkbox>
            ))}
          </div>
        )}
        <FormFieldMessage control={control} name="degree_options" />
      </fieldset>

      <PriceTableEditor control={control} />

      <fieldset className="form-group">
        <legend>{t('fields.workflowStages')}</legend>
        <p className="field__description">{t('form.stagesHelp')}</p>
        <div className="service-form__checks service-form__checks--column">
          {stages.map((stage) => (
            <Checkbox key={stage} isSelected={workflowStages.value.includes(stage)} onChange={(on) => workflowStages.onChange(toggle(workflowStages.value, stage, on, stages))}>
              {t(`applications:status.${stage}`)}
            </Checkbox>
          ))}
        </div>
        <FormFieldMessage control={control} name="workflow_stages" />
      </fieldset>

      <RequirementsEditor control={control} />
      <SelectableDocumentsEditor control={control} />

      <FormRootError control={control} message={formMessage ?? (errorCount > 0 ? t('form.fixFields', { count: errorCount }) : null)} />
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
