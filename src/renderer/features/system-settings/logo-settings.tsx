import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGO_MAX_BYTES, LOGO_MEDIA_TYPES } from '../../../shared/api/settings';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FileField } from '../../components/file-field';
import { RefusalAlert } from '../../components/refusal-alert';
import { describeRefusal } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useChangeLogo, useLetterheadLogo, useLogoImage } from './api';
import { settingsWords } from './settings-words';

/**
 * The logo at the top left of every issued PDF's letterhead: the current one, a file to upload
 * (PNG or JPEG, checked by the server by its bytes: 415 otherwise, 413 above 512 KB, both in
 * words here), and removing it after a confirmation. Sent at once, with the version read.
 */
export function LogoSettings({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const format = useFormat();
  const state = useLetterheadLogo();
  const change = useChangeLogo(i18n.language);
  const [confirming, setConfirming] = useState(false);
  const logo = state.data?.logo ?? null;
  const address = useLogoImage(logo?.sha256 ?? null);
  const refusal = change.error ? describeRefusal(change.error, t, settingsWords(t)) : null;
  const send = (file: Blob | null) => {
    if (!state.data) return;
    setConfirming(false);
    change.mutate({ file, version: state.data.version });
  };

  return (
    <div className="settings-field settings-logo" role="group" aria-labelledby="settings-logo-heading">
      <h3 id="settings-logo-heading">{t('logo.title')}</h3>
      {logo ? (
        <>
          {address ? <img className="settings-logo__image" src={address} alt={t('logo.alt')} /> : null}
          <p>{t('logo.about', { size: format.fileSize(logo.size) })}</p>
        </>
      ) : (
        <p>{t('logo.none')}</p>
      )}
      {canChange ? (
        <>
          <FileField
            label={logo ? t('logo.replace') : t('logo.choose')}
            accept={LOGO_MEDIA_TYPES}
            description={t('logo.hint', { size: format.fileSize(LOGO_MAX_BYTES) })}
            isDisabled={change.isPending || !state.data}
            onChoose={send}
          />
          {logo && !confirming ? (
            <Button variant="secondary" isPending={change.isPending} onPress={() => setConfirming(true)}>
              {t('logo.remove')}
            </Button>
          ) : null}
          {logo && confirming ? (
            <Alert tone="warning" title={t('logo.confirmTitle')}>
              <p>{t('logo.confirm')}</p>
              <Button variant="primary" onPress={() => send(null)}>
                {t('logo.confirmRemove')}
              </Button>
              <Button variant="secondary" onPress={() => setConfirming(false)}>
                {t('common:cancel')}
              </Button>
            </Alert>
          ) : null}
        </>
      ) : null}
      {refusal ? (
        <RefusalAlert title={t('logo.refused')} message={refusal.message} reload={refusal.offerReload ? { label: t('errors.reload'), onReload: () => void state.refetch() } : null} />
      ) : null}
    </div>
  );
}
