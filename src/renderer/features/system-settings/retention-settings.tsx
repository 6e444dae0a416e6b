import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTING_LIMITS, type SettingsAnswer } from '../../../shared/api/settings';
import { SERVICE_TYPES } from '../../../shared/constants';
import { TextField } from '../../components/text-field';
import { wholeNumber } from './form-values';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

/**
 * How many years after closing an application's personal data is kept: one number for every
 * service, and a service's own number where it differs (left empty, the general one applies).
 * The retention run and its preview on the personal-data screen read these at once.
 */
export function RetentionSettings({ state, canChange }: { state: SettingsAnswer['retention']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'applications']);
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('retention');
  const { min, max } = SETTING_LIMITS.retention_years;
  const [general, setGeneral] = useState(String(state.values.personal_data_years));
  const [perService, setPerService] = useState<Record<number, string>>(() => Object.fromEntries(state.values.service_years.map((rule) => [rule.service_type, String(rule.years)])));
  const [checked, setChecked] = useState(false);
  const outOfRange = (text: string) => {
    const value = wholeNumber(text);
    return value === null || value < min || value > max ? t('errors.range', { min, max }) : undefined;
  };
  const generalProblem = outOfRange(general);
  const serviceProblem = (type: number) => ((perService[type] ?? '').trim() === '' ? undefined : outOfRange(perService[type]!));

  function submit() {
    setChecked(true);
    if (generalProblem || SERVICE_TYPES.some((type) => serviceProblem(type))) return;
    const serviceYears = SERVICE_TYPES.flatMap((type) => ((perService[type] ?? '').trim() === '' ? [] : [{ service_type: type, years: wholeNumber(perService[type]!)! }]));
    save({ version: state.version, values: { personal_data_years: wholeNumber(general)!, service_years: serviceYears } });
  }

  return (
    <SettingsSection group="retention" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={submit} onReload={reload}>
      <div className="settings-field">
        <TextField
          label={t('fields.personal_data_years')}
          value={general}
          onChange={setGeneral}
          inputMode="numeric"
          isRequired
          isReadOnly={!canChange}
          errorMessage={(checked ? generalProblem : undefined) ?? fieldError('personal_data_years')}
        />
        <EffectNote group="retention" field="personal_data_years" />
      </div>
      {SERVICE_TYPES.map((type) => (
        <div className="settings-field" key={type}>
          <TextField
            label={t('fields.service_years', { service: t(`applications:service.${type}`) })}
            description={t('hints.serviceYears')}
            value={perService[type] ?? ''}
            onChange={(text) => setPerService((current) => ({ ...current, [type]: text }))}
            inputMode="numeric"
            isReadOnly={!canChange}
            errorMessage={(checked ? serviceProblem(type) : undefined) ?? fieldError('service_years')}
          />
        </div>
      ))}
      <EffectNote group="retention" field="service_years" />
    </SettingsSection>
  );
}
