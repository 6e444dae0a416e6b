import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SpecimenListItem } from '../../../shared/api/diploma-specimens';
import { Button } from '../../components/button';
import type { DataColumn } from '../../components/data-table';
import { FilterBar, ListResults } from '../../components/list-screen';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { useFormat } from '../../lib/format';
import { useListAddress } from '../../lib/list-address';
import { useSpecimenList } from './api';
import { SpecimenDialog } from './specimen-dialog';
import './diploma-specimens.css';

const FILTERS = ['search'];

/** /reference/specimens: the specimen library, each specimen's current version, searched by institution or qualification. */
export function SpecimenListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['authenticity', 'nav']);
  const format = useFormat();
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const search = params.get('search') ?? '';
  const list = useSpecimenList({ page, page_size: pageSize, search });
  const [creating, setCreating] = useState(false);

  const columns: DataColumn<SpecimenListItem>[] = [
    {
      id: 'qualification',
      kind: 'text',
      title: t('specimens.fields.qualification'),
      isRowHeader: true,
      wraps: true,
      text: (row) => row.current.qualification,
      render: (row) => <Link to={`/reference/specimens/${row.id}`}>{row.current.qualification}</Link>,
    },
    { id: 'institution', kind: 'text', title: t('specimens.fields.institution'), wraps: true, text: (row) => format.name(row.institution) },
    {
      id: 'period',
      kind: 'text',
      title: t('specimens.fields.period'),
      text: (row) => t('specimens.period', { from: format.date(row.current.issued_from), to: row.current.issued_to ? format.date(row.current.issued_to) : t('specimens.periodOpen') }),
    },
    { id: 'format', kind: 'text', title: t('specimens.fields.numberPattern'), text: (row) => row.current.number_pattern, render: (row) => <code>{row.current.number_pattern}</code> },
    { id: 'features', kind: 'number', title: t('specimens.fields.featureCount'), width: '7rem', text: (row) => format.number(row.current.security_features.length) },
    { id: 'version', kind: 'number', title: t('specimens.fields.version'), width: '6rem', text: (row) => format.number(row.current.version) },
  ];

  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('specimens.description')}
        actions={
          <Button variant="primary" onPress={() => setCreating(true)}>
            {t('specimens.create')}
          </Button>
        }
      />
      <FilterBar label={t('specimens.filters')}>
        <SearchBox label={t('specimens.search')} value={search} onSearch={(text) => address.set({ search: text })} />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('specimens.table'), columns, rowKey: (row) => row.id, emptyText: t('specimens.empty') }}
        count={(count) => t('specimens.count', { count })}
        noAccess={t('specimens.noAccess')}
      />
      {creating ? <SpecimenDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
