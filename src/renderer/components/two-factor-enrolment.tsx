import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading, Label, Radio, RadioGroup } from 'react-aria-components';
import type { TwoFactorMethod, TwoFactorSetupAnswer } from '../../shared/api/auth';
import { serverText } from '../lib/error-translator';
import { BackupCodes } from './backup-codes';
import { Button } from './button';
import { FormError } from './form-error';
import { QrCode } from './qr-code';
import { TextField } from './text-field';

export interface TwoFactorEnrolmentProps {
  /** Starts the setup with the chosen method (TOTP: secret + URI; e-mail: a code is sent). */
  start(method: TwoFactorMethod): Promise<TwoFactorSetupAnswer>;
  /** Confirms with a code; answers the backup codes, shown once. */
  confirm(code: string): Promise<readonly string[]>;
  /** The person saved the backup codes: enrolment is over. */
  onFinished(): void;
  onCancel?(): void;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'confirm'; setup: TwoFactorSetupAnswer }
  | { kind: 'codes'; codes: readonly string[] };

/** Two-factor setup (spec §2, §8): choose a method, confirm with a code, keep the backup codes. */
export function TwoFactorEnrolment({ start, confirm, onFinished, onCancel }: TwoFactorEnrolmentProps) {
  const { t } = useTranslation('two-factor');
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [method, setMethod] = useState<TwoFactorMethod>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const begin = async () => {
    setBusy(true);
    setError(null);
    try {
      const setup = await start(method);
      setCode('');
      setStep({ kind: 'confirm', setup });
    } catch (failure) {
      setError(serverText(failure, 'error') ?? t('errors.setupFailed'));
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    setBusy(true);
    setError(null);
    try {
      const codes = await confirm(code.trim());
      setStep({ kind: 'codes', codes });
    } catch (failure) {
      setError(serverText(failure, 'error') ?? t('errors.confirmFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (step.kind === 'codes') return <BackupCodes codes={step.codes} onSaved={onFinished} />;

  if (step.kind === 'choose') {
    return (
      <Form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          void begin();
        }}
      >
        <Heading level={2} className="section-title">
          {t('setup.title')}
        </Heading>
        <p>{t('setup.intro')}</p>
        <RadioGroup
          className="radio-group"
          value={method}
          onChange={(value) => setMethod(value === 'email' ? 'email' : 'totp')}
          isDisabled={busy}
        >
          <Label className="field__label">{t('setup.methodLabel')}</Label>
          <Radio value="totp" className="radio">
            <span className="radio__title">{t('methods.totp')}</span>
            <span className="radio__description">{t('setup.totpDescription')}</span>
          </Radio>
          <Radio value="email" className="radio">
            <span className="radio__title">{t('methods.email')}</span>
            <span className="radio__description">{t('setup.emailDescription')}</span>
          </Radio>
        </RadioGroup>
        <FormError message={error} />
        <div className="form-actions">
          {onCancel ? (
            <Button variant="secondary" onPress={onCancel} isDisabled={busy}>
              {t('setup.cancel')}
            </Button>
          ) : null}
          <Button variant="primary" type="submit" isPending={busy}>
            {t('setup.continue')}
          </Button>
        </div>
      </Form>
    );
  }

  const { setup } = step;
  return (
    <Form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        void finish();
      }}
    >
      <Heading level={2} className="section-title">
        {t('confirm.title')}
      </Heading>
      {setup.method === 'totp' && setup.otpauth_uri ? (
        <div className="two-factor-qr">
          <p>{t('confirm.scan')}</p>
          <QrCode value={setup.otpauth_uri} label={t('confirm.qrLabel')} />
          {setup.secret ? (
            <p className="two-factor-qr__key">
              {t('confirm.manualKey')} <code className="secret-key">{setup.secret}</code>
            </p>
          ) : null}
        </div>
      ) : (
        <p>{t('confirm.emailSent')}</p>
      )}
      <TextField
        label={setup.method === 'totp' ? t('confirm.totpCodeLabel') : t('confirm.emailCodeLabel')}
        name="code"
        value={code}
        onChange={setCode}
        autoComplete="one-time-code"
        inputMode="numeric"
        isRequired
        autoFocus
      />
      <FormError message={error} />
      <div className="form-actions">
        <Button variant="secondary" onPress={() => setStep({ kind: 'choose' })} isDisabled={busy}>
          {t('confirm.back')}
        </Button>
        {setup.method === 'email' ? (
          <Button variant="secondary" onPress={() => void begin()} isDisabled={busy}>
            {t('confirm.resend')}
          </Button>
        ) : null}
        <Button variant="primary" type="submit" isPending={busy}>
          {t('confirm.submit')}
        </Button>
      </div>
    </Form>
  );
}
