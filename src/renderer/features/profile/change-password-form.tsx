import { useState } from 'react';
import { useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { PasswordChangeFields, type PasswordChangeValues } from '../../components/password-change-fields';
import { notifySuccess } from '../../components/toast';
import { translateError, type TranslatedError } from '../../lib/error-translator';
import { replaceAccessToken } from '../../lib/session';
import { useChangePassword } from './api';

const EMPTY: PasswordChangeValues = { current: '', next: '', repeated: '' };

export function ChangePasswordForm() {
  const { t } = useTranslation(['profile', 'common']);
  const store = useStore();
  const change = useChangePassword();
  const [values, setValues] = useState<PasswordChangeValues>(EMPTY);
  const [failure, setFailure] = useState<TranslatedError | null>(null);
  const [changed, setChanged] = useState(false);

  const submit = () => {
    setFailure(null);
    setChanged(false);
    change.mutate(
      { current_password: values.current, new_password: values.next },
      {
        onSuccess: ({ access }) => {
          // The server ended every other session; the bridge took over the new pair for this one.
          replaceAccessToken(store, access);
          setValues(EMPTY);
          setChanged(true);
          notifySuccess('updated');
        },
        onError: (error) => setFailure(translateError(error, t)),
      },
    );
  };

  return (
    <section className="card" aria-labelledby="change-password-title">
      <Heading level={2} id="change-password-title" className="card__title">
        {t('password.title')}
      </Heading>
      <Form
        className="form form--narrow"
        validationErrors={failure?.fieldErrors}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <FormError message={failure?.message} details={failure?.formErrors} />
        {changed ? <Alert tone="success">{t('password.changed')}</Alert> : null}
        <PasswordChangeFields
          values={values}
          onChange={setValues}
          texts={{
            current: t('password.current'),
            next: t('password.new'),
            rules: (min) => t('password.rules', { min }),
            tooShort: (min) => t('password.tooShort', { min }),
            repeat: t('password.repeat'),
            mismatch: t('password.mismatch'),
          }}
        />
        <div className="form-actions">
          <Button variant="primary" type="submit" isPending={change.isPending}>
            {t('password.submit')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
