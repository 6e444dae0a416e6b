import { useState } from 'react';
import type { CountryRecord } from '../../../shared/api/reference-data';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { DensitySwitch } from '../../components/table-density';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useCountryList } from './api';
import { ActiveBadge } from './active-badge';
import { CountryDialog } from './country-dialog';
import { countryQueryOf, PAGE_SIZES } from './institution-query';
import { localName } from './local-name';
import { useScreenParams } from './screen-params';
import './reference-data.css';

/**
 * Countries (route /reference/countries, admin only): the names in the three languages, EU/EEA and
 * Bologna membership, and which countries applications may name. Codes are ISO's and never change.
 */
export function CountriesScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['reference', 'nav', 'common']);
  const format = useFormat();
  const [params, set] = useScreenParams();
  const query = countryQueryOf(params);
  const list = useCountryList(query);
  const [editing, setEditing] = useState<CountryRecord | null>(null);
  const count = list.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(count / query.page_size));
  const yesNo = (value: boolean) => t(value ? 'countries.yes' : 'countries.no');

  const columns: DataColumn<CountryRecord>[] = [
    { id: 'code', title: t('fields.code'), width: '5rem', render: (row) => row.code },
    { id: 'name', title: t('fields.name'), isRowHeader: true, render: (row) => localName(row, format.language) },
    { id: 'euEea', title: t('countries.euEea'), width: '7rem', render: (row) => yesNo(row.eu_eea) },
    { id: 'bologna', title: t('countries.bologna'), width: '10rem', render: (row) => yesNo(row.bologna_member) },
    { id: 'active', title: t('countries.activeForApplications'), width: '13rem', text: (row) => t(row.active_for_applications ? 'status.active' : 'status.inactive'), render: (row) => <ActiveBadge active={row.active_for_applications} /> },
    {
      id: 'actions',
      title: t('fields.actions'),
      width: '7rem',
      wraps: true,
      render: (row) => (
        <Button variant="quiet" aria-label={t('actions.editNamed', { name: localName(row, format.language) })} onPress={() => setEditing(row)}>
          {t('actions.edit')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t(`nav:${titleKey}`)} description={t('countries.description')} />
      <div className="filter-bar" role="search" aria-label={t('filters.label')}>
        <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set({ search: text })} />
      </div>
      {list.isError ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('common:loading')} /> : null}
      {list.data ? (
        <div aria-busy={list.isFetching}>
          <p aria-live="polite">{t('countries.count', { count })}</p>
          <DataTable label={t('countries.label')} columns={columns} rows={list.data.results} rowKey={(row) => row.code} emptyText={t('countries.empty')} />
          <div className="list-footer">
            <Pager page={query.page} pages={pages} onPage={(next) => set({ page: next > 1 ? String(next) : null })} />
            <SelectField
              label={t('filters.pageSize')}
              layout="inline"
              value={String(query.page_size)}
              options={PAGE_SIZES.map((size) => ({ value: String(size), label: format.number(size) }))}
              onChange={(value) => set({ page_size: value })}
            />
            <DensitySwitch />
          </div>
        </div>
      ) : null}
      {editing ? <CountryDialog country={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
