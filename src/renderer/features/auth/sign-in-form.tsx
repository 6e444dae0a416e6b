import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from 'react-aria-components';
import type { TwoFactorMethod } from '../../../shared/api/auth';
import type { Session } from '../../../shared/ipc/contract';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { signIn } from './api';
import { signInErrorMessage } from './sign-in-error';

export interface Credentials {
  username: string;
  password: string;
}

export interface SignInFormProps {
  credentials: Credentials;
  onCredentialsChange(credentials: Credentials): void;
  onSignedIn(session: Session): void;
  onTwoFactorRequired(method: TwoFactorMethod, username: string, challenge: string): void;
  onSetupRequired(challenge: string): void;
}

/** Username (or e-mail, sent as the username) and password (spec §5). */
export function SignInForm({ credentials, onCredentialsChange, onSignedIn, onTwoFactorRequired, onSetupRequired }: SignInFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await signIn({ username: credentials.username.trim(), password: credentials.password });
      if (outcome.kind === 'signed_in') onSignedIn(outcome.session);
      else if (outcome.kind === 'two_factor_required') onTwoFactorRequired(outcome.method, outcome.username, outcome.challenge);
      else onSetupRequired(outcome.challenge);
    } catch (failure) {
      setError(signInErrorMessage(failure, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form
      className="form"
      aria-label={t('auth:signIn.title')}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormError message={error} />
      <TextField
        label={t('auth:signIn.username')}
        name="username"
        autoComplete="username"
        value={credentials.username}
        onChange={(username) => onCredentialsChange({ ...credentials, username })}
        isRequired
        autoFocus
        validate={(value) => (value.trim() === '' ? t('common:validation.required') : null)}
      />
      <PasswordField
        label={t('auth:signIn.password')}
        name="password"
        autoComplete="current-password"
        value={credentials.password}
        onChange={(password) => onCredentialsChange({ ...credentials, password })}
        isRequired
        validate={(value) => (value === '' ? t('common:validation.required') : null)}
      />
      <div className="form-actions">
        <Button variant="primary" type="submit" isPending={busy} className="button--wide">
          {t('auth:signIn.submit')}
        </Button>
      </div>
    </Form>
  );
}
