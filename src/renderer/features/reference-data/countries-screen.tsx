import { useState } from 'react';
import type { CountryRecord } from '../../../shared/api/reference-data';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { useFormat } from '../../lib/format';
import { useCountryList } from './api';
import { ActiveBadge } from './active-badge';
import { CountryDialog } from './country-dialog';
import { countryQueryOf } from './institution-query';
import { localName } from './local-name';
import { useScreenParams } from './screen-params';
import './reference-data.css';
import { FilterBar, ListResults } from '../../components/list-screen';

/**
 * Countries (route /reference/countries, admin only): the names in the three languages, EU/EEA and
 * Bologna membership, and which countries applications may name. Codes are ISO's and never change.
 */
export function CountriesScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['reference', 'nav', 'common']);
  const format = useFormat();
  const address = useScreenParams();
  const { params, set } = address;
  const query = countryQueryOf(params);
  const list = useCountryList(query);
  const [editing, setEditing] = useState<CountryRecord | null>(null);
  const yesNo = (value: boolean) => t(value ? 'countries.yes' : 'countries.no');

  const columns: DataColumn<CountryRecord>[] = [
    { id: 'code', kind: 'reference', title: t('fields.code'), width: '5rem', render: (row) => row.code },
    { id: 'name', kind: 'text', title: t('fields.name'), isRowHeader: true, render: (row) => localName(row, format.language) },
    { id: 'euEea', kind: 'text', title: t('countries.euEea'), width: '7rem', render: (row) => yesNo(row.eu_eea) },
    { id: 'bologna', kind: 'text', title: t('countries.bologna'), width: '10rem', render: (row) => yesNo(row.bologna_member) },
    { id: 'active', kind: 'status', title: t('countries.activeForApplications'), width: '13rem', text: (row) => t(row.active_for_applications ? 'status.active' : 'status.inactive'), render: (row) => <ActiveBadge active={row.active_for_applications} /> },
    {
      id: 'actions',
      kind: 'actions',
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
      <FilterBar label={t('filters.label')}>
        <SearchBox label={t('filters.search')} value={params.get('search') ?? ''} onSearch={(text) => set({ search: text })} />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('countries.label'), columns, rowKey: (row) => row.code, emptyText: t('countries.empty') }}
        count={(count) => t('countries.count', { count })}
        noAccess={t('noAccess')}
      />
      {editing ? <CountryDialog country={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
