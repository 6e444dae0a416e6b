import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading, Switch } from 'react-aria-components';
import type { TwoFactorMethod } from '../../../shared/api/auth';
import type { Session } from '../../../shared/ipc/contract';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { TextField } from '../../components/text-field';
import { sendSignInCode, verifyTwoFactor } from './api';
import { twoFactorErrorMessage } from './sign-in-error';

export interface TwoFactorCodeFormProps {
  method: TwoFactorMethod;
  username: string;
  /** The 2FA challenge of this sign-in's password step. */
  challenge: string;
  onSignedIn(session: Session): void;
  onBack(): void;
}

/** The second step of sign-in: an authenticator code, an e-mailed code, or a backup code. */
export function TwoFactorCodeForm({ method, username, challenge, onSignedIn, onBack }: TwoFactorCodeFormProps) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [useBackupCode, setUseBackupCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState<'verify' | 'send' | null>(null);

  const verify = async () => {
    setBusy('verify');
    setError(null);
    try {
      onSignedIn(await verifyTwoFactor({ username, code: code.trim(), is_backup_code: useBackupCode, challenge }));
    } catch (failure) {
      setError(twoFactorErrorMessage(failure, t('errors.verifyFailed')));
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    setBusy('send');
    setError(null);
    setSent(false);
    try {
      await sendSignInCode(username, challenge);
      setSent(true);
    } catch (failure) {
      setError(twoFactorErrorMessage(failure, t('errors.sendFailed')));
    } finally {
      setBusy(null);
    }
  };

  const instructions = useBackupCode
    ? t('twoFactor.backupInstructions')
    : method === 'totp'
      ? t('twoFactor.totpInstructions')
      : t('twoFactor.emailInstructions');
  const label = useBackupCode ? t('twoFactor.backupCode') : method === 'totp' ? t('twoFactor.totpCode') : t('twoFactor.emailCode');

  return (
    <Form
      className="form"
      aria-labelledby="two-factor-title"
      onSubmit={(event) => {
        event.preventDefault();
        void verify();
      }}
    >
      <Heading level={1} id="two-factor-title" className="sign-in-card__title">
        {t('twoFactor.title')}
      </Heading>
      <p>{instructions}</p>
      <FormError message={error} />
      <TextField
        label={label}
        name="code"
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        inputMode={useBackupCode ? 'text' : 'numeric'}
        isRequired
        autoFocus
      />
      <Switch
        className="switch"
        isSelected={useBackupCode}
        onChange={(selected) => {
          setUseBackupCode(selected);
          setCode('');
          setError(null);
        }}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
        {t('twoFactor.useBackupCode')}
      </Switch>
      {method === 'email' && !useBackupCode ? (
        <div className="inline-action">
          <Button variant="secondary" onPress={() => void send()} isPending={busy === 'send'} isDisabled={busy === 'verify'}>
            {t('twoFactor.sendCode')}
          </Button>
          <p role="status" className="inline-action__status">
            {sent ? t('twoFactor.codeSent') : ''}
          </p>
        </div>
      ) : null}
      <div className="form-actions">
        <Button variant="secondary" onPress={onBack} isDisabled={busy !== null}>
          {t('twoFactor.back')}
        </Button>
        <Button variant="primary" type="submit" isPending={busy === 'verify'} isDisabled={busy === 'send'}>
          {t('twoFactor.verify')}
        </Button>
      </div>
    </Form>
  );
}
