import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import type { Service } from '../../../shared/api/services';
import { SERVICE_TYPES, type ServiceType } from '../../../shared/constants';
import { ACADEMIC_INFORMATION_REQUEST_TYPES, type AcademicInformationRequestType, type QuoteResult } from '../../../shared/domain/fees';
import { ApplicantSection } from './applicant-section';
import { useCountryChoices } from './counter-countries';
import type { DraftDocument, DraftValues } from './draft-model';
import { DocumentsSection } from './documents-section';
import { EducationSection } from './education-section';
import { ExemptionSection } from './exemption-section';
import { FeeQuote } from './fee-quote';
import { degreeChoices, serviceOfType, withService, type FieldMessages } from './draft-checks';

export interface IntakeFormProps {
  values: DraftValues;
  onChange(values: DraftValues): void;
  /** The active services of the catalogue (cached for offline work). */
  services: readonly Service[];
  quote: QuoteResult | null;
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

/** The paper application typed in at the counter: the person, the service, the education, the documents, the fee. */
export function IntakeForm(props: IntakeFormProps) {
  const { values, onChange, services, quote, errors, onAttach, onRemove } = props;
  const { t } = useTranslation(['counter', 'applications', 'services']);
  const format = useFormat();
  const countries = useCountryChoices();
  const service = serviceOfType(services, values.service_type);
  const offered = SERVICE_TYPES.filter((type) => serviceOfType(services, type) !== null);
  const serviceName = (type: ServiceType) => {
    const entry = serviceOfType(services, type);
    const name = entry ? entry[`name_${format.language}`] || entry.name_en : '';
    return name || t(`applications:service.${type}`);
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
      <ApplicantSection values={values} onChange={onChange} errors={errors} countries={countries} />

      <fieldset className="counter-form__group">
        <legend>{t('service.title')}</legend>
        <div className="counter-form__row">
          <SelectField
            label={t('service.label')}
            value={values.service_type === null ? '' : String(values.service_type)}
            options={offered.map((type) => ({ value: String(type), label: t('service.option', { type, name: serviceName(type) }) }))}
            placeholder={t('service.placeholder')}
            onChange={(value) => {
              const type = value === '' ? null : (Number(value) as ServiceType);
              onChange(withService(values, serviceOfType(services, type), type));
            }}
            errorMessage={errors.service_type}
            isRequired
          />
          {values.service_type === 5 ? (
            <SelectField
              label={t('service.requestType')}
              value={values.request_type}
              options={ACADEMIC_INFORMATION_REQUEST_TYPES.map((type) => ({ value: type, label: t(REQUEST_TYPE_KEYS[type]) }))}
              placeholder={t('service.requestTypePlaceholder')}
              onChange={(value) => onChange({ ...values, request_type: value as AcademicInformationRequestType | '' })}
              errorMessage={errors.request_type}
              isRequired
            />
          ) : null}
        </div>
        {offered.length === 0 ? <p className="field__description">{t('service.none')}</p> : null}
      </fieldset>

      <EducationSection values={values} onChange={onChange} errors={errors} countries={countries} degrees={degreeChoices(service)} />
      {props.duplicates}

      {service ? <DocumentsSection service={service} documents={values.documents} onAttach={onAttach} onRemove={onRemove} {...(props.missingMessage ? { missingMessage: props.missingMessage } : {})} /> : null}
      {service?.fee_exemption_allowed ? <ExemptionSection values={values} onChange={onChange} errors={errors} onAttach={onAttach} onRemove={onRemove} /> : null}
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
