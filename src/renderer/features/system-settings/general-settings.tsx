import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsAnswer } from '../../../shared/api/settings';
import { LANGUAGES, type Language } from '../../../shared/constants';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { LogoSettings } from './logo-settings';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

/** The office's default language, its name on the letterhead and the letterhead's logo. */
export function GeneralSettings({ state, canChange }: { state: SettingsAnswer['general']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('general');
  const [language, setLanguage] = useState<Language>(state.values.default_language);
  const [name, setName] = useState(state.values.organisation_name);
  const [checked, setChecked] = useState(false);
  const nameProblem = name.trim() === '' ? t('common:validation.required') : undefined;

  function submit() {
    setChecked(true);
    if (nameProblem) return;
    save({ version: state.version, values: { default_language: language, organisation_name: name.trim() } });
  }

  return (
    <SettingsSection group="general" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={submit} onReload={reload}>
      <div className="settings-field">
        <SelectField
          label={t('fields.default_language')}
          value={language}
          options={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          onChange={(value) => setLanguage(value as Language)}
          isDisabled={!canChange}
          errorMessage={fieldError('default_language')}
        />
        <EffectNote group="general" field="default_language" />
      </div>
      <div className="settings-field">
        <TextField
          label={t('fields.organisation_name')}
          value={name}
          onChange={setName}
          isRequired
          isReadOnly={!canChange}
          errorMessage={(checked ? nameProblem : undefined) ?? fieldError('organisation_name')}
        />
        <EffectNote group="general" field="organisation_name" />
      </div>
      <LogoSettings canChange={canChange} />
    </SettingsSection>
  );
}
