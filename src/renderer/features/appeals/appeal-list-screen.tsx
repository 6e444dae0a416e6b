import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { APPEAL_STATES, type AppealSummary } from '../../../shared/api/appeals';
import { hasPermission } from '../../../shared/auth/permissions';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { DatePickerField } from '../../components/date-picker-field';
import { EmptyState } from '../../components/empty-state';
import { FilterBar, ListResults } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { useListAddress, useListSort, type ListAddress } from '../../lib/list-address';
import { currentUserAtom } from '../../lib/session';
import { useAppealAssignees, useAppealList } from './api';
import { APPEAL_FILTERS, APPEAL_SORT, hasFilters, queryFromParams } from './appeal-list-query';
import { AppealStateText } from './appeal-state';

/** /appeals: every appeal the caller may see, with the list kit's filters, sorting and paging. */
export function AppealListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['appeals', 'nav']);
  const format = useFormat();
  const address = useListAddress(APPEAL_FILTERS);
  const sort = useListSort(address, APPEAL_SORT);
  const list = useAppealList(queryFromParams(address.params));
  const filtered = hasFilters(address.params);

  const columns = useMemo<DataColumn<AppealSummary>[]>(
    () => [
      {
        id: 'reference',
        kind: 'reference',
        title: t('columns.application'),
        isRowHeader: true,
        allowsSorting: true,
        width: '12rem',
        text: (row) => row.application.reference,
        render: (row) => <Link to={`/appeals/${row.id}`}>{row.application.reference}</Link>,
      },
      { id: 'applicant', kind: 'text', title: t('columns.applicant'), render: (row) => row.application.applicant_name },
      { id: 'service', kind: 'text', title: t('columns.service'), hideBelow: 1100, render: (row) => t(`service.${row.application.service_type}`) },
      { id: 'received', kind: 'date', title: t('columns.received'), width: '9rem', allowsSorting: true, render: (row) => format.date(row.received_on) },
      { id: 'late', kind: 'text', title: t('columns.late'), width: '6rem', render: (row) => (row.late ? t('late.yes') : t('late.no')) },
      { id: 'state', kind: 'status', title: t('columns.state'), width: '12rem', text: (row) => t(`state.${row.state}`), render: (row) => <AppealStateText appeal={row} /> },
      {
        id: 'assignee',
        kind: 'text',
        title: t('columns.assignee'),
        hideBelow: 1000,
        render: (row) => (row.council ? format.name(row.council) : (row.officer?.full_name ?? '—')),
      },
      { id: 'due', kind: 'date', title: t('columns.due'), width: '9rem', allowsSorting: true, render: (row) => (row.due_date ? format.date(row.due_date) : '—') },
    ],
    [t, format],
  );

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('list.description')} />
      <AppealFilters address={address} />
      <ListResults
        list={list}
        address={address}
        empty={
          <EmptyState
            title={filtered ? t('list.emptyFiltered') : t('list.empty')}
            action={
              filtered ? (
                <Button variant="secondary" onPress={() => address.clearFilters()}>
                  {t('filters.clear')}
                </Button>
              ) : undefined
            }
          />
        }
        table={{ label: t('list.table'), columns, rowKey: (row) => row.id, sortDescriptor: sort.sortDescriptor, onSortChange: sort.onSortChange, emptyText: t('list.emptyFiltered') }}
        noAccess={t('list.noAccess')}
      />
    </>
  );
}

function AppealFilters({ address }: { address: ListAddress }) {
  const { t } = useTranslation('appeals');
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  // Whom appeals go to is an officer's list; others filter by what they see.
  const assignees = useAppealAssignees(hasPermission(user, 'applications.prepare_decision'));
  const { params } = address;
  const set = (key: string, value: string | null) => address.set({ [key]: value });
  const from = params.get('received_from');
  const to = params.get('received_to');
  return (
    <FilterBar label={t('filters.label')}>
      <SelectField label={t('filters.state')} value={params.get('state') ?? ''} emptyLabel={t('filters.anyState')} options={APPEAL_STATES.map((state) => ({ value: state, label: t(`state.${state}`) }))} onChange={(value) => set('state', value)} />
      <SelectField
        label={t('filters.late')}
        value={params.get('late') ?? ''}
        emptyLabel={t('filters.anyLate')}
        options={[
          { value: 'true', label: t('late.yes') },
          { value: 'false', label: t('late.no') },
        ]}
        onChange={(value) => set('late', value)}
      />
      <SelectField label={t('filters.service')} value={params.get('service_type') ?? ''} emptyLabel={t('filters.anyService')} options={[1, 2].map((service) => ({ value: String(service), label: t(`service.${service}`) }))} onChange={(value) => set('service_type', value)} />
      {assignees.data ? (
        <>
          <SelectField
            label={t('filters.council')}
            value={params.get('council') ?? ''}
            emptyLabel={t('filters.anyCouncil')}
            options={format.sortedByName(assignees.data.councils).map((council) => ({ value: String(council.id), label: format.name(council) }))}
            onChange={(value) => set('council', value)}
          />
          <SelectField
            label={t('filters.officer')}
            value={params.get('officer') ?? ''}
            emptyLabel={t('filters.anyOfficer')}
            isSearchable
            options={assignees.data.officers.map((officer) => ({ value: String(officer.id), label: officer.full_name }))}
            onChange={(value) => set('officer', value)}
          />
        </>
      ) : null}
      <DatePickerField label={t('filters.from')} value={from} maxValue={to} clearLabel={t('filters.clearDate', { field: t('filters.from') })} onChange={(value) => set('received_from', value)} />
      <DatePickerField label={t('filters.to')} value={to} minValue={from} clearLabel={t('filters.clearDate', { field: t('filters.to') })} onChange={(value) => set('received_to', value)} />
      <Button variant="quiet" onPress={() => address.clearFilters()}>
        {t('filters.clear')}
      </Button>
    </FilterBar>
  );
}
