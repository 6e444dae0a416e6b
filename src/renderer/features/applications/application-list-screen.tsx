import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { ApplicationListItem } from '../../../shared/api/applications';
import type { ColumnKind, DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useApplicationList } from './api';
import { ApplicationFilters } from './application-filters';
import { APPLICATION_FILTERS, APPLICATION_SORT, queryFromParams } from './list-query';
import { SavedFilters } from './saved-filters';
import { WatchFlagMarker } from '../../components/watch-flag';
import { StatusBadge } from './status-badge';
import { FIXED_COLUMNS, LIST_COLUMNS, type ListColumn } from './list-columns';
import { ServiceTabs } from './service-tabs';
import './applications.css';
import { useFormat } from '../../lib/format';
import { ListResults, ColumnChooser } from '../../components/list-screen';
import { useListAddress, useListSort } from '../../lib/list-address';
import { useColumnChoice } from '../../lib/column-choice';

/**
 * What each column holds (which sizes it: data-table.tsx). Below the given table width (px) a
 * column is left out so names keep room: at 1440×900 'days in system' goes, at 1280 'priority' as well.
 */
const COLUMN_LAYOUT: Record<ListColumn, { kind: ColumnKind; hideBelow?: number }> = {
  reference: { kind: 'reference' },
  applicant: { kind: 'text' },
  service: { kind: 'text' },
  status: { kind: 'status' },
  institution: { kind: 'text' },
  submitted: { kind: 'date' },
  officer: { kind: 'text' },
  priority: { kind: 'status', hideBelow: 1100 },
  deadline: { kind: 'date' },
  days: { kind: 'number', hideBelow: 1200 },
};

/** The application list (and, with `incomplete`, the incomplete list): filters, sort and page live in the URL. */
function ApplicationList({ incomplete }: { incomplete: boolean }) {
  const { t } = useTranslation(['applications', 'common']);
  const format = useFormat();
  const address = useListAddress(APPLICATION_FILTERS);
  const { params } = address;
  const navigate = useNavigate();
  const columnChoice = useColumnChoice('applications', LIST_COLUMNS, FIXED_COLUMNS);
  const sort = useListSort(address, APPLICATION_SORT);
  const list = useApplicationList(queryFromParams(params), incomplete);
  // The same columns while the language and the column choice stay: the table then keeps the rows it
  // drew when only the address changed, and draws only the new rows when they come.
  const columns = useMemo<DataColumn<ApplicationListItem>[]>(() => {
    const { date } = format;
    const renderers: Record<ListColumn, (row: ApplicationListItem) => React.ReactNode> = {
      reference: (row) => (
        <>
          <Link to={`/applications/${row.id}`}>{row.reference}</Link>
          {row.watch_flag ? <WatchFlagMarker category={row.watch_flag} /> : null}
        </>
      ),
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
      reference: (row) => (row.watch_flag ? `${row.reference} · ${t(`authenticity:watchCategory.${row.watch_flag}`)}` : row.reference),
      status: (row) => t(`status.${row.status}`),
      deadline: (row) => (row.deadline ? `${date(row.deadline)}${row.overdue ? ` · ${t('list.overdue')}` : ''}` : '—'),
    };
    return LIST_COLUMNS.filter((c) => columnChoice.visible.includes(c)).map((column) => ({
      id: column,
      title: t(`columns.${column}`),
      isRowHeader: column === 'reference',
      allowsSorting: APPLICATION_SORT.columns[column] !== undefined,
      render: renderers[column],
      text: tooltipTexts[column],
      ...COLUMN_LAYOUT[column],
    }));
  }, [t, format, columnChoice.visible]);


  return (
    <>
      <PageHeader
        title={t(incomplete ? 'list.incompleteTitle' : 'list.title')}
        description={t(incomplete ? 'list.incompleteDescription' : 'list.description')}
        actions={
          <>
            <SavedFilters params={params} onApply={address.showOnly} />
            <ColumnChooser choice={columnChoice} columns={LIST_COLUMNS} fixed={FIXED_COLUMNS} title={(column) => t(`columns.${column}`)} />
          </>
        }
      />
      <ServiceTabs params={params} />
      <ApplicationFilters address={address} incompleteList={incomplete} />
      <ListResults
        list={list}
        address={address}
        table={{
          label: t('list.tableLabel'),
          columns,
          rowKey: (row) => row.id,
          sortDescriptor: sort.sortDescriptor,
          onSortChange: sort.onSortChange,
          onRowAction: (key) => navigate(`/applications/${key}`),
          emptyText: t('list.empty'),
        }}
        count={(count) => t(count > 2000 ? 'list.countAbout' : 'list.count', { count })}
        noAccess={t('common:noAccess.applications')}
        couldNotLoad={t('errors.couldNotLoad')}
      />
    </>
  );
}

export function ApplicationListScreen() {
  return <ApplicationList incomplete={false} />;
}

export function IncompleteApplicationsScreen() {
  return <ApplicationList incomplete />;
}
