import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingsAnswer } from '../../../shared/api/settings';
import { TextField } from '../../components/text-field';
import { useFormat } from '../../lib/format';
import { BYTES_PER_MB, megabytesOf, wholeNumber } from './form-values';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

/** The largest document upload, in whole megabytes, at most what the server is configured to accept. */
export function UploadSettings({ state, canChange }: { state: SettingsAnswer['uploads']; canChange: boolean }) {
  const { t } = useTranslation('settings');
  const format = useFormat();
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('uploads');
  const [megabytes, setMegabytes] = useState(String(megabytesOf(state.values.max_upload_bytes)));
  const [checked, setChecked] = useState(false);
  const most = Math.floor(state.ceiling_bytes / BYTES_PER_MB);
  const value = wholeNumber(megabytes);
  const problem = value === null || value < 1 || value > most ? t('errors.range', { min: 1, max: most }) : undefined;

  function submit() {
    setChecked(true);
    if (problem || value === null) return;
    save({ version: state.version, values: { max_upload_bytes: value * BYTES_PER_MB } });
  }

  return (
    <SettingsSection group="uploads" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={submit} onReload={reload}>
      <div className="settings-field">
        <TextField
          label={t('fields.max_upload_megabytes')}
          description={t('hints.uploadCeiling', { current: format.fileSize(state.values.max_upload_bytes), ceiling: format.fileSize(state.ceiling_bytes) })}
          value={megabytes}
          onChange={setMegabytes}
          inputMode="numeric"
          isRequired
          isReadOnly={!canChange}
          errorMessage={(checked ? problem : undefined) ?? fieldError('max_upload_bytes')}
        />
        <EffectNote group="uploads" field="max_upload_bytes" />
      </div>
    </SettingsSection>
  );
}
