import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { DatePickerField } from '../../components/date-picker-field';
import { FormError } from '../../components/form-error';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { translateError } from '../../lib/error-translator';
import { Alert } from '../../components/alert';
import { AUTH_SOURCES, PASSWORD_DELIVERIES, TEMPORARY_PASSWORD_HOURS, type AuthSource, type PasswordDelivery } from '../../../shared/api/users';
import type { Gender } from '../../../shared/constants';
import { useCountryChoices } from './user-form-countries';
import { useGroups } from './detail-api';
import { groupLabel } from './group-names';
import { USER_GENDERS, type UserFieldErrors, type UserFormValues } from './user-form-values';

// Every user field of spec §3, for create and edit. The screen checks the values (user-form-values)
// and sends them; the server's refusals come back onto the same fields.

export interface UserFormProps {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  cancelTo: string;
  isPending: boolean;
  /** The client's checks or the server's field refusals, by field. */
  errors: UserFieldErrors;
  serverMessage: string | null;
  /** Offered with the server's message when the user changed since it was read (412). */
  onReload?: () => void;
  onSubmit(values: UserFormValues): void;
  onEdited(): void;
}

export function UserForm({ mode, initial, cancelTo, isPending, errors, serverMessage, onReload, onSubmit, onEdited }: UserFormProps) {
  const { t } = useTranslation(['users', 'common']);
  const groups = useGroups();
  const countries = useCountryChoices();
  const [values, setValues] = useState(initial);
  const change = (next: Partial<UserFormValues>) => {
    setValues((current) => ({ ...current, ...next }));
    onEdited();
  };
  const text = (field: 'first_name' | 'last_name' | 'email' | 'username' | 'phone' | 'personal_id', extra: { isRequired?: boolean; type?: string; description?: string } = {}) => (
    <TextField
      label={t(`fields.${field}`)}
      value={values[field]}
      onChange={(value) => change({ [field]: value })}
      errorMessage={errors[field]}
      isRequired={extra.isRequired}
      type={extra.type}
      description={extra.description}
    />
  );
  const toggleGroup = (name: string, on: boolean) =>
    change({ groups: on ? [...values.groups.filter((group) => group !== name), name] : values.groups.filter((group) => group !== name) });
  const directory = values.auth_source === 'ldap';

  if (groups.isPending) return <Spinner label={t('common:loading')} />;
  return (
    <Form
      className="form user-form"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(values);
      }}
    >
      <fieldset className="user-form__group">
        <legend>{t('form.person')}</legend>
        <div className="user-form__row">
          {text('first_name', { isRequired: true })}
          {text('last_name', { isRequired: true })}
        </div>
        <div className="user-form__row">
          {text('email', { isRequired: true, type: 'email' })}
          {text('username', { isRequired: true, description: t('form.usernameHelp') })}
        </div>
        <div className="user-form__row">
          {text('phone', { type: 'tel' })}
          {text('personal_id')}
        </div>
        <div className="user-form__row">
          <SelectField
            label={t('fields.country')}
            value={values.country}
            options={countries}
            emptyLabel={t('form.noCountry')}
            onChange={(country) => change({ country })}
            errorMessage={errors.country}
            isSearchable
            openLabel={t('form.allCountries')}
          />
          <div className="field">
            <DatePickerField label={t('fields.date_of_birth')} value={values.date_of_birth} onChange={(date_of_birth) => change({ date_of_birth })} maxValue={todayIso()} clearLabel={t('form.clearDate')} />
            {errors.date_of_birth ? <p className="field__error">{errors.date_of_birth}</p> : null}
          </div>
          <SelectField
            label={t('fields.gender')}
            value={values.gender}
            options={USER_GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))}
            onChange={(gender) => change({ gender: gender as Gender })}
            errorMessage={errors.gender}
          />
        </div>
        <TextAreaField label={t('fields.address')} value={values.address} onChange={(address) => change({ address })} errorMessage={errors.address} rows={2} />
      </fieldset>

      <fieldset className="user-form__group">
        <legend>{t('fields.groups')}</legend>
        {groups.isError ? <Alert tone="error">{translateError(groups.error, t).message}</Alert> : null}
        <div className="user-form__checks">
          {(groups.data ?? []).map((group) => (
            <Checkbox key={group.id} isSelected={values.groups.includes(group.name)} onChange={(on) => toggleGroup(group.name, on)}>
              {groupLabel(group.name, t)}
            </Checkbox>
          ))}
        </div>
        {errors.groups ? <p className="field__error">{errors.groups}</p> : null}
      </fieldset>

      <fieldset className="user-form__group">
        <legend>{t('form.account')}</legend>
        {mode === 'create' ? (
          <div className="user-form__row">
            <SelectField
              label={t('fields.auth_source')}
              value={values.auth_source}
              options={AUTH_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) }))}
              onChange={(source) => change({ auth_source: source as AuthSource })}
              errorMessage={errors.auth_source}
            />
            {directory ? null : (
              <SelectField
                label={t('fields.password_delivery')}
                value={values.password_delivery}
                options={PASSWORD_DELIVERIES.map((delivery) => ({ value: delivery, label: t(`deliveries.${delivery}`) }))}
                onChange={(delivery) => change({ password_delivery: delivery as PasswordDelivery })}
                errorMessage={errors.password_delivery}
              />
            )}
          </div>
        ) : null}
        {mode === 'create' ? <p className="field__description">{t(directory ? 'form.directoryHelp' : 'form.temporaryPasswordHelp', { hours: TEMPORARY_PASSWORD_HOURS })}</p> : null}
        <div className="user-form__checks">
          <Checkbox isSelected={values.is_active} onChange={(is_active) => change({ is_active })}>
            {t('fields.is_active')}
          </Checkbox>
          <Checkbox isSelected={values.email_verified} onChange={(email_verified) => change({ email_verified })}>
            {t('fields.email_verified')}
          </Checkbox>
          <Checkbox isSelected={values.two_factor_required} onChange={(two_factor_required) => change({ two_factor_required })}>
            {t('fields.two_factor_required')}
          </Checkbox>
        </div>
      </fieldset>

      <FormError message={serverMessage} />
      {onReload ? (
        <div>
          <Button variant="secondary" onPress={onReload}>
            {t('form.reload')}
          </Button>
        </div>
      ) : null}
      <div className="form-actions">
        <Link to={cancelTo} className="button button--secondary">
          {t('common:cancel')}
        </Link>
        <Button type="submit" variant="primary" isPending={isPending}>
          {t(mode === 'create' ? 'form.create' : 'form.save')}
        </Button>
      </div>
    </Form>
  );
}

function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
