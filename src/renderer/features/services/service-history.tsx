import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Alert } from '../../components/alert';
import { DataTable } from '../../components/data-table';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import type { ServiceHistoryEntry } from '../../../shared/api/services';
import { HISTORY_PAGE_SIZE, useServiceHistory } from './api';
import { changeLines } from './service-history-changes';

/** Every change of the service: who, when, and each field before and after. */
export function ServiceHistory({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation(['services', 'applications', 'common']);
  const format = useFormat();
  const [page, setPage] = useState(1);
  const history = useServiceHistory(serviceId, page);

  const changesOf = (entry: ServiceHistoryEntry) => {
    const lines = entry.changes.flatMap((change) => changeLines(change, t, format));
    if (lines.length === 0) return '—';
    return (
      <ul className="service-history__changes">
        {lines.map((line) => (
          <li key={line.field}>{t('history.change', { field: line.field, before: line.before, after: line.after })}</li>
        ))}
      </ul>
    );
  };

  return (
    <section className="card" aria-labelledby="service-history">
      <Heading level={2} id="service-history" className="card__title">
        {t('history.title')}
      </Heading>
      {history.isPending ? <Spinner label={t('common:loading')} /> : null}
      {history.isError ? (
        <Alert tone="error" title={isAccessDenied(history.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(history.error) ? t('common:noAccess.hint') : translateError(history.error, t).message}
        </Alert>
      ) : null}
      {history.data ? (
        <div aria-busy={history.isFetching}>
          <DataTable<ServiceHistoryEntry>
            label={t('history.title')}
            rows={history.data.results}
            rowKey={(entry) => entry.id}
            emptyText={t('history.empty')}
            columns={[
              { id: 'when', kind: 'date', title: t('history.when'), isRowHeader: true, width: '11rem', render: (entry) => format.dateTime(entry.created_at) },
              { id: 'who', kind: 'text', title: t('history.who'), width: '12rem', render: (entry) => entry.actor_name ?? t('history.system') },
              { id: 'action', kind: 'text', title: t('history.action'), width: '9rem', render: (entry) => t(`history.actions.${entry.action}`) },
              { id: 'changes', kind: 'text', title: t('history.changes'), wraps: true, render: changesOf },
            ]}
          />
          {history.data.count > HISTORY_PAGE_SIZE ? (
            <div className="list-footer">
              <Pager page={page} pages={Math.ceil(history.data.count / HISTORY_PAGE_SIZE)} onPage={setPage} />
            </div>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
