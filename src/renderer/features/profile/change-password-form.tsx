import { useState } from 'react';
import { useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { PasswordField } from '../../components/password-field';
import { notifySuccess } from '../../components/toast';
import { translateError, type TranslatedError } from '../../lib/error-translator';
import { replaceAccessToken } from '../../lib/session';
import { useChangePassword } from './api';

const MIN_LENGTH = 12;

export function ChangePasswordForm() {
  const { t } = useTranslation(['profile', 'common']);
  const store = useStore();
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeated, setRepeated] = useState('');
  const [failure, setFailure] = useState<TranslatedError | null>(null);
  const [changed, setChanged] = useState(false);

  const submit = () => {
    setFailure(null);
    setChanged(false);
    change.mutate(
      { current_password: current, new_password: next },
      {
        onSuccess: ({ access }) => {
          // The server ended every other session; the bridge took over the new pair for this one.
          replaceAccessToken(store, access);
          setCurrent('');
          setNext('');
          setRepeated('');
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
        <PasswordField
          label={t('password.current')}
          name="current_password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
          isRequired
        />
        <PasswordField
          label={t('password.new')}
          description={t('password.rules', { min: MIN_LENGTH })}
          name="new_password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          isRequired
          validate={(value) => (value.length > 0 && value.length < MIN_LENGTH ? t('password.tooShort', { min: MIN_LENGTH }) : null)}
        />
        <PasswordField
          label={t('password.repeat')}
          name="repeat_password"
          autoComplete="new-password"
          value={repeated}
          onChange={setRepeated}
          isRequired
          validate={(value) => (value.length > 0 && value !== next ? t('password.mismatch') : null)}
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
