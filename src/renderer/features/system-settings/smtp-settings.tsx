import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTING_LIMITS, SMTP_TLS_MODES, type SettingsAnswer, type SmtpSettingsUpdate } from '../../../shared/api/settings';
import { Checkbox } from '../../components/checkbox';
import { PasswordField } from '../../components/password-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { wholeNumber } from './form-values';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

type TlsMode = (typeof SMTP_TLS_MODES)[number];

/**
 * The mail server. The password is write-only: the screen only learns whether one is stored; an
 * empty password field keeps it, a typed one replaces it, "Remove" deletes it.
 */
export function SmtpSettings({ state, canChange }: { state: SettingsAnswer['smtp']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('smtp');
  const [host, setHost] = useState(state.values.host);
  const [port, setPort] = useState(String(state.values.port));
  const [tls, setTls] = useState<TlsMode>(state.values.tls);
  const [from, setFrom] = useState(state.values.from);
  const [user, setUser] = useState(state.values.user);
  const [password, setPassword] = useState('');
  const [removePassword, setRemovePassword] = useState(false);
  const [checked, setChecked] = useState(false);
  const portValue = wholeNumber(port);
  const portProblem =
    portValue === null || portValue < SETTING_LIMITS.smtp_port.min || portValue > SETTING_LIMITS.smtp_port.max
      ? t('errors.range', { min: SETTING_LIMITS.smtp_port.min, max: SETTING_LIMITS.smtp_port.max })
      : undefined;
  const fromProblem = from.trim() === '' ? t('common:validation.required') : undefined;

  function submit() {
    setChecked(true);
    if (portProblem || fromProblem || portValue === null) return;
    const values: SmtpSettingsUpdate = { host: host.trim(), port: portValue, tls, from: from.trim(), user: user.trim() };
    if (removePassword) values.password = null;
    else if (password !== '') values.password = password;
    save({ version: state.version, values });
  }

  return (
    <SettingsSection group="smtp" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={submit} onReload={reload}>
      <TextField label={t('fields.smtp_host')} description={t('hints.smtpHost')} value={host} onChange={setHost} isReadOnly={!canChange} errorMessage={fieldError('host')} />
      <TextField
        label={t('fields.smtp_port')}
        value={port}
        onChange={setPort}
        inputMode="numeric"
        isRequired
        isReadOnly={!canChange}
        errorMessage={(checked ? portProblem : undefined) ?? fieldError('port')}
      />
      <SelectField
        label={t('fields.smtp_tls')}
        value={tls}
        options={SMTP_TLS_MODES.map((mode) => ({ value: mode, label: t(`tlsModes.${mode}`) }))}
        onChange={(value) => setTls(value as TlsMode)}
        isDisabled={!canChange}
        errorMessage={fieldError('tls')}
      />
      <TextField
        label={t('fields.smtp_from')}
        value={from}
        onChange={setFrom}
        isRequired
        isReadOnly={!canChange}
        errorMessage={(checked ? fromProblem : undefined) ?? fieldError('from')}
      />
      <TextField label={t('fields.smtp_user')} value={user} onChange={setUser} isReadOnly={!canChange} errorMessage={fieldError('user')} />
      {canChange ? (
        <>
          <PasswordField
            label={t('fields.smtp_password')}
            description={state.values.password_set ? t('hints.passwordStored') : t('hints.passwordNone')}
            value={password}
            onChange={setPassword}
            isDisabled={removePassword}
            autoComplete="new-password"
            errorMessage={fieldError('password')}
          />
          {state.values.password_set ? (
            <Checkbox isSelected={removePassword} onChange={setRemovePassword}>
              {t('fields.smtp_remove_password')}
            </Checkbox>
          ) : null}
        </>
      ) : (
        <p>{state.values.password_set ? t('hints.passwordStored') : t('hints.passwordNone')}</p>
      )}
      <EffectNote group="smtp" field="host" />
    </SettingsSection>
  );
}
