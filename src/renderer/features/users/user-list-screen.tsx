import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { UserListItem } from '../../../shared/api/users';
import { Checkbox } from '../../components/checkbox';
import type { DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { useFormat } from '../../lib/format';
import { BulkActionBar } from './bulk-action-bar';
import { groupLabel } from './group-names';
import { useUserList } from './list-api';
import { UserListFilters } from './user-list-filters';
import { filterFromParams, queryFromParams, USER_FILTERS, USER_SORT } from './user-list-query';
import { useListSelection } from './user-list-selection';
import './users-list.css';
import { ListResults } from '../../components/list-screen';
import { useListAddress, useListSort } from '../../lib/list-address';
import { Icon } from '../../components/icon';

/** /users (admin only, spec §2): the staff accounts with filters, sorting, paging, bulk actions and export. */
export function UserListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['user-list', 'users', 'nav', 'common']);
  const format = useFormat();
  const address = useListAddress(USER_FILTERS);
  const sort = useListSort(address, USER_SORT);
  const list = useUserList(queryFromParams(address.params));
  const selection = useListSelection(filterFromParams(address.params));
  const rows = list.data?.results;
  const pageIds = useMemo(() => (rows ?? []).map((row) => row.id), [rows]);

  // The same columns while the language, the selection and the page's rows stay: the table then
  // keeps the rows it drew when only the address changed.
  const columns = useMemo<DataColumn<UserListItem>[]>(() => {
    const stateText = (row: UserListItem) => t(row.is_active ? 'state.active' : 'state.inactive');
    return [
      {
        id: 'select', kind: 'text',
        title: t('columns.select'),
        width: '5rem',
        wraps: true,
        render: (row) => (
          <Checkbox isSelected={selection.isSelected(row.id)} onChange={(on) => selection.toggle(row.id, on, pageIds)}>
            <span className="visually-hidden">{t('selection.selectRow', { name: row.full_name || row.username })}</span>
          </Checkbox>
        ),
      },
      {
        id: 'name', kind: 'text',
        title: t('columns.name'),
        isRowHeader: true,
        allowsSorting: true,
        text: (row) => row.full_name || row.username,
        render: (row) => <Link to={`/users/${row.id}`}>{row.full_name || row.username}</Link>,
      },
      { id: 'username', kind: 'text', title: t('columns.username'), allowsSorting: true, render: (row) => row.username },
      { id: 'email', kind: 'text', title: t('columns.email'), allowsSorting: true, render: (row) => row.email || '—' },
      { id: 'groups', kind: 'text', title: t('columns.groups'), hideBelow: 1000, render: (row) => (row.groups.length > 0 ? row.groups.map((name) => groupLabel(name, t)).join(', ') : '—') },
      {
        id: 'active', kind: 'status',
        title: t('columns.active'),
        width: '8.5rem',
        text: stateText,
        render: (row) => (
          <span className={row.is_active ? 'user-state user-state--active' : 'user-state user-state--inactive'}>
            <Icon name={row.is_active ? 'check' : 'close'} />{' '}
            {stateText(row)}
          </span>
        ),
      },
      { id: 'lastLogin', kind: 'date', title: t('columns.lastLogin'), width: '10.5rem', allowsSorting: true, render: (row) => (row.last_login ? format.dateTime(row.last_login) : t('list.never')) },
      { id: 'twoFactor', kind: 'text', title: t('columns.twoFactor'), width: '5rem', hideBelow: 900, render: (row) => t(row.two_factor_enabled ? 'twoFactor.on' : 'twoFactor.off') },
      { id: 'source', kind: 'text', title: t('columns.source'), width: '7rem', hideBelow: 1100, render: (row) => t(`source.${row.auth_source}`) },
    ];
  }, [t, format, selection, pageIds]);


  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('list.description')}
        actions={
          <>
            <Link to="/users/groups" className="button button--secondary">
              {t('list.groups')}
            </Link>
            <Link to="/users/create" className="button button--primary">
              {t('list.create')}
            </Link>
          </>
        }
      />
      <UserListFilters address={address} />
      <ListResults
        list={list}
        address={address}
        above={<BulkActionBar selection={selection} pageIds={pageIds} matching={list.data?.count ?? 0} />}
        table={{ label: t('list.table'), columns, rowKey: (row) => row.id, sortDescriptor: sort.sortDescriptor, onSortChange: sort.onSortChange, emptyText: t('list.empty') }}
        count={(count) => t('list.count', { count })}
        noAccess={t('list.noAccess')}
      />
    </>
  );
}
