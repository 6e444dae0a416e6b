import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { translateError } from '../../lib/error-translator';
import { useSystemHealth } from './api';

type Tone = 'ok' | 'unavailable';

function StatusRow({ label, tone, detail }: { label: string; tone: Tone; detail?: string }) {
  const { t } = useTranslation('home');
  return (
    <div className="status-row">
      <dt className="status-row__label">{label}</dt>
      <dd className="status-row__value">
        <span className={`status-dot status-dot--${tone}`} aria-hidden="true" />
        <span>{tone === 'ok' ? t('status.ok') : t('status.unavailable')}</span>
        {detail ? <span className="status-row__detail"> · {detail}</span> : null}
      </dd>
    </div>
  );
}

/** API connection, database and storage, from the server's health report. */
export function SystemStatusCard() {
  const { t } = useTranslation(['home', 'common']);
  const health = useSystemHealth();

  return (
    <section className="card" aria-labelledby="system-status-title" aria-busy={health.isFetching}>
      <div className="card__header">
        <Heading level={2} id="system-status-title" className="card__title">
          {t('status.title')}
        </Heading>
        <Button variant="quiet" onPress={() => void health.refetch()} isDisabled={health.isFetching}>
          {t('status.refresh')}
        </Button>
      </div>
      {health.isPending ? <Spinner size="small" label={t('status.checking')} /> : null}
      {health.isError ? (
        <div role="alert" className="card__error">
          <p>{t('common:couldNotLoad')}</p>
          <dl className="status-list">
            <StatusRow label={t('status.api')} tone="unavailable" detail={translateError(health.error, t).message} />
          </dl>
        </div>
      ) : null}
      {health.data && !health.isError ? (
        <dl className="status-list">
          {/* Version, driver and backend come only to admins (GET /api/health/, docs/access.md). */}
          <StatusRow label={t('status.api')} tone="ok" detail={health.data.version ? t('status.version', { version: health.data.version }) : undefined} />
          <StatusRow
            label={t('status.database')}
            tone={health.data.database.status}
            detail={health.data.database.driver ? t(`status.drivers.${health.data.database.driver}`) : undefined}
          />
          <StatusRow
            label={t('status.storage')}
            tone={health.data.storage.status}
            detail={health.data.storage.backend ? t(`status.backends.${health.data.storage.backend}`) : undefined}
          />
        </dl>
      ) : null}
    </section>
  );
}
