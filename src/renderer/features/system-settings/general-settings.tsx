import { useTranslation } from 'react-i18next';
import { generalSettings, type GeneralSettings as GeneralValues, type SettingsAnswer } from '../../../shared/api/settings';
import { LANGUAGES } from '../../../shared/constants';
import { FormSelectField, FormTextField } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/form';
import { LogoSettings } from './logo-settings';
import { settingsFieldOf } from './settings-form';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

/** The office's default language, its name on the letterhead and the letterhead's logo. */
export function GeneralSettings({ state, canChange }: { state: SettingsAnswer['general']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const { isSaving, refusal, error, save, reload } = useGroupSave('general');
  const form = useSchemaForm<GeneralValues, GeneralValues>({
    schema: generalSettings,
    defaultValues: state.values,
    fieldOf: settingsFieldOf,
    refusal: error,
  });
  const { control } = form;
  const submit = form.handleSubmit((values) => save({ version: state.version, values }));

  return (
    <SettingsSection group="general" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={() => void submit()} onReload={reload}>
      <div className="settings-field">
        <FormSelectField
          control={control}
          name="default_language"
          label={t('fields.default_language')}
          options={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          isDisabled={!canChange}
        />
        <EffectNote group="general" field="default_language" />
      </div>
      <div className="settings-field">
        <FormTextField control={control} name="organisation_name" label={t('fields.organisation_name')} isRequired isReadOnly={!canChange} />
        <EffectNote group="general" field="organisation_name" />
      </div>
      <LogoSettings canChange={canChange} />
    </SettingsSection>
  );
}
