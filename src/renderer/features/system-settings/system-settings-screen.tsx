import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../../shared/auth/permissions';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { translateError } from '../../lib/error-translator';
import { currentUserAtom } from '../../lib/session';
import { useSystemSettings } from './api';
import { BackupSettings } from './backup-settings';
import { ClosedDaysSettings } from './closed-days-settings';
import { CredentialKeySettings } from './credential-key-settings';
import { GeneralSettings } from './general-settings';
import { SealSettings } from './seal-settings';
import { SecuritySettings } from './security-settings';
import { SmtpSettings } from './smtp-settings';
import { RetentionSettings } from './retention-settings';
import { UploadSettings } from './upload-settings';
import { VerificationSettings } from './verification-settings';
import './system-settings.css';

/**
 * System settings (route /settings, settings.view_settings): one section per group, each saved on
 * its own with the version it was read at. Without settings.change_settings the values are read
 * only. A section's fields are keyed by its version, so a save or a reload shows what is stored.
 */
export function SystemSettingsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['settings', 'nav', 'common']);
  const user = useAtomValue(currentUserAtom);
  const settings = useSystemSettings();
  const canChange = hasPermission(user, 'settings.change_settings');

  return (
    <>
      <PageHeader title={t(`nav:${titleKey}`)} description={t('description')} />
      {settings.isPending ? <Spinner label={t('common:loading')} /> : null}
      {settings.isError ? (
        <Alert tone="error" title={t('errors.loadFailed')}>
          <p>{translateError(settings.error, t).message}</p>
        </Alert>
      ) : null}
      {settings.data ? (
        <div className="settings-groups">
          {canChange ? null : <Alert tone="info">{t('readOnly')}</Alert>}
          <SecuritySettings key={`security-${settings.data.security.version}`} state={settings.data.security} canChange={canChange} />
          <UploadSettings key={`uploads-${settings.data.uploads.version}`} state={settings.data.uploads} canChange={canChange} />
          <VerificationSettings key={`verification-${settings.data.verification.version}`} state={settings.data.verification} canChange={canChange} />
          <ClosedDaysSettings key={`holidays-${settings.data.holidays.version}`} state={settings.data.holidays} canChange={canChange} />
          <GeneralSettings key={`general-${settings.data.general.version}`} state={settings.data.general} canChange={canChange} />
          <SealSettings canChange={canChange} />
          <CredentialKeySettings canChange={canChange} />
          <SmtpSettings key={`smtp-${settings.data.smtp.version}`} state={settings.data.smtp} canChange={canChange} />
          <BackupSettings key={`backups-${settings.data.backups.version}`} state={settings.data.backups} canChange={canChange} />
          <RetentionSettings key={`retention-${settings.data.retention.version}`} state={settings.data.retention} canChange={canChange} />
        </div>
      ) : null}
    </>
  );
}
