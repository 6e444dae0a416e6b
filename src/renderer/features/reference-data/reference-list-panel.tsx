import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReferenceValue } from '../../../shared/api/reference-data';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { SearchBox } from '../../components/search-box';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { ActiveBadge } from './active-badge';
import { useReferenceValues } from './api';
import { DeactivateDialog } from './deactivate-dialog';
import { localName } from './local-name';
import type { ReferenceListSpec } from './reference-lists';
import { ReferenceValueDialog } from './reference-value-dialog';
import { useScreenParams } from './screen-params';

/** Whether a value matches the typed search: its code or any of its three names. */
function matches(value: ReferenceValue, search: string): boolean {
  const needle = search.toLocaleLowerCase();
  return [value.code, value.name_en, value.name_sq, value.name_sr].some((text) => text.toLocaleLowerCase().includes(needle));
}

/**
 * One code list (academic fields, degree levels, document types, request types): a few dozen
 * values at most, read whole, in their order, and searched here.
 */
export function ReferenceListPanel({ list }: { list: ReferenceListSpec }) {
  const { t } = useTranslation(['reference', 'common']);
  const { language, number } = useFormat();
  const { params, set } = useScreenParams();
  const search = params.get('search') ?? '';
  const values = useReferenceValues(list);
  const [editing, setEditing] = useState<ReferenceValue | null>(null);
  const [switching, setSwitching] = useState<ReferenceValue | null>(null);
  const rows = (values.data ?? []).filter((value) => search === '' || matches(value, search));
  const level = (value: number | null) => (value === null ? '—' : number(value));

  const columns: DataColumn<ReferenceValue>[] = [
    { id: 'order', kind: 'number', title: t('fields.order'), width: '6rem', sortValue: (row) => row.sort_order, render: (row) => number(row.sort_order) },
    { id: 'name', kind: 'text', title: t('fields.name'), isRowHeader: true, sortValue: (row) => localName(row, language), render: (row) => localName(row, language) },
    { id: 'code', kind: 'reference', title: t('fields.code'), width: '14rem', sortValue: (row) => row.code, render: (row) => row.code },
    ...(list.hasLevels
      ? [
          { id: 'eqf', kind: 'number' as const, title: t('fields.eqfLevel'), width: '7rem', sortValue: (row: ReferenceValue) => row.eqf_level, render: (row: ReferenceValue) => level(row.eqf_level) },
          { id: 'nqf', kind: 'number' as const, title: t('fields.nqfLevel'), width: '7rem', sortValue: (row: ReferenceValue) => row.nqf_level, render: (row: ReferenceValue) => level(row.nqf_level) },
        ]
      : []),
    { id: 'status', kind: 'status', title: t('fields.status'), width: '8rem', text: (row) => t(row.active ? 'status.active' : 'status.inactive'), render: (row) => <ActiveBadge active={row.active} /> },
    {
      id: 'actions',
      kind: 'actions',
      title: t('fields.actions'),
      width: '13rem',
      wraps: true,
      render: (row) => (
        <div className="reference-actions">
          <Button variant="quiet" aria-label={t('actions.editNamed', { name: localName(row, language) })} onPress={() => setEditing(row)}>
            {t('actions.edit')}
          </Button>
          <Button variant="quiet" aria-label={t(row.active ? 'actions.deactivateNamed' : 'actions.activateNamed', { name: localName(row, language) })} onPress={() => setSwitching(row)}>
            {t(row.active ? 'actions.deactivate' : 'actions.activate')}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <section className="reference-panel" aria-label={t(`lists.${list.name}.label`)}>
      <p>{t(`lists.${list.name}.description`)}</p>
      <div className="filter-bar" role="search" aria-label={t('filters.label')}>
        <SearchBox label={t('filters.search')} value={search} onSearch={(text) => set({ search: text })} />
      </div>
      {values.isError ? (
        <Alert tone="error" title={isAccessDenied(values.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(values.error) ? t('common:noAccess.hint') : translateError(values.error, t).message}
        </Alert>
      ) : null}
      {values.isPending ? <Spinner label={t('common:loading')} /> : null}
      {values.data ? (
        <div aria-busy={values.isFetching}>
          <DataTable label={t(`lists.${list.name}.label`)} columns={columns} rows={rows} rowKey={(row) => row.code} emptyText={t(search ? 'emptySearch' : `lists.${list.name}.empty`)} />
        </div>
      ) : null}
      {editing ? <ReferenceValueDialog list={list} value={editing} onClose={() => setEditing(null)} /> : null}
      {switching ? <DeactivateDialog target={{ kind: 'value', value: switching }} onClose={() => setSwitching(null)} /> : null}
    </section>
  );
}
