import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEADLINE_ORDERINGS, type DeadlineConfiguration } from '../../../shared/api/deadlines';
import { DEADLINE_TYPES, SERVICE_CATEGORIES } from '../../../shared/constants';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField } from '../../components/select-field';
import { notifySuccess } from '../../components/toast';
import { translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useDeadlineConfigurations, useToggleConfiguration } from './api';
import { localName } from './local-name';
import { useScreenParams } from './screen-params';
import { SearchBox } from '../../components/search-box';
import { FilterBar, ListResults } from '../../components/list-screen';
import { useListSort } from '../../lib/list-address';

const SORTABLE: Record<string, string> = { name: 'name', type: 'deadline_type', category: 'service_category', days: 'days_from_start', updated: 'updated_at' };

/** The configurations, filtered by type, category, status and text, with their actions. */
export function ConfigurationList() {
  const { t } = useTranslation(['deadlines', 'common']);
  const format = useFormat();
  const address = useScreenParams();
  const { params, set } = address;
  const sort = useListSort(address, { columns: SORTABLE, initial: 'deadline_type', orderings: DEADLINE_ORDERINGS });
  const type = (DEADLINE_TYPES as readonly string[]).includes(params.get('type') ?? '') ? params.get('type')! : '';
  const category = (SERVICE_CATEGORIES as readonly string[]).includes(params.get('category') ?? '') ? params.get('category')! : '';
  const status = params.get('status') === 'active' || params.get('status') === 'inactive' ? params.get('status')! : '';
  const search = params.get('search') ?? '';
  const list = useDeadlineConfigurations({
    page: address.page,
    page_size: address.pageSize,
    ordering: sort.ordering,
    deadline_type: type,
    service_category: category,
    active: status === '' ? undefined : status === 'active',
    search,
  });
  const toggle = useToggleConfiguration();
  const [deactivating, setDeactivating] = useState<DeadlineConfiguration | null>(null);

  const name = (row: DeadlineConfiguration) => localName(row, format.language);
  const setActive = (row: DeadlineConfiguration, active: boolean) =>
    toggle.mutate(
      { id: row.id, version: row.version, active },
      {
        onSuccess: () => {
          setDeactivating(null);
          notifySuccess('updated', t(active ? 'list.activated' : 'list.deactivated', { name: name(row) }));
        },
      },
    );

  const columns: DataColumn<DeadlineConfiguration>[] = [
    { id: 'name', kind: 'text', title: t('fields.name'), isRowHeader: true, allowsSorting: true, render: name },
    { id: 'type', kind: 'text', title: t('fields.deadline_type'), allowsSorting: true, render: (row) => t(`types.${row.deadline_type}`) },
    { id: 'category', kind: 'text', title: t('fields.service_category'), allowsSorting: true, hideBelow: 1000, render: (row) => t(`categories.${row.service_category}`) },
    {
      id: 'days',
      kind: 'text',
      title: t('list.days'),
      allowsSorting: true,
      width: '9rem',
      render: (row) => t(row.working_days ? 'list.workingDays' : 'list.calendarDays', { count: row.days_from_start }),
    },
    {
      id: 'obligation',
      kind: 'text',
      title: t('list.obligation'),
      width: '8rem',
      hideBelow: 1100,
      render: (row) => (row.mandatory_by_law ? t('list.byLaw') : row.mandatory ? t('list.mandatory') : t('list.optional')),
    },
    {
      id: 'reminder',
      kind: 'text',
      title: t('list.reminder'),
      hideBelow: 900,
      render: (row) =>
        row.reminder_enabled && row.reminder_days_before !== null && row.reminder_frequency
          ? t('list.reminderSummary', { count: row.reminder_days_before, frequency: t(`frequencies.${row.reminder_frequency}`) })
          : t('list.none'),
    },
    {
      id: 'escalation',
      kind: 'text',
      title: t('list.escalation'),
      hideBelow: 1200,
      render: (row) =>
        row.escalation_enabled && row.escalation_days_after !== null
          ? t('list.escalationSummary', { count: row.escalation_days_after, recipients: t('list.recipients', { count: row.escalation_recipients.length }) })
          : t('list.none'),
    },
    {
      id: 'status',
      kind: 'status',
      title: t('list.status'),
      width: '7rem',
      text: (row) => t(row.active ? 'list.active' : 'list.inactive'),
      render: (row) => <span className={`badge badge--${row.active ? 'success' : 'warning'}`}>{t(row.active ? 'list.active' : 'list.inactive')}</span>,
    },
    {
      id: 'actions',
      kind: 'actions',
      title: t('list.actions'),
      width: '19rem',
      wraps: true,
      render: (row) => (
        <div className="deadline-actions">
          <Button variant="quiet" aria-label={t('list.editNamed', { name: name(row) })} onPress={() => set({ edit: String(row.id) })}>
            {t('list.edit')}
          </Button>
          <Button variant="quiet" aria-label={t('list.historyNamed', { name: name(row) })} onPress={() => set({ history: String(row.id) })}>
            {t('list.history')}
          </Button>
          {row.active ? (
            <Button variant="quiet" aria-label={t('list.deactivateNamed', { name: name(row) })} onPress={() => setDeactivating(row)}>
              {t('list.deactivate')}
            </Button>
          ) : (
            <Button
              variant="quiet"
              aria-label={t('list.activateNamed', { name: name(row) })}
              isPending={toggle.isPending && toggle.variables?.id === row.id}
              onPress={() => setActive(row, true)}
            >
              {t('list.activate')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  const toggleFailure = toggle.error && !deactivating ? translateError(toggle.error, t).message : null;

  return (
    <>
      <FilterBar label={t('list.filtersLabel')}>
        <SearchBox label={t('list.search')} value={search} onSearch={(text) => set({ search: text })} />
        <SelectField
          label={t('fields.deadline_type')}
          value={type}
          emptyLabel={t('list.anyType')}
          options={DEADLINE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
          onChange={(value) => set({ type: value })}
        />
        <SelectField
          label={t('fields.service_category')}
          value={category}
          emptyLabel={t('list.anyCategory')}
          options={SERVICE_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
          onChange={(value) => set({ category: value })}
        />
        <SelectField
          label={t('list.status')}
          value={status}
          emptyLabel={t('list.anyStatus')}
          options={[
            { value: 'active', label: t('list.active') },
            { value: 'inactive', label: t('list.inactive') },
          ]}
          onChange={(value) => set({ status: value })}
        />
      </FilterBar>
      {toggleFailure ? <Alert tone="error" title={toggleFailure} onDismiss={() => toggle.reset()} /> : null}
      <ListResults
        list={list}
        address={address}
        table={{ label: t('list.label'), columns, rowKey: (row) => row.id, sortDescriptor: sort.sortDescriptor, onSortChange: sort.onSortChange, emptyText: t('list.empty') }}
        count={(count) => t('list.count', { count })}
        noAccess={t('noAccess')}
      />
      {deactivating ? (
        <ConfirmDialog
          isOpen
          onOpenChange={(open) => {
            if (!open && !toggle.isPending) {
              setDeactivating(null);
              toggle.reset();
            }
          }}
          title={t('list.deactivateTitle', { name: name(deactivating) })}
          message={
            <p>
              {deactivating.applications_count > 0
                ? t('list.deactivateInUse', { count: deactivating.applications_count })
                : t('list.deactivateUnused')}
            </p>
          }
          confirmLabel={t('list.deactivate')}
          isDestructive
          isPending={toggle.isPending}
          error={toggle.error ? translateError(toggle.error, t).message : null}
          onConfirm={() => setActive(deactivating, false)}
        />
      ) : null}
    </>
  );
}
