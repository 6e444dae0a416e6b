import { useTranslation } from 'react-i18next';
import { SMTP_TLS_MODES, smtpSettingsUpdate, type SettingsAnswer, type SmtpSettingsUpdate } from '../../../shared/api/settings';
import { FormCheckbox, FormPasswordField, FormSelectField, FormTextField } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/form';
import { wholeNumber } from './form-values';
import { describeRange, settingsFieldOf } from './settings-form';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

interface SmtpValues {
  host: string;
  /** Typed as text: a number once sent. */
  port: string;
  tls: SmtpSettingsUpdate['tls'];
  from: string;
  user: string;
  password: string;
  remove_password: boolean;
}

/** The values saved: an empty password field keeps the stored password, a typed one replaces it, "Remove" deletes it. */
function smtpUpdateOf(values: SmtpValues) {
  const { remove_password, password, port, ...fields } = values;
  return { ...fields, port: wholeNumber(port) ?? Number.NaN, ...(remove_password ? { password: null } : password !== '' ? { password } : {}) };
}

/**
 * The mail server. The password is write-only: the screen only learns whether one is stored; an
 * empty password field keeps it, a typed one replaces it, "Remove" deletes it.
 */
export function SmtpSettings({ state, canChange }: { state: SettingsAnswer['smtp']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const { isSaving, refusal, error, save, reload } = useGroupSave('smtp');
  const { password_set: passwordSet, ...stored } = state.values;
  const form = useSchemaForm<SmtpValues, SmtpSettingsUpdate>({
    schema: smtpSettingsUpdate,
    defaultValues: { ...stored, port: String(stored.port), password: '', remove_password: false },
    toRequest: smtpUpdateOf,
    fieldOf: settingsFieldOf,
    describe: (issue, translate) => (issue.path[0] === 'port' ? describeRange('smtp_port', translate) : undefined),
    refusal: error,
  });
  const { control } = form;
  const removePassword = form.watch('remove_password');
  const submit = form.handleSubmit((values) => save({ version: state.version, values }));

  return (
    <SettingsSection group="smtp" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={() => void submit()} onReload={reload}>
      <FormTextField control={control} name="host" label={t('fields.smtp_host')} description={t('hints.smtpHost')} isReadOnly={!canChange} />
      <FormTextField control={control} name="port" label={t('fields.smtp_port')} inputMode="numeric" isRequired isReadOnly={!canChange} />
      <FormSelectField
        control={control}
        name="tls"
        label={t('fields.smtp_tls')}
        options={SMTP_TLS_MODES.map((mode) => ({ value: mode, label: t(`tlsModes.${mode}`) }))}
        isDisabled={!canChange}
      />
      <FormTextField control={control} name="from" label={t('fields.smtp_from')} isRequired isReadOnly={!canChange} />
      <FormTextField control={control} name="user" label={t('fields.smtp_user')} isReadOnly={!canChange} />
      {canChange ? (
        <>
          <FormPasswordField
            control={control}
            name="password"
            label={t('fields.smtp_password')}
            description={passwordSet ? t('hints.passwordStored') : t('hints.passwordNone')}
            isDisabled={removePassword}
            autoComplete="new-password"
          />
          {passwordSet ? (
            <FormCheckbox control={control} name="remove_password">
              {t('fields.smtp_remove_password')}
            </FormCheckbox>
          ) : null}
        </>
      ) : (
        <p>{passwordSet ? t('hints.passwordStored') : t('hints.passwordNone')}</p>
      )}
      <EffectNote group="smtp" field="host" />
    </SettingsSection>
  );
}
