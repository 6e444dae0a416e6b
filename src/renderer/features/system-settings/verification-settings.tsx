import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsAnswer } from '../../../shared/api/settings';
import { TextField } from '../../components/text-field';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

/** The public address the QR codes of issued documents and receipts point to. */
export function VerificationSettings({ state, canChange }: { state: SettingsAnswer['verification']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('verification');
  const [address, setAddress] = useState(state.values.public_verify_url);
  const [checked, setChecked] = useState(false);
  const problem = /^https?:\/\/[^\s/]+/i.test(address.trim()) ? undefined : t('errors.url');

  function submit() {
    setChecked(true);
    if (problem) return;
    save({ version: state.version, values: { public_verify_url: address.trim() } });
  }

  return (
    <SettingsSection group="verification" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={submit} onReload={reload}>
      <div className="settings-field">
        <TextField
          label={t('fields.public_verify_url')}
          description={t('hints.publicVerifyUrl')}
          value={address}
          onChange={setAddress}
          type="url"
          isRequired
          isReadOnly={!canChange}
          errorMessage={(checked ? problem : undefined) ?? fieldError('public_verify_url')}
        />
        <EffectNote group="verification" field="public_verify_url" />
      </div>
    </SettingsSection>
  );
}
