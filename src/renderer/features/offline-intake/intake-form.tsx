import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { useController, useForm, type FieldPath } from 'react-hook-form';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { FormSelectField } from '../../components/form-fields';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import type { Service } from '../../../shared/api/services';
import { SERVICE_TYPES, type ServiceType } from '../../../shared/constants';
import { ACADEMIC_INFORMATION_REQUEST_TYPES, type AcademicInformationRequestType, type QuoteResult } from '../../../shared/domain/fees';
import { ApplicantSection, type TypedValues } from './applicant-section';
import { useCountryChoices } from './counter-countries';
import type { DraftDocument, DraftValues } from './draft-model';
import { DocumentsSection } from './documents-section';
import { EducationSection } from './education-section';
import { ExemptionSection } from './exemption-section';
import { FeeQuote } from './fee-quote';
import { degreeChoices, serviceOfType, withService, type FieldMessages } from './draft-checks';

export interface IntakeFormProps {
  /** The draft's values when the form opens (a form is keyed by its draft). */
  values: DraftValues;
  /** Each change, as how to make the draft's values from the latest ones (a file may have arrived meanwhile). */
  onChange(change: (current: DraftValues) => DraftValues): void;
  /** The active services of the catalogue (cached for offline work). */
  services: readonly Service[];
  quote: QuoteResult | null;
  /** The draft check's messages by field path, once Send was pressed: shown on their fields. */
  errors: FieldMessages;
  /** The problems "Send" found, for the summary above the button. */
  summary: string | null;
  summaryDetails: readonly string[];
  missingMessage?: string;
  onAttach(document: DraftDocument): void;
  onRemove(document: DraftDocument): void;
  onSend(): void;
  isSending: boolean;
  /** The possible-duplicate warning, shown under the education. */
  duplicates?: React.ReactNode;
  /** "Saved at 10:42", shown beside the button. */
  saveStatus?: React.ReactNode;
}

const REQUEST_TYPE_KEYS: Readonly<Record<AcademicInformationRequestType, string>> = {
  general_academic_information: 'services:priceCases.generalAcademicInformation',
  recognition_status_confirmation: 'services:priceCases.recognitionStatusConfirmation',
  institution_accreditation_information: 'services:priceCases.institutionAccreditationInformation',
};

/** The typed values of a draft: all but its documents, which arrive apart as each file is sealed. */
function typedOf({ documents: _documents, ...typed }: DraftValues): TypedValues {
  return typed;
}

/** A date the person cleared is '' in the draft, as the draft has always stored it. */
function withDates(typed: TypedValues): TypedValues {
  const date = (value: string | null | undefined) => value ?? '';
  const { applicant, education } = typed;
  return {
    ...typed,
    applicant: { ...applicant, date_of_birth: date(applicant.date_of_birth) },
    education: {
      ...education,
      graduation_date: date(education.graduation_date),
      ...(education.study_start !== undefined ? { study_start: date(education.study_start) } : {}),
      ...(education.study_end !== undefined ? { study_end: date(education.study_end) } : {}),
    },
  };
}

/**
 * The paper application typed in at the counter: the person, the service, the education, the
 * documents, the fee. Its fields are the shared ones bound to a form (components/form-fields.tsx);
 * every change goes to the desk at once (the draft is saved encrypted as it is typed), and the
 * draft check's messages (draft-checks.ts, through the form layer's checkValues) are put on them.
 */
export function IntakeForm(props: IntakeFormProps) {
  const { services, quote, errors, onAttach, onRemove, onChange } = props;
  const { t } = useTranslation(['counter', 'applications', 'services']);
  const format = useFormat();
  const countries = useCountryChoices();
  const form = useForm<TypedValues>({ defaultValues: typedOf(props.values) });
  const { control, setValue, getValues, setError, clearErrors } = form;
  const { field: serviceField, fieldState: serviceState } = useController({ control, name: 'service_type' });
  const service = serviceOfType(services, serviceField.value);
  const offered = SERVICE_TYPES.filter((type) => serviceOfType(services, type) !== null);
  const serviceName = (type: ServiceType) => {
    const entry = serviceOfType(services, type);
    const name = entry ? entry[`name_${format.language}`] || entry.name_en : '';
    return name || t(`applications:service.${type}`);
  };

  // Every change of a typed value reaches the draft at once: nothing typed waits on a render.
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  useEffect(() => {
    const watching = form.watch((typed) => latestOnChange.current((current) => ({ ...current, ...withDates(typed as TypedValues) })));
    return () => watching.unsubscribe();
  }, [form]);

  // The check's messages onto their fields (the check runs on the draft, as Send does).
  const errorKey = JSON.stringify(errors);
  useEffect(() => {
    clearErrors();
    for (const [path, message] of Object.entries(errors)) setError(path as FieldPath<TypedValues>, { type: 'check', message });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the messages, not the object holding them
  }, [errorKey, clearErrors, setError]);

  /** Another service: what it cannot take is cleared (withService), the rest stays. */
  const chooseService = (type: ServiceType | null) => {
    const next = typedOf(withService({ ...getValues(), documents: [] }, serviceOfType(services, type), type) as DraftValues);
    serviceField.onChange(type);
    setValue('education.degree_level', next.education.degree_level);
    setValue('request_type', next.request_type);
    setValue('exemption', next.exemption);
  };

  return (
    <Form
      className="form counter-form"
      aria-label={t('form.label')}
      // The server's schema checks the draft (and says why in the reader's language); the
      // browser's own required-field check would stop Send before it runs.
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        props.onSend();
      }}
    >
      <ApplicantSection control={control} countries={countries} />

      <fieldset className="form-group">
        <legend>{t('service.title')}</legend>
        <div className="counter-form__row">
          {/* The service is a number in the draft and clears what the next one cannot take: bound here, not by name. */}
          <SelectField
            label={t('service.label')}
            value={serviceField.value === null ? '' : String(serviceField.value)}
            options={offered.map((type) => ({ value: String(type), label: t('service.option', { type, name: serviceName(type) }) }))}
            placeholder={t('service.placeholder')}
            onChange={(value) => chooseService(value === '' ? null : (Number(value) as ServiceType))}
            errorMessage={serviceState.error?.message}
            isRequired
          />
          {serviceField.value === 5 ? (
            <FormSelectField
              control={control}
              name="request_type"
              label={t('service.requestType')}
              options={ACADEMIC_INFORMATION_REQUEST_TYPES.map((type) => ({ value: type, label: t(REQUEST_TYPE_KEYS[type]) }))}
              placeholder={t('service.requestTypePlaceholder')}
              isRequired
            />
          ) : null}
        </div>
        {offered.length === 0 ? <p className="field__description">{t('service.none')}</p> : null}
      </fieldset>

      <EducationSection control={control} setValue={setValue} countries={countries} degrees={degreeChoices(service)} />
      {props.duplicates}

      {service ? <DocumentsSection service={service} documents={props.values.documents} onAttach={onAttach} onRemove={onRemove} {...(props.missingMessage ? { missingMessage: props.missingMessage } : {})} /> : null}
      {service?.fee_exemption_allowed ? <ExemptionSection control={control} documents={props.values.documents} onAttach={onAttach} onRemove={onRemove} /> : null}
      <FeeQuote result={quote} />

      <FormError message={props.summary} details={props.summaryDetails} />
      <div className="form-actions counter-form__actions">
        {props.saveStatus}
        <Button type="submit" variant="primary" isPending={props.isSending}>
          {t('form.send')}
        </Button>
      </div>
    </Form>
  );
}
