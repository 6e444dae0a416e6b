import { useTranslation } from 'react-i18next';
import { DatePickerField } from '../../components/date-picker-field';
import { SelectField, type SelectOption } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { GENDERS, type Gender } from '../../../shared/constants';
import { INTAKE_LIMITS } from '../../../shared/api/intake';
import { TEXT_LIMITS } from '../../../shared/api/safe-text';
import type { DraftValues } from './draft-model';
import type { FieldMessages } from './draft-checks';

type Applicant = DraftValues['applicant'];

export interface SectionProps {
  values: DraftValues;
  onChange(values: DraftValues): void;
  errors: FieldMessages;
}

/** A choice list that still shows a stored code the list does not hold (e.g. no country list offline yet). */
export function withCurrent(options: SelectOption[], value: string): SelectOption[] {
  return value === '' || options.some((option) => option.value === value) ? options : [{ value, label: value }, ...options];
}

/** The person of spec §3: name, personal ID, date of birth, gender, contact, country, address. */
export function ApplicantSection({ values, onChange, errors, countries }: SectionProps & { countries: SelectOption[] }) {
  const { t } = useTranslation(['counter', 'profile']);
  const applicant = values.applicant;
  const set = <K extends keyof Applicant>(field: K, value: Applicant[K]) => onChange({ ...values, applicant: { ...applicant, [field]: value } });
  const error = (field: keyof Applicant) => errors[`applicant.${field}`];

  return (
    <fieldset className="counter-form__group">
      <legend>{t('applicant.title')}</legend>
      <div className="counter-form__row">
        <TextField label={t('applicant.firstName')} value={applicant.first_name} onChange={(text) => set('first_name', text)} errorMessage={error('first_name')} isRequired maxLength={TEXT_LIMITS.name} autoComplete="off" />
        <TextField label={t('applicant.lastName')} value={applicant.last_name} onChange={(text) => set('last_name', text)} errorMessage={error('last_name')} isRequired maxLength={TEXT_LIMITS.name} autoComplete="off" />
        <TextField label={t('applicant.personalId')} value={applicant.personal_id} onChange={(text) => set('personal_id', text)} errorMessage={error('personal_id')} isRequired maxLength={INTAKE_LIMITS.personalId} autoComplete="off" />
      </div>
      <div className="counter-form__row">
        <DatePickerField label={t('applicant.dateOfBirth')} value={applicant.date_of_birth || null} onChange={(date) => set('date_of_birth', date ?? '')} clearLabel={t('clearDate', { field: t('applicant.dateOfBirth') })} />
        <SelectField
          label={t('applicant.gender')}
          value={applicant.gender}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`profile:genders.${gender}`) }))}
          onChange={(value) => set('gender', value as Gender)}
          errorMessage={error('gender')}
        />
      </div>
      <div className="counter-form__row">
        <TextField label={t('applicant.email')} type="email" value={applicant.email} onChange={(text) => set('email', text)} errorMessage={error('email')} isRequired maxLength={TEXT_LIMITS.email} autoComplete="off" />
        <TextField label={t('applicant.phone')} type="tel" value={applicant.phone} onChange={(text) => set('phone', text)} errorMessage={error('phone')} maxLength={INTAKE_LIMITS.phone} autoComplete="off" />
        <SelectField
          label={t('applicant.country')}
          value={applicant.country}
          options={withCurrent(countries, applicant.country)}
          emptyLabel={t('notGiven')}
          onChange={(value) => set('country', value)}
          errorMessage={error('country')}
          isSearchable
          openLabel={t('showCountries')}
        />
      </div>
      <TextAreaField label={t('applicant.address')} value={applicant.address} onChange={(text) => set('address', text)} errorMessage={error('address')} rows={2} />
    </fieldset>
  );
}
