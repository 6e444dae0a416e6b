import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APPEAL_PATHS, appealListAnswer, type AppealSummary } from '../../../shared/api/appeals';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { Spinner } from '../../components/spinner';
import { apiClient } from '../../lib/app-api-client';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';

// The application's appeals on its detail screen (services 1 and 2): each with the day it was
// received, late or not, its state or outcome and whom it went to; the case itself opens at /appeals/:id.

const APPEALS_OF_APPLICATION = 100;

export function AppealsPanel({ applicationId, mayRegister }: { applicationId: number; mayRegister: boolean }) {
  const { t } = useTranslation(['applications', 'common']);
  const format = useFormat();
  const query = { application: applicationId, page_size: APPEALS_OF_APPLICATION, ordering: '-received_on' };
  const appeals = useQuery({ queryKey: queryKeys.appeals.list(query), queryFn: () => apiClient.get(APPEAL_PATHS.list, appealListAnswer, query) });
  const columns: DataColumn<AppealSummary>[] = [
    { id: 'received', kind: 'date', title: t('appeals.received'), isRowHeader: true, text: (row) => format.date(row.received_on), render: (row) => <Link to={`/appeals/${row.id}`}>{format.date(row.received_on)}</Link> },
    { id: 'late', kind: 'text', title: t('appeals.late'), text: (row) => (row.late ? t('appeals.lateYes') : t('appeals.lateNo')) },
    { id: 'state', kind: 'text', title: t('appeals.state'), text: (row) => (row.outcome ? t(`appeals.outcome.${row.outcome}`) : t(`appeals.states.${row.state}`)) },
    { id: 'assignee', kind: 'text', title: t('appeals.assignee'), text: (row) => (row.council ? format.name(row.council) : (row.officer?.full_name ?? '—')) },
  ];
  return (
    <div className="appeals-panel">
      {mayRegister ? (
        <p>
          <Link to={`/applications/${applicationId}/appeals/new`} className="button button--secondary">
            {t('appeals.register')}
          </Link>
        </p>
      ) : null}
      {appeals.isPending ? (
        <Spinner label={t('common:loading')} />
      ) : appeals.isError ? (
        <Alert tone="error">{translateError(appeals.error, t).message}</Alert>
      ) : appeals.data.results.length === 0 ? (
        <p>{t('appeals.none')}</p>
      ) : (
        <DataTable label={t('appeals.table')} columns={columns} rows={appeals.data.results} rowKey={(row) => row.id} />
      )}
    </div>
  );
}
