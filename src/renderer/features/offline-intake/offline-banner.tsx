import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { useFormat } from '../../lib/format';
import { useServerReachable } from './connection';

export interface OfflineBannerProps {
  /** When the services and fees in use were saved on this computer; null when they came from the server just now. */
  catalogueSavedAt: string | null;
}

/**
 * What the officer must know while the server cannot be reached: the work is not lost and will go
 * out by itself. Also says when the services and fees come from this computer's copy, and of when.
 */
export function OfflineBanner({ catalogueSavedAt }: OfflineBannerProps) {
  const { t } = useTranslation('counter');
  const format = useFormat();
  const { reachable } = useServerReachable();
  return (
    <>
      {reachable === false ? (
        <Alert tone="warning" title={t('offline.title')}>
          {t('offline.message')}
        </Alert>
      ) : null}
      {catalogueSavedAt ? <Alert tone="info">{t('offline.catalogue', { date: format.dateTime(catalogueSavedAt) })}</Alert> : null}
    </>
  );
}
