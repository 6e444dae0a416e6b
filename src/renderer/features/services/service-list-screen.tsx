import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { SERVICE_CATEGORIES } from '../../../shared/constants';
import type { Service } from '../../../shared/api/services';
import { useServiceList } from './api';
import { localised } from './service-texts';
import './services.css';
import { FilterBar, ListResults } from '../../components/list-screen';
import { useListAddress } from '../../lib/list-address';
import { stateColumn } from '../../components/state-badge';

const FILTERS = ['search', 'category', 'enabled'];

/** /services: every service, searched by name in the three languages, filtered by category and state. */
export function ServiceListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['services', 'nav', 'applications', 'common']);
  const format = useFormat();
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const set = (name: string, value: string) => address.set({ [name]: value });
  const category = params.get('category') ?? '';
  const enabled = params.get('enabled') ?? '';
  const search = params.get('search') ?? '';
  const list = useServiceList({ page, page_size: pageSize, search, category, enabled });

  const columns: DataColumn<Service>[] = [
    {
      id: 'name',
      kind: 'text',
      title: t('fields.name'),
      isRowHeader: true,
      text: (row) => localised(row, 'name', format.language),
      render: (row) => <Link to={`/services/${row.id}`}>{localised(row, 'name', format.language)}</Link>,
    },
    { id: 'type', kind: 'number', title: t('fields.type'), width: '6rem', render: (row) => t('typeNumber', { type: row.service_type }) },
    { id: 'category', kind: 'text', title: t('fields.category'), render: (row) => t(`categories.${row.category}`) },
    { id: 'fee', kind: 'amount', title: t('fields.fee'), width: '9rem', render: (row) => (row.fee_enabled ? t('feeFrom', { amount: format.money(row.fee) }) : t('noFee')) },
    { id: 'processing', kind: 'number', title: t('fields.processingTime'), width: '9rem', render: (row) => t('days', { count: row.processing_time_days }) },
    { id: 'applications', kind: 'number', title: t('fields.applications'), width: '8rem', render: (row) => format.number(row.application_count), hideBelow: 900 },
    stateColumn({ id: 'enabled', title: t('fields.state'), isOn: (row) => row.enabled, label: (on) => t(on ? 'state.enabled' : 'state.disabled') }),
  ];

  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('list.description')}
        actions={
          <Link to="/services/create" className="button button--primary">
            {t('list.create')}
          </Link>
        }
      />
      <FilterBar label={t('list.filters')}>
        <SearchBox label={t('list.search')} value={search} onSearch={(text) => set('search', text)} />
        <SelectField
          label={t('fields.category')}
          value={category}
          emptyLabel={t('list.anyCategory')}
          options={SERVICE_CATEGORIES.map((value) => ({ value, label: t(`categories.${value}`) }))}
          onChange={(value) => set('category', value)}
        />
        <SelectField
          label={t('fields.state')}
          value={enabled}
          emptyLabel={t('list.anyState')}
          options={[
            { value: 'true', label: t('state.enabled') },
            { value: 'false', label: t('state.disabled') },
          ]}
          onChange={(value) => set('enabled', value)}
        />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('list.table'), columns, rowKey: (row) => row.id, emptyText: t('list.empty') }}
        count={(count) => t('list.count', { count })}
        noAccess={t('noAccess')}
      />
    </>
  );
}
