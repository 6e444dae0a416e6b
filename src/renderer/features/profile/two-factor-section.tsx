import { useState } from 'react';
import { useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { BackupCodes } from '../../components/backup-codes';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { LazyTwoFactorEnrolment as TwoFactorEnrolment } from '../../components/lazy-two-factor-enrolment';
import { serverText } from '../../lib/error-translator';
import { reloadCurrentUser } from '../../lib/session';
import { getBridge } from '../../platform/bridge';
import {
  confirmTwoFactorSetup,
  fetchCurrentUser,
  startTwoFactorSetup,
  useDisableTwoFactor,
  useRegenerateBackupCodes,
  useRefreshTwoFactorStatus,
  useTwoFactorStatus,
} from './api';
import { PasswordPromptDialog } from './password-prompt-dialog';

type Prompt = 'disable' | 'regenerate' | null;

/** Two-factor sign-in of the signed-in person: status, enable, disable, new backup codes. */
export function TwoFactorSection() {
  const { t } = useTranslation('profile');
  const store = useStore();
  const status = useTwoFactorStatus();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const refreshTwoFactorStatus = useRefreshTwoFactorStatus();
  const [enrolling, setEnrolling] = useState(false);
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  const refreshUser = () => reloadCurrentUser(store, getBridge(), fetchCurrentUser);

  const openPrompt = (which: Prompt) => {
    disable.reset();
    regenerate.reset();
    setPrompt(which);
  };

  let body: React.ReactNode;
  if (status.isPending) {
    body = <Spinner size="small" label={t('twoFactor.loading')} />;
  } else if (status.isError) {
    body = (
      <Alert tone="error" title={serverText(status.error, 'error') ?? t('twoFactor.errors.statusFailed')}>
        <Button variant="secondary" onPress={() => void status.refetch()}>
          {t('twoFactor.retry')}
        </Button>
      </Alert>
    );
  } else if (newCodes) {
    body = <BackupCodes codes={newCodes} onSaved={() => setNewCodes(null)} />;
  } else if (enrolling) {
    body = (
      <TwoFactorEnrolment
        start={startTwoFactorSetup}
        confirm={async (code) => (await confirmTwoFactorSetup(code)).backup_codes}
        onFinished={() => {
          setEnrolling(false);
          notifySuccess('updated');
          void refreshTwoFactorStatus();
          void refreshUser();
        }}
        onCancel={() => setEnrolling(false)}
      />
    );
  } else if (status.data.enabled) {
    body = (
      <>
        <p>
          {status.data.method
            ? t('twoFactor.enabledWith', { method: t(`twoFactor.methods.${status.data.method}`) })
            : t('twoFactor.enabled')}
        </p>
        <p>{t('twoFactor.backupCodesRemaining', { remaining: status.data.backup_codes_remaining })}</p>
        {status.data.required_by_policy ? <p className="muted">{t('twoFactor.requiredByPolicy')}</p> : null}
        <div className="form-actions">
          <Button variant="secondary" onPress={() => openPrompt('regenerate')}>
            {t('twoFactor.regenerate')}
          </Button>
          {status.data.required_by_policy ? null : (
            <Button variant="danger" onPress={() => openPrompt('disable')}>
              {t('twoFactor.disable')}
            </Button>
          )}
        </div>
      </>
    );
  } else {
    body = (
      <>
        <p>{t('twoFactor.disabled')}</p>
        {status.data.required_by_policy ? <Alert tone="warning">{t('twoFactor.requiredByPolicy')}</Alert> : null}
        <div className="form-actions">
          <Button variant="primary" onPress={() => setEnrolling(true)}>
            {t('twoFactor.enable')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="two-factor-title">
      <Heading level={2} id="two-factor-title" className="card__title">
        {t('twoFactor.title')}
      </Heading>
      {body}
      <PasswordPromptDialog
        isOpen={prompt === 'disable'}
        onOpenChange={(open) => setPrompt(open ? 'disable' : null)}
        title={t('twoFactor.disableTitle')}
        description={t('twoFactor.disableDescription')}
        confirmLabel={t('twoFactor.disable')}
        isDestructive
        isPending={disable.isPending}
        error={disable.isError ? (serverText(disable.error, 'error') ?? t('twoFactor.errors.disableFailed')) : null}
        onConfirm={(password) =>
          disable.mutate(password, {
            onSuccess: () => {
              setPrompt(null);
              notifySuccess('updated');
              void refreshUser();
            },
          })
        }
      />
      <PasswordPromptDialog
        isOpen={prompt === 'regenerate'}
        onOpenChange={(open) => setPrompt(open ? 'regenerate' : null)}
        title={t('twoFactor.regenerateTitle')}
        description={t('twoFactor.regenerateDescription')}
        confirmLabel={t('twoFactor.regenerate')}
        isPending={regenerate.isPending}
        error={regenerate.isError ? (serverText(regenerate.error, 'error') ?? t('twoFactor.errors.regenerateFailed')) : null}
        onConfirm={(password) =>
          regenerate.mutate(password, {
            onSuccess: (codes) => {
              setPrompt(null);
              setNewCodes(codes);
            },
          })
        }
      />
    </section>
  );
}
