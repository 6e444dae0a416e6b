import { useTranslation } from 'react-i18next';
import { useWatch, type Control } from 'react-hook-form';
import { FormDateField, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import type { SelectOption } from '../../components/select-field';
import { GENDERS } from '../../../shared/constants';
import { INTAKE_LIMITS } from '../../../shared/api/intake';
import { TEXT_LIMITS } from '../../../shared/api/safe-text';
import type { DraftValues } from './draft-model';

/** What the counter form binds to its fields: the draft's values but its documents (kept apart, as each file arrives). */
export type TypedValues = Omit<DraftValues, 'documents'>;

export interface SectionProps {
  control: Control<TypedValues>;
}

/** A choice list that still shows a stored code the list does not hold (e.g. no country list offline yet). */
export function withCurrent(options: SelectOption[], value: string): SelectOption[] {
  return value === '' || options.some((option) => option.value === value) ? options : [{ value, label: value }, ...options];
}

/** The person of spec §3: name, personal ID, date of birth, gender, contact, country, address. */
export function ApplicantSection({ control, countries }: SectionProps & { countries: SelectOption[] }) {
  const { t } = useTranslation(['counter', 'profile']);
  const country = useWatch({ control, name: 'applicant.country' });

  return (
    <fieldset className="form-group">
      <legend>{t('applicant.title')}</legend>
      <div className="counter-form__row">
        <FormTextField control={control} name="applicant.first_name" label={t('applicant.firstName')} isRequired maxLength={TEXT_LIMITS.name} autoComplete="off" />
        <FormTextField control={control} name="applicant.last_name" label={t('applicant.lastName')} isRequired maxLength={TEXT_LIMITS.name} autoComplete="off" />
        <FormTextField control={control} name="applicant.personal_id" label={t('applicant.personalId')} isRequired maxLength={INTAKE_LIMITS.personalId} autoComplete="off" />
      </div>
      <div className="counter-form__row">
        <FormDateField control={control} name="applicant.date_of_birth" label={t('applicant.dateOfBirth')} clearLabel={t('clearDate', { field: t('applicant.dateOfBirth') })} />
        <FormSelectField control={control} name="applicant.gender" label={t('applicant.gender')} options={GENDERS.map((gender) => ({ value: gender, label: t(`profile:genders.${gender}`) }))} />
      </div>
      <div className="counter-form__row">
        <FormTextField control={control} name="applicant.email" label={t('applicant.email')} type="email" isRequired maxLength={TEXT_LIMITS.email} autoComplete="off" />
        <FormTextField control={control} name="applicant.phone" label={t('applicant.phone')} type="tel" maxLength={INTAKE_LIMITS.phone} autoComplete="off" />
        <FormSelectField
          control={control}
          name="applicant.country"
          label={t('applicant.country')}
          options={withCurrent(countries, country)}
          emptyLabel={t('notGiven')}
          isSearchable
          openLabel={t('showCountries')}
        />
      </div>
      <FormTextAreaField control={control} name="applicant.address" label={t('applicant.address')} rows={2} />
    </fieldset>
  );
}
