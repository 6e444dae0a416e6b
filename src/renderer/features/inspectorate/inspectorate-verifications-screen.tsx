import { useTranslation } from 'react-i18next';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApplicationListItem } from '../../../shared/api/applications';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { PAGE_SIZE, useInspectorateList, type InspectorateList } from './api';
import { VerificationPanel } from './verification-panel';
import './inspectorate.css';
import { useCountryName } from '../../lib/country-names';
import { useFormat } from '../../lib/format';

// The inspectorate's work (spec §4): service 3 applications waiting for its verification, and
// those it decided. The open list, its page and the selected application live in the URL
// (?list=decided&page=2&application=42), so a link or a reload shows the same thing.

/** A copy of the query string with one parameter set (or removed with null). */
function withParams(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) next.delete(name);
    else next.set(name, value);
  }
  return next;
}

function positiveNumber(value: string | null): number | null {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

export function InspectorateVerificationsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['inspectorate', 'nav']);
  const [params, setParams] = useSearchParams();
  const list: InspectorateList = params.get('list') === 'decided' ? 'decided' : 'waiting';
  const selected = positiveNumber(params.get('application'));

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('description')} />
      <div className={selected === null ? 'inspectorate-layout' : 'inspectorate-layout inspectorate-layout--with-panel'}>
        <Tabs selectedKey={list} onSelectionChange={(key: Key) => setParams(withParams(params, { list: key === 'decided' ? 'decided' : null, page: null }))}>
          <TabList aria-label={t('lists')} className="tab-list">
            <Tab id="waiting" className="tab">
              {t('waiting.tab')}
            </Tab>
            <Tab id="decided" className="tab">
              {t('decided.tab')}
            </Tab>
          </TabList>
          <TabPanel id="waiting">
            <ApplicationsTable list="waiting" params={params} onParams={setParams} selected={selected} />
          </TabPanel>
          <TabPanel id="decided">
            <ApplicationsTable list="decided" params={params} onParams={setParams} selected={selected} />
          </TabPanel>
        </Tabs>
        {selected !== null ? <VerificationPanel key={selected} applicationId={selected} onClose={() => setParams(withParams(params, { application: null }))} /> : null}
      </div>
    </>
  );
}

interface ApplicationsTableProps {
  list: InspectorateList;
  params: URLSearchParams;
  onParams(params: URLSearchParams): void;
  selected: number | null;
}

function ApplicationsTable({ list, params, onParams, selected }: ApplicationsTableProps) {
  const { t } = useTranslation(['inspectorate', 'applications', 'common']);
  const format = useFormat();
  const country = useCountryName();
  const page = positiveNumber(params.get('page')) ?? 1;
  const query = useInspectorateList(list, page);
  const date = format.date;
  const select = (id: number) => withParams(params, { application: String(id) });

  const columns: DataColumn<ApplicationListItem>[] = [
    {
      id: 'reference',
      title: t('columns.reference'),
      isRowHeader: true,
      render: (row) => (
        <Link to={{ search: select(row.id).toString() }} aria-current={row.id === selected ? 'true' : undefined}>
          {row.reference}
        </Link>
      ),
    },
    { id: 'applicant', title: t('columns.applicant'), render: (row) => row.applicant.full_name },
    { id: 'institution', title: t('columns.institution'), render: (row) => row.institution_name ?? '—' },
    { id: 'country', title: t('columns.country'), render: (row) => country(row.institution_country) },
    { id: 'submitted', title: t('columns.submitted'), render: (row) => date(row.submitted_at) },
    ...(list === 'waiting'
      ? [
          {
            id: 'deadline',
            title: t('columns.deadline'),
            render: (row: ApplicationListItem) => (
              <span className={row.overdue ? 'overdue-marker' : undefined}>
                {date(row.deadline)}
                {row.overdue ? ` · ${t('columns.overdue')}` : ''}
              </span>
            ),
          },
        ]
      : [{ id: 'outcome', title: t('columns.outcome'), render: (row: ApplicationListItem) => t(`applications:status.${row.status}`) }]),
  ];

  if (query.isPending) return <Spinner label={t('common:loading')} />;
  if (query.isError) {
    return (
      <Alert tone="error" title={isAccessDenied(query.error) ? t('common:noAccess.inspectorate') : t('couldNotLoad')}>
        <p>{isAccessDenied(query.error) ? t('common:noAccess.hint') : translateError(query.error, t).message}</p>
        <Button onPress={() => void query.refetch()}>{t('retry')}</Button>
      </Alert>
    );
  }
  const { count, results } = query.data;
  if (count === 0) {
    return <EmptyState title={t(`${list}.emptyTitle`)} description={t(`${list}.emptyDescription`)} />;
  }
  const pages = Math.max(1, Math.ceil(count / PAGE_SIZE));
  const go = (target: number) => onParams(withParams(params, { page: target > 1 ? String(target) : null }));
  return (
    <div aria-busy={query.isFetching}>
      <p>{t(`${list}.intro`)}</p>
      <DataTable
        label={t(`${list}.tableLabel`)}
        columns={columns}
        rows={results}
        rowKey={(row) => row.id}
        onRowAction={(key) => onParams(select(Number(key)))}
      />
      <div className="list-footer">
        <p aria-live="polite">{t('count', { count })}</p>
        {pages > 1 ? (
          <Pager page={page} pages={pages} onPage={go} />
        ) : null}
      </div>
    </div>
  );
}
