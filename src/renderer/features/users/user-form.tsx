import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Button } from '../../components/button';
import { Checkbox } from '../../components/checkbox';
import { FormCheckbox, FormDateField, FormFieldMessage, FormRootError, FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { Spinner } from '../../components/spinner';
import { translateError } from '../../lib/error-translator';
import { topField, useSchemaForm } from '../../lib/form';
import { Alert } from '../../components/alert';
import { AUTH_SOURCES, PASSWORD_DELIVERIES, TEMPORARY_PASSWORD_HOURS, userCreate, userUpdate, type UserCreate, type UserUpdate } from '../../../shared/api/users';
import { useCountryChoices } from './user-form-countries';
import { useGroups } from './detail-api';
import { groupLabel } from './group-names';
import { USER_GENDERS, userCreateBodyOf, userUpdateBodyOf, type UserFormValues } from './user-form-values';

// Every user field of spec §3, for create and edit, checked with the contract's userCreate or
// userUpdate; the server's refusals come back onto the same fields, what was typed stays.

type UserFormMode = { mode: 'create'; onSubmit(request: UserCreate): void } | { mode: 'edit'; version: number; onSubmit(request: UserUpdate): void };

export type UserFormProps = UserFormMode & {
  initial: UserFormValues;
  cancelTo: string;
  isPending: boolean;
  /** The last refusal of the save: its field errors land on the fields. */
  refusal: unknown;
  serverMessage: string | null;
  /** Offered with the server's message when the user changed since it was read (412). */
  onReload?: () => void;
  onEdited(): void;
};

export function UserForm(props: UserFormProps) {
  const { mode, initial, cancelTo, isPending, refusal, serverMessage, onReload, onEdited } = props;
  const { t } = useTranslation(['users', 'common']);
  const groups = useGroups();
  const countries = useCountryChoices();
  const form = useSchemaForm<UserFormValues, UserCreate | UserUpdate>({
    schema: props.mode === 'create' ? userCreate : userUpdate,
    defaultValues: initial,
    toRequest: (values) => (props.mode === 'create' ? userCreateBodyOf(values) : userUpdateBodyOf(values, props.version)),
    fieldOf: topField,
    refusal,
    // Any change takes the last refusal's message away (its field messages go as their fields change).
    onEdited,
  });
  const { control } = form;
  const [authSource, chosenGroups] = useWatch({ control, name: ['auth_source', 'groups'] });
  const text = (field: 'first_name' | 'last_name' | 'email' | 'username' | 'phone' | 'personal_id', extra: { isRequired?: boolean; type?: string; description?: string } = {}) => (
    <FormTextField control={control} name={field} label={t(`fields.${field}`)} isRequired={extra.isRequired} type={extra.type} description={extra.description} />
  );
  const toggleGroup = (name: string, on: boolean) => {
    const others = chosenGroups.filter((group) => group !== name);
    form.setValue('groups', on ? [...others, name] : others, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const directory = authSource === 'ldap';

  if (groups.isPending) return <Spinner label={t('common:loading')} />;
  return (
    <Form
      className="form user-form"
      validationBehavior="aria"
      onSubmit={(event) =>
        void form.handleSubmit((request) => (props.mode === 'create' ? props.onSubmit(request as UserCreate) : props.onSubmit(request as UserUpdate)))(event)
      }
    >
      <fieldset className="form-group">
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
          <FormSelectField
            control={control}
            name="country"
            label={t('fields.country')}
            options={countries}
            emptyLabel={t('form.noCountry')}
            isSearchable
            openLabel={t('form.allCountries')}
          />
          <FormDateField control={control} name="date_of_birth" label={t('fields.date_of_birth')} maxValue={todayIso()} clearLabel={t('form.clearDate')} />
          <FormSelectField control={control} name="gender" label={t('fields.gender')} options={USER_GENDERS.map((gender) => ({ value: gender, label: t(`genders.${gender}`) }))} />
        </div>
        <FormTextAreaField control={control} name="address" label={t('fields.address')} rows={2} />
      </fieldset>

      <fieldset className="form-group">
        <legend>{t('fields.groups')}</legend>
        {groups.isError ? <Alert tone="error">{translateError(groups.error, t).message}</Alert> : null}
        <div className="user-form__checks">
          {(groups.data ?? []).map((group) => (
            <Checkbox key={group.id} isSelected={chosenGroups.includes(group.name)} onChange={(on) => toggleGroup(group.name, on)}>
              {groupLabel(group.name, t)}
            </Checkbox>
          ))}
        </div>
        <FormFieldMessage control={control} name="groups" />
      </fieldset>

      <fieldset className="form-group">
        <legend>{t('form.account')}</legend>
        {mode === 'create' ? (
          <div className="user-form__row">
            <FormSelectField control={control} name="auth_source" label={t('fields.auth_source')} options={AUTH_SOURCES.map((source) => ({ value: source, label: t(`sources.${source}`) }))} />
            {directory ? null : (
              <FormSelectField
                control={control}
                name="password_delivery"
                label={t('fields.password_delivery')}
                options={PASSWORD_DELIVERIES.map((delivery) => ({ value: delivery, label: t(`deliveries.${delivery}`) }))}
              />
            )}
          </div>
        ) : null}
        {mode === 'create' ? <p className="field__description">{t(directory ? 'form.directoryHelp' : 'form.temporaryPasswordHelp', { hours: TEMPORARY_PASSWORD_HOURS })}</p> : null}
        <div className="user-form__checks">
          <FormCheckbox control={control} name="is_active">
            {t('fields.is_active')}
          </FormCheckbox>
          <FormCheckbox control={control} name="email_verified">
            {t('fields.email_verified')}
          </FormCheckbox>
          <FormCheckbox control={control} name="two_factor_required">
            {t('fields.two_factor_required')}
          </FormCheckbox>
        </div>
      </fieldset>

      <FormRootError control={control} message={serverMessage} />
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
