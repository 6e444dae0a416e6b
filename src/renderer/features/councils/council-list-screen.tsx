import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import type { CouncilListItem } from '../../../shared/api/councils';
import { hasPermission } from '../../../shared/auth/permissions';
import { ACADEMIC_FIELD_CATEGORIES } from '../../../shared/domain/application-status';
import { useCouncilList } from './api';
import './councils.css';
import { FilterBar, ListResults } from '../../components/list-screen';
import { useListAddress } from '../../lib/list-address';
import { stateColumn } from '../../components/state-badge';

/** The state filter: active councils unless asked otherwise (an inactive one takes no new work). */
const STATES = ['active', 'inactive', 'all'] as const;
const FILTERS = ['search', 'state', 'field'];

/** /councils: the councils, searched by name, filtered by state and area of expertise. */
export function CouncilListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['councils', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const set = (name: string, value: string) => address.set({ [name]: value });
  const state = (STATES as readonly string[]).includes(params.get('state') ?? '') ? params.get('state')! : 'active';
  const field = params.get('field') ?? '';
  const search = params.get('search') ?? '';
  const list = useCouncilList({ page, page_size: pageSize, search, field, active: state === 'all' ? undefined : state === 'active' ? 'true' : 'false' });

  const columns: DataColumn<CouncilListItem>[] = [
    { id: 'name', kind: 'text', title: t('fields.name'), isRowHeader: true, text: (row) => format.name(row), render: (row) => <Link to={`/councils/${row.id}`}>{format.name(row)}</Link> },
    { id: 'areas', kind: 'text', title: t('fields.areas'), render: (row) => row.academic_field_categories.map((area) => t(`areas.${area}`)).join(', ') },
    { id: 'chair', kind: 'text', title: t('fields.chair'), render: (row) => row.chair_name ?? '—', hideBelow: 900 },
    { id: 'members', kind: 'number', title: t('fields.members'), width: '7rem', render: (row) => format.number(row.member_count) },
    { id: 'quorum', kind: 'number', title: t('fields.quorum'), width: '6rem', render: (row) => format.number(row.quorum), hideBelow: 900 },
    { id: 'open', kind: 'number', title: t('fields.openReviews'), width: '8rem', render: (row) => format.number(row.open_review_count) },
    stateColumn({ title: t('fields.state'), isOn: (row) => row.active, label: (on) => t(on ? 'state.active' : 'state.inactive') }),
  ];

  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('list.description')}
        actions={
          hasPermission(user, 'councils.change_council') ? (
            <Link to="/councils/create" className="button button--primary">
              {t('list.create')}
            </Link>
          ) : undefined
        }
      />
      <FilterBar label={t('list.filters')}>
        <SearchBox label={t('list.search')} value={search} onSearch={(text) => set('search', text)} />
        <SelectField
          label={t('fields.state')}
          value={state}
          options={STATES.map((value) => ({ value, label: t(`list.states.${value}`) }))}
          onChange={(value) => set('state', value === 'active' ? '' : value)}
        />
        <SelectField
          label={t('fields.area')}
          value={field}
          emptyLabel={t('list.anyArea')}
          options={ACADEMIC_FIELD_CATEGORIES.map((value) => ({ value, label: t(`areas.${value}`) }))}
          onChange={(value) => set('field', value)}
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
