import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SETTING_LIMITS, type SettingsAnswer } from '../../../shared/api/settings';
import { Checkbox } from '../../components/checkbox';
import { TextField } from '../../components/text-field';
import { wholeNumber } from './form-values';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

const NUMBERS = [
  'access_token_lifetime_seconds',
  'refresh_token_lifetime_days',
  'session_idle_timeout_minutes',
  'session_absolute_lifetime_hours',
  'login_free_attempts',
  'login_window_minutes',
] as const;

/** Two-factor for staff, token and session lifetimes, sign-in throttling. */
export function SecuritySettings({ state, canChange }: { state: SettingsAnswer['security']; canChange: boolean }) {
  const { t } = useTranslation('settings');
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('security');
  const [twoFactor, setTwoFactor] = useState(state.values.two_factor_required_for_staff);
  const [numbers, setNumbers] = useState<Record<(typeof NUMBERS)[number], string>>(
    Object.fromEntries(NUMBERS.map((field) => [field, String(state.values[field])])) as Record<(typeof NUMBERS)[number], string>,
  );
  const [checked, setChecked] = useState(false);
  const problem = (field: (typeof NUMBERS)[number]) => {
    const value = wholeNumber(numbers[field]);
    const { min, max } = SETTING_LIMITS[field];
    if (value === null || value < min || value > max) return t('errors.range', { min, max });
    // The server's rule too (securitySettings): a session cannot sit idle longer than it may last.
    const lifetime = wholeNumber(numbers.session_absolute_lifetime_hours);
    if (field === 'session_idle_timeout_minutes' && lifetime !== null && value > lifetime * 60) return t('errors.idleAboveLifetime');
    return undefined;
  };

  // What the session limits mean, before their ranges.
  const hintOf = (field: (typeof NUMBERS)[number]) =>
    field === 'session_idle_timeout_minutes'
      ? t('hints.session_idle_timeout_minutes')
      : field === 'session_absolute_lifetime_hours'
        ? t('hints.session_absolute_lifetime_hours')
        : null;

  function submit() {
    setChecked(true);
    if (NUMBERS.some((field) => problem(field))) return;
    const values = Object.fromEntries(NUMBERS.map((field) => [field, wholeNumber(numbers[field])!])) as Record<(typeof NUMBERS)[number], number>;
    save({ version: state.version, values: { two_factor_required_for_staff: twoFactor, ...values } });
  }

  return (
    <SettingsSection group="security" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={submit} onReload={reload}>
      <div className="settings-field">
        <Checkbox isSelected={twoFactor} onChange={setTwoFactor} isDisabled={!canChange}>
          {t('fields.two_factor_required_for_staff')}
        </Checkbox>
        <EffectNote group="security" field="two_factor_required_for_staff" />
      </div>
      {NUMBERS.map((field) => (
        <div className="settings-field" key={field}>
          <TextField
            label={t(`fields.${field}`)}
            description={[hintOf(field), t('hints.range', { min: SETTING_LIMITS[field].min, max: SETTING_LIMITS[field].max })].filter(Boolean).join(' ')}
            value={numbers[field]}
            onChange={(value) => setNumbers((current) => ({ ...current, [field]: value }))}
            inputMode="numeric"
            isRequired
            isReadOnly={!canChange}
            errorMessage={(checked ? problem(field) : undefined) ?? fieldError(field)}
          />
          <EffectNote group="security" field={field} />
        </div>
      ))}
    </SettingsSection>
  );
}
