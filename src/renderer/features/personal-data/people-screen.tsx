import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PEOPLE_LIST_MAX, type PersonRow } from '../../../shared/api/personal-data';
import type { DataColumn } from '../../components/data-table';
import { FilterBar, ListResults } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { useFormat } from '../../lib/format';
import { useListAddress } from '../../lib/list-address';
import { usePeople } from './api';
import './personal-data.css';

const FILTERS = ['search'];

/** /personal-data/people (administrators): a person found by personal ID or name, to open their data. */
export function PeopleScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['personal-data', 'nav']);
  const format = useFormat();
  const address = useListAddress(FILTERS);
  const search = address.params.get('search') ?? '';
  const people = usePeople(search);
  const { page, pageSize } = address;
  // The server answers the first PEOPLE_LIST_MAX matches whole; the kit pages them.
  const list = { ...people, data: people.data ? { count: people.data.length, results: people.data.slice((page - 1) * pageSize, page * pageSize) } : undefined };
  const columns = useMemo<DataColumn<PersonRow>[]>(
    () => [
      { id: 'name', kind: 'text', title: t('fields.name'), isRowHeader: true, text: (row) => row.name, render: (row) => <Link to={`/personal-data/people/${row.id}`}>{row.name}</Link> },
      { id: 'personalId', kind: 'reference', title: t('fields.personalId'), text: (row) => row.personal_id ?? '—' },
      { id: 'born', kind: 'date', title: t('fields.dateOfBirth'), text: (row) => (row.date_of_birth ? format.date(row.date_of_birth) : '—') },
      { id: 'applications', kind: 'number', title: t('fields.applications'), text: (row) => format.number(row.applications) },
      { id: 'anonymised', kind: 'text', title: t('fields.anonymisedOn'), text: (row) => (row.anonymised_at ? format.date(row.anonymised_at) : '—') },
    ],
    [t, format],
  );
  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t('people.description')} />
      <FilterBar label={t('people.filters')}>
        <SearchBox label={t('people.search')} value={search} onSearch={(text) => address.set({ search: text })} />
      </FilterBar>
      {search.length < 2 ? (
        <p className="personal-data__hint">{t('people.searchHint')}</p>
      ) : (
        <ListResults
          list={list}
          address={address}
          table={{ label: t('people.table'), columns, rowKey: (row) => row.id, emptyText: t('people.none') }}
          count={(count) => (count >= PEOPLE_LIST_MAX ? t('people.countMax', { count }) : t('people.count', { count }))}
          noAccess={t('noAccess')}
        />
      )}
    </>
  );
}
