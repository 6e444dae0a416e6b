import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UPDATE_CHANNELS, type UpdateChannel, type UpdateState } from '../../../shared/ipc/update-contract';
import { Button } from '../../components/button';
import { DetailsList } from '../../components/details-list';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-error';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useAppInfo, useCheckForUpdates, useSetUpdateChannel, useUpdateState } from './api';
import './updates.css';

function LastCheck({ check }: { check: UpdateState['last_check'] }) {
  const { t } = useTranslation('updates');
  const { dateTime } = useFormat();
  if (!check) return <>{t('about.neverChecked')}</>;
  const at = dateTime(check.at);
  return <>{check.manual ? t('about.checkedByHand', { at }) : t('about.checkedOnSchedule', { at })}</>;
}

function ChannelChoice({ channel }: { channel: UpdateChannel }) {
  const { t } = useTranslation('updates');
  const setChannel = useSetUpdateChannel();
  return (
    <div>
      <SelectField
        label={t('about.channel')}
        value={setChannel.isPending ? setChannel.variables : channel}
        options={UPDATE_CHANNELS.map((value) => ({ value, label: t(`channels.${value}`) }))}
        isDisabled={setChannel.isPending}
        onChange={(value) => {
          if (value !== channel) setChannel.mutate(value as UpdateChannel);
        }}
      />
      <p className="about-box__hint">{t('about.channelHint')}</p>
      {setChannel.isError ? <FormError message={translateError(setChannel.error, t).message} /> : null}
    </div>
  );
}

export interface AboutBoxProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}

/**
 * The about box: what is running (version, shell, update channel), when updates were last
 * looked for and what came of it, or why this run never looks; "Check for updates", and the
 * channel for the administrators who may change it.
 */
export function AboutBox({ isOpen, onOpenChange }: AboutBoxProps) {
  const { t } = useTranslation(['updates', 'common']);
  const info = useAppInfo().data;
  const query = useUpdateState();
  const state = query.data;
  const check = useCheckForUpdates();
  const checking = check.isPending || state?.phase === 'checking';
  const disabled = state?.disabled_reason ?? null;
  const browser = disabled === 'browser';
  const shell = info?.shell ?? (browser ? 'web' : null);

  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={t('about.title', { app: t('common:appName') })}>
      <div className="dialog__body">
        {state ? (
          <>
            <DetailsList
              rows={[
                [t('about.application'), t('common:appName')],
                [t('about.version'), state.current_version],
                [t('about.shell'), shell ? t(`about.shells.${shell}`) : null],
                ...(browser
                  ? []
                  : ([
                      [t('about.channel'), t(`channels.${state.channel}`)],
                      [t('about.lastCheck'), <LastCheck key="last" check={state.last_check} />],
                    ] as [string, React.ReactNode][])),
                ...(state.available_version ? ([[t('about.availableVersion'), state.available_version]] as [string, React.ReactNode][]) : []),
              ]}
            />
            {state.last_check && !disabled ? <p className="about-box__sentence">{t(`outcomes.${state.last_check.outcome}`)}</p> : null}
            {disabled ? <p className="about-box__sentence">{t(`disabled.${disabled}`)}</p> : null}
            {state.may_change_channel && !disabled ? <ChannelChoice channel={state.channel} /> : null}
          </>
        ) : query.isError ? (
          <FormError message={translateError(query.error, t).message} />
        ) : (
          <Spinner />
        )}
        {check.isError ? <FormError message={translateError(check.error, t).message} /> : null}
      </div>
      <div className="dialog__actions">
        {state && !disabled ? (
          <Button variant="secondary" isPending={checking} onPress={() => check.mutate()}>
            {checking ? t('about.checking') : t('about.check')}
          </Button>
        ) : null}
        <Button variant="primary" autoFocus onPress={() => onOpenChange(false)}>
          {t('about.close')}
        </Button>
      </div>
    </Dialog>
  );
}

/** The topbar's "About" button and the box it opens. */
export function AboutButton() {
  const { t } = useTranslation('updates');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="quiet" onPress={() => setOpen(true)}>
        {t('about.open')}
      </Button>
      {open ? <AboutBox isOpen onOpenChange={setOpen} /> : null}
    </>
  );
}
