import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, ProgressBar } from 'react-aria-components';
import type { RestartOutcome, UpdateProgress, UpdateState } from '../../../shared/ipc/update-contract';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FormError } from '../../components/form-error';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { getBridge } from '../../platform/bridge';
import { useRestartToUpdate, useUpdateState } from './api';
// The same bar as a document's upload or download (components/transfer-progress.tsx).
import '../../components/transfer-controls.css';
import './updates.css';

/** The live region speaks at these steps of the download, not at every progress event. */
export const ANNOUNCED_STEP_PERCENT = 25;

/**
 * The state that decides what the banner says: a "Later" hides the banner until it changes
 * (progress ticks are not a change; a new check, version or phase is).
 */
function bannerKey(state: UpdateState): string {
  return JSON.stringify([state.phase, state.available_version, state.last_check, state.manual_update_url]);
}

function DownloadProgress({ version, progress }: { version: string; progress: UpdateProgress | null }) {
  const { t } = useTranslation('updates');
  const { fileSize, number } = useFormat();
  const known = progress !== null && progress.total > 0;
  const percent = progress ? Math.floor(progress.percent) : 0;
  const valueLabel = known
    ? t('banner.progress', { percent: number(percent), transferred: fileSize(progress.transferred), total: fileSize(progress.total) })
    : t('banner.progressUnknown', { transferred: fileSize(progress?.transferred ?? 0) });
  const step = Math.floor(percent / ANNOUNCED_STEP_PERCENT) * ANNOUNCED_STEP_PERCENT;
  return (
    // Not a live region itself: the bar's text changes with every event. The hidden status below
    // speaks only when the download passes a step.
    <div className="alert alert--info update-banner">
      <div className="alert__body">
        <ProgressBar className="transfer-progress" value={percent} minValue={0} maxValue={100} isIndeterminate={!known} valueLabel={valueLabel}>
          {({ percentage, valueText }) => (
            <>
              <Label className="transfer-progress__label">{t('banner.downloading', { version })}</Label>
              <span className="transfer-progress__track" aria-hidden="true">
                <span className="transfer-progress__fill" style={{ width: known ? `${percentage ?? 0}%` : '100%' }} />
              </span>
              <span className="transfer-progress__value">{valueText}</span>
            </>
          )}
        </ProgressBar>
        <p role="status" className="visually-hidden">
          {known ? t('banner.progressAnnounced', { version, percent: number(step) }) : t('banner.downloading', { version })}
        </p>
      </div>
    </div>
  );
}

function RestartOutcomeNotice({ outcome, onDismiss }: { outcome: RestartOutcome['outcome']; onDismiss(): void }) {
  const { t } = useTranslation('updates');
  // 'declined': the person chose to keep working, they know; 'restarting': the window is closing.
  if (outcome === 'transfer_in_progress') return <Alert tone="warning" onDismiss={onDismiss}>{t('banner.transferInProgress')}</Alert>;
  if (outcome === 'nothing_to_install') return <Alert tone="info" onDismiss={onDismiss}>{t('banner.nothingToInstall')}</Alert>;
  return null;
}

function ManualUpdateNotice({ version, url, onDismiss }: { version: string | null; url: string | null; onDismiss(): void }) {
  const { t } = useTranslation('updates');
  return (
    <Alert tone="warning" title={version ? t('banner.manualTitle', { version }) : t('banner.manualTitleNoVersion')} onDismiss={onDismiss}>
      <p>{t('banner.manualText')}</p>
      {url ? (
        <Button variant="secondary" onPress={() => void getBridge().external.open(url).catch(() => {})}>
          {t('banner.manualLink')}
        </Button>
      ) : null}
    </Alert>
  );
}

/**
 * The desktop's update banner above every signed-in screen: the background download with its
 * progress, "Restart to update" once it is in, or the kill switch's request to install by hand.
 * Nothing when updates are off (the web shell, a development run) or there is nothing to say.
 */
export function UpdateBanner() {
  const { t } = useTranslation('updates');
  const state = useUpdateState().data;
  const restart = useRestartToUpdate();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!state || state.disabled_reason !== null) return null;
  const key = bannerKey(state);
  const version = state.available_version ?? '';
  const outcome = restart.data?.outcome;

  if (state.phase === 'downloading') return <DownloadProgress version={version} progress={state.progress} />;
  if (state.phase === 'restarting') return <Alert tone="info">{t('banner.restarting', { version })}</Alert>;
  if (state.phase === 'downloaded' && dismissed !== key) {
    return (
      <div className="update-banner">
        <Alert tone="info" title={t('banner.ready', { version })}>
          <p>{t('banner.readyText')}</p>
          <div className="update-banner__actions">
            <Button variant="primary" isPending={restart.isPending} onPress={() => restart.mutate()}>
              {t('banner.restart')}
            </Button>
            <Button variant="quiet" isDisabled={restart.isPending} onPress={() => setDismissed(key)}>
              {t('banner.later')}
            </Button>
          </div>
        </Alert>
        {outcome ? <RestartOutcomeNotice outcome={outcome} onDismiss={() => restart.reset()} /> : null}
        {restart.isError ? <FormError message={translateError(restart.error, t).message} /> : null}
      </div>
    );
  }
  if (state.last_check?.outcome === 'manual_update_required' && dismissed !== key) {
    return <ManualUpdateNotice version={state.available_version} url={state.manual_update_url} onDismiss={() => setDismissed(key)} />;
  }
  return null;
}
