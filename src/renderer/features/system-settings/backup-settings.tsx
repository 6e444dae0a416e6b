import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BACKUP_SCHEDULES, SETTING_LIMITS, type SettingsAnswer } from '../../../shared/api/settings';
import type { BackupSummary } from '../../../shared/api/backups';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { getBridge } from '../../platform/bridge';
import { wholeNumber } from './form-values';
import { EffectNote, SettingsSection } from './settings-section';
import { useGroupSave } from './use-group-save';

/**
 * Where backups go, how many are kept and whether they are taken daily; on the desktop with its
 * embedded database also Back up now and Restore from a backup (through main: the archive is
 * picked with the system's dialog and the app restarts onto it).
 */
export function BackupSettings({ state, canChange }: { state: SettingsAnswer['backups']; canChange: boolean }) {
  const { t } = useTranslation(['settings', 'common']);
  const { isSaving, refusal, fieldError, save, reload } = useGroupSave('backups');
  const [folder, setFolder] = useState(state.values.folder);
  const [keep, setKeep] = useState(String(state.values.keep));
  const [schedule, setSchedule] = useState<string>(state.values.schedule);
  const [checked, setChecked] = useState(false);
  const keepValue = wholeNumber(keep);
  const { min, max } = SETTING_LIMITS.backups_keep;
  const keepProblem = keepValue === null || keepValue < min || keepValue > max ? t('errors.range', { min, max }) : undefined;

  function submit() {
    setChecked(true);
    if (keepProblem || keepValue === null) return;
    save({ version: state.version, values: { folder, keep: keepValue, schedule: schedule as (typeof BACKUP_SCHEDULES)[number] } });
  }

  return (
    <SettingsSection group="backups" updatedAt={state.updated_at} updatedBy={state.updated_by} refusal={refusal} isSaving={isSaving} canChange={canChange} onSave={submit} onReload={reload}>
      <div className="settings-field">
        <TextField
          label={t('fields.backup_folder')}
          description={state.default_folder ? t('hints.backupFolder', { folder: state.default_folder }) : t('hints.backupFolderServer')}
          value={folder}
          onChange={setFolder}
          isReadOnly={!canChange}
          errorMessage={fieldError('folder')}
        />
        <EffectNote group="backups" field="folder" />
      </div>
      <div className="settings-field">
        <TextField label={t('fields.backup_keep')} value={keep} onChange={setKeep} inputMode="numeric" isRequired isReadOnly={!canChange} errorMessage={(checked ? keepProblem : undefined) ?? fieldError('keep')} />
        <EffectNote group="backups" field="keep" />
      </div>
      <div className="settings-field">
        <SelectField
          label={t('fields.backup_schedule')}
          value={schedule}
          onChange={setSchedule}
          options={BACKUP_SCHEDULES.map((value) => ({ value, label: t(`backupSchedules.${value}`) }))}
          isDisabled={!canChange}
        />
        <EffectNote group="backups" field="schedule" />
      </div>
      {canChange ? <DesktopBackupActions /> : null}
    </SettingsSection>
  );
}

/** Shown only in the desktop that runs its own embedded database. */
function DesktopBackupActions() {
  const { t } = useTranslation(['settings', 'common']);
  const format = useFormat();
  const info = useQuery({ queryKey: queryKeys.appInfo, queryFn: () => getBridge().app.info(), staleTime: Infinity });
  const [chosen, setChosen] = useState<BackupSummary | null>(null);
  const backUp = useMutation({ mutationFn: () => getBridge().backups.backUpNow() });
  const choose = useMutation({ mutationFn: () => getBridge().backups.chooseRestore(), onSuccess: (summary) => setChosen(summary) });
  const restore = useMutation({ mutationFn: (path: string) => getBridge().backups.restore(path) });
  if (info.data?.shell !== 'desktop' || !info.data.embeddedServer) return null;
  const problem = backUp.error ?? choose.error;
  const counts = (of: BackupSummary['counts']) => t('backupActions.counts', { applications: format.number(of.applications), applicants: format.number(of.applicants), documents: format.number(of.documents) });

  return (
    <div className="settings-field settings-backup-actions">
      <div className="settings-section__actions">
        <Button variant="secondary" onPress={() => backUp.mutate()} isPending={backUp.isPending}>
          {t('backupActions.backUpNow')}
        </Button>
        <Button variant="secondary" onPress={() => choose.mutate()} isPending={choose.isPending}>
          {t('backupActions.restore')}
        </Button>
      </div>
      {backUp.data ? <Alert tone="success">{t('backupActions.written', { file: backUp.data.file_name, size: format.fileSize(backUp.data.bytes) })}</Alert> : null}
      {problem ? (
        <Alert tone="error" title={t('backupActions.failed')}>
          <p>{translateError(problem, t).message}</p>
        </Alert>
      ) : null}
      <ConfirmDialog
        isOpen={chosen !== null}
        onOpenChange={(open) => {
          if (!open && !restore.isPending) setChosen(null);
        }}
        title={t('backupActions.confirmTitle')}
        message={
          chosen ? (
            <>
              <p>{t('backupActions.replaces', { current: counts(chosen.current) })}</p>
              <p>{t('backupActions.with', { date: format.dateTime(chosen.created_at), counts: counts(chosen.counts), version: chosen.app_version })}</p>
              <p>{t('backupActions.restarts')}</p>
            </>
          ) : null
        }
        confirmLabel={t('backupActions.confirm')}
        isDestructive
        isPending={restore.isPending}
        error={restore.error ? translateError(restore.error, t).message : null}
        onConfirm={() => chosen && restore.mutate(chosen.path)}
      />
    </div>
  );
}
