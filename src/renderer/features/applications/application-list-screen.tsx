import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { ApplicationListItem } from '../../../shared/api/applications';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DensitySwitch } from '../../components/table-density';
import { MultiSelectMenu } from '../../components/multi-select-menu';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';
import { useApplicationList } from './api';
import { ApplicationFilters } from './application-filters';
import { orderingFromSort, pageOf, PAGE_SIZES, queryFromParams, sortFromOrdering, withParam } from './list-query';
import { SavedFilters } from './saved-filters';
import { StatusBadge } from './status-badge';
import { FIXED_COLUMNS, LIST_COLUMNS, useVisibleColumns, type ListColumn } from './use-visible-columns';
import { ServiceTabs } from './service-tabs';
import './applications.css';
import type { ApplicationOrderingField } from '../../../shared/api/applications';
import { useFormat } from '../../lib/format';

const SORT_FIELD: Partial<Record<ListColumn, ApplicationOrderingField>> = {
  reference: 'reference',
  applicant: 'applicant',
  service: 'service_type',
  status: 'status',
  institution: 'institution',
  submitted: 'submitted_at',
  officer: 'assigned_officer',
  priority: 'priority',
  deadline: 'deadline',
};
/**
 * Widths of the columns whose content has a natural size; the others share the rest. Below the
 * given table width (px) a column is left out so names keep room and the list never scrolls
 * sideways: at 1440×900 'days in system' goes, at 1280×800 'priority' as well.
 */
const COLUMN_LAYOUT: Partial<Record<ListColumn, { width: string; hideBelow?: number }>> = {
  reference: { width: '11.5rem' },
  status: { width: '9.5rem' },
  submitted: { width: '7.5rem' },
  priority: { width: '6rem', hideBelow: 1100 },
  deadline: { width: '7.5rem' },
  days: { width: '5.5rem', hideBelow: 1200 },
};
const COLUMN_OF_FIELD = Object.fromEntries(Object.entries(SORT_FIELD).map(([column, field]) => [field, column])) as Record<ApplicationOrderingField, ListColumn>;

/** The application list (and, with `incomplete`, the incomplete list): filters, sort and page live in the URL. */
function ApplicationList({ incomplete }: { incomplete: boolean }) {
  const { t } = useTranslation(['applications', 'common']);
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { visible, choose } = useVisibleColumns();
  const { page, pageSize } = pageOf(params);
  const sort = sortFromOrdering(params.get('ordering'));
  const list = useApplicationList({ ...queryFromParams(params), page, page_size: pageSize }, incomplete);
  const { date } = format;
  // A page past the end (fewer results since the link was made) answers 404: go to the first page.
  const pastTheEnd = list.isError && page > 1 && asTransportError(list.error).status === 404;
  useEffect(() => {
    if (pastTheEnd) setParams(withParam(params, 'page', null), { replace: true });
  }, [pastTheEnd, params, setParams]);

  const renderers: Record<ListColumn, (row: ApplicationListItem) => React.ReactNode> = {
    reference: (row) => <Link to={`/applications/${row.id}`}>{row.reference}</Link>,
    applicant: (row) => row.applicant.full_name,
    service: (row) => t(`service.${row.service_type}`),
    status: (row) => <StatusBadge status={row.status} />,
    institution: (row) => row.institution_name ?? '—',
    submitted: (row) => date(row.submitted_at),
    officer: (row) => row.assigned_officer?.full_name ?? t('filters.unassigned'),
    priority: (row) => t(`priority.${row.priority}`),
    deadline: (row) =>
      row.deadline ? (
        <span className={row.overdue ? 'overdue-marker' : undefined}>
          {date(row.deadline)}
          {row.overdue ? ` · ${t('list.overdue')}` : ''}
        </span>
      ) : (
        '—'
      ),
    days: (row) => format.days(row.days_in_system),
  };
  // The whole text of cells drawn with markup, for their tooltip when the line is cut.
  const tooltipTexts: Partial<Record<ListColumn, (row: ApplicationListItem) => string>> = {
    status: (row) => t(`status.${row.status}`),
    deadline: (row) => (row.deadline ? `${date(row.deadline)}${row.overdue ? ` · ${t('list.overdue')}` : ''}` : '—'),
  };
  const columns: DataColumn<ApplicationListItem>[] = LIST_COLUMNS.filter((c) => visible.includes(c)).map((column) => ({
    id: column,
    title: t(`columns.${column}`),
    isRowHeader: column === 'reference',
    allowsSorting: SORT_FIELD[column] !== undefined,
    render: renderers[column],
    text: tooltipTexts[column],
    ...COLUMN_LAYOUT[column],
  }));

  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const go = (target: number) => setParams(withParam(params, 'page', target > 1 ? String(target) : null));

  return (
    <>
      <PageHeader
        title={t(incomplete ? 'list.incompleteTitle' : 'list.title')}
        description={t(incomplete ? 'list.incompleteDescription' : 'list.description')}
        actions={
          <>
            <DensitySwitch />
            <SavedFilters params={params} onApply={setParams} />
            <MultiSelectMenu
              label={t('columns.chooser')}
              options={LIST_COLUMNS.map((column) => ({ value: column, label: t(`columns.${column}`) }))}
              selected={visible}
              disabled={FIXED_COLUMNS}
              onChange={choose}
            />
          </>
        }
      />
      <ServiceTabs params={params} />
      <ApplicationFilters params={params} onChange={setParams} incompleteList={incomplete} />
      {list.isError && !pastTheEnd ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? t('common:noAccess.applications') : t('errors.couldNotLoad')}>
          {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('common:loading')} /> : null}
      {list.data ? (
        <div aria-busy={list.isFetching}>
          <DataTable
            label={t('list.tableLabel')}
            columns={columns}
            rows={list.data.results}
            rowKey={(row) => row.id}
            sortDescriptor={{ column: COLUMN_OF_FIELD[sort.column], direction: sort.direction }}
            onSortChange={(descriptor) => {
              const field = SORT_FIELD[descriptor.column as ListColumn];
              if (field) setParams(withParam(params, 'ordering', orderingFromSort({ column: field, direction: descriptor.direction })));
            }}
            onRowAction={(key) => navigate(`/applications/${key}`)}
            emptyText={t('list.empty')}
          />
          <div className="list-footer">
            <p aria-live="polite">{t(count > 2000 ? 'list.countAbout' : 'list.count', { count })}</p>
            <Pager page={page} pages={pages} onPage={go} />
            <SelectField
              label={t('paging.pageSize')}
              value={String(pageSize)}
              options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
              onChange={(value) => setParams(withParam(params, 'page_size', value))}
            />
          </div>
        </div>
      ) : null}
    </>
  );
}

export function ApplicationListScreen() {
  return <ApplicationList incomplete={false} />;
}

export function IncompleteApplicationsScreen() {
  return <ApplicationList incomplete />;
}
