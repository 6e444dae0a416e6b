import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { UserListItem } from '../../../shared/api/users';
import { Alert } from '../../components/alert';
import { Checkbox } from '../../components/checkbox';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { DensitySwitch } from '../../components/table-density';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useFirstPageWhenPastTheEnd } from '../../lib/list-paging';
import { BulkActionBar } from './bulk-action-bar';
import { groupLabel } from './group-names';
import { useUserList } from './list-api';
import { UserListFilters } from './user-list-filters';
import { filterFromParams, orderingOf, PAGE_SIZES, queryFromParams, sortFromParams, withParam, type UserOrdering } from './user-list-query';
import { useListSelection } from './user-list-selection';
import './users-list.css';

/** The columns the server sorts by, and the ordering key of each. */
const SORT_KEYS: Partial<Record<string, UserOrdering>> = { name: 'name', username: 'username', email: 'email', lastLogin: 'last_login' };
const COLUMN_OF_SORT: Record<UserOrdering, string | undefined> = { name: 'name', username: 'username', email: 'email', last_login: 'lastLogin', date_joined: undefined };

/** /users (admin only, spec §2): the staff accounts with filters, sorting, paging, bulk actions and export. */
export function UserListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['user-list', 'users', 'nav', 'common']);
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const sort = sortFromParams(params);
  const list = useUserList(query);
  const selection = useListSelection(filterFromParams(params));
  const rows = list.data?.results ?? [];
  const pageIds = rows.map((row) => row.id);

  const pastTheEnd = useFirstPageWhenPastTheEnd(list, query.page, () => setParams(withParam(params, 'page', null), { replace: true }));

  const stateText = (row: UserListItem) => t(row.is_active ? 'state.active' : 'state.inactive');
  const columns: DataColumn<UserListItem>[] = [
    {
      id: 'select',
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
      id: 'name',
      title: t('columns.name'),
      isRowHeader: true,
      allowsSorting: true,
      text: (row) => row.full_name || row.username,
      render: (row) => <Link to={`/users/${row.id}`}>{row.full_name || row.username}</Link>,
    },
    { id: 'username', title: t('columns.username'), allowsSorting: true, render: (row) => row.username },
    { id: 'email', title: t('columns.email'), allowsSorting: true, render: (row) => row.email || '—' },
    { id: 'groups', title: t('columns.groups'), hideBelow: 1000, render: (row) => (row.groups.length > 0 ? row.groups.map((name) => groupLabel(name, t)).join(', ') : '—') },
    {
      id: 'active',
      title: t('columns.active'),
      width: '8.5rem',
      text: stateText,
      render: (row) => (
        <span className={row.is_active ? 'user-state user-state--active' : 'user-state user-state--inactive'}>
          <span aria-hidden="true">{row.is_active ? '✓ ' : '✕ '}</span>
          {stateText(row)}
        </span>
      ),
    },
    { id: 'lastLogin', title: t('columns.lastLogin'), width: '10.5rem', allowsSorting: true, render: (row) => (row.last_login ? format.dateTime(row.last_login) : t('list.never')) },
    { id: 'twoFactor', title: t('columns.twoFactor'), width: '5rem', hideBelow: 900, render: (row) => t(row.two_factor_enabled ? 'twoFactor.on' : 'twoFactor.off') },
    { id: 'source', title: t('columns.source'), width: '7rem', hideBelow: 1100, render: (row) => t(`source.${row.auth_source}`) },
  ];

  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / query.page_size));

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
      <UserListFilters params={params} onChange={setParams} />
      {list.isError && !pastTheEnd ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? t('list.noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('common:loading')} /> : null}
      {list.data ? (
        <div aria-busy={list.isFetching}>
          <BulkActionBar selection={selection} pageIds={pageIds} matching={count} />
          <DataTable
            label={t('list.table')}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.id}
            sortDescriptor={{ column: COLUMN_OF_SORT[sort.column] ?? 'name', direction: sort.direction }}
            onSortChange={(descriptor) => {
              const column = SORT_KEYS[String(descriptor.column)];
              if (column) setParams(withParam(params, 'ordering', orderingOf({ column, direction: descriptor.direction })));
            }}
            emptyText={t('list.empty')}
          />
          <div className="list-footer">
            <p aria-live="polite">{t('list.count', { count })}</p>
            <Pager page={query.page} pages={pages} onPage={(next) => setParams(withParam(params, 'page', next > 1 ? String(next) : null))} />
            <SelectField
              label={t('list.pageSize')}
              layout="inline"
              value={String(query.page_size)}
              options={PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
              onChange={(value) => setParams(withParam(params, 'page_size', value))}
            />
            <DensitySwitch />
          </div>
        </div>
      ) : null}
    </>
  );
}
