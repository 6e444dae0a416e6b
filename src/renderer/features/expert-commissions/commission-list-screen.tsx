import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { SearchBox } from '../../components/search-box';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { useAtomValue } from 'jotai';
import { currentUserAtom } from '../../lib/session';
import { hasPermission } from '../../../shared/auth/permissions';
import { ACADEMIC_FIELD_CATEGORIES } from '../../../shared/domain/application-status';
import type { CommissionListItem } from '../../../shared/api/experts';
import { useCommissionList } from './api';
import { FilterBar, ListResults } from '../../components/list-screen';
import { useListAddress } from '../../lib/list-address';
import { stateColumn } from '../../components/state-badge';

const FILTERS = ['search', 'field', 'active'];

/** /expert-commissions: every commission, searched by name, filtered by field and state. */
export function ExpertCommissionListScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['experts', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const address = useListAddress(FILTERS);
  const { params, page, pageSize } = address;
  const set = (name: string, value: string) => address.set({ [name]: value });
  const field = params.get('field') ?? '';
  const active = params.get('active') ?? '';
  const search = params.get('search') ?? '';
  const list = useCommissionList({ page, page_size: pageSize, search, field, active });
  const canChange = hasPermission(user, 'expert.change_commission');

  const columns: DataColumn<CommissionListItem>[] = [
    { id: 'name', kind: 'text', title: t('fields.name'), isRowHeader: true, text: (row) => format.name(row), render: (row) => <Link to={`/expert-commissions/${row.id}`}>{format.name(row)}</Link> },
    { id: 'field', kind: 'text', title: t('fields.field'), render: (row) => (row.academic_field_category ? t(`academicFields.${row.academic_field_category}`) : t('noField')) },
    { id: 'chair', kind: 'text', title: t('fields.chair'), render: (row) => row.chair_name ?? t('commissions.noChair'), hideBelow: 800 },
    { id: 'members', kind: 'number', title: t('fields.memberCount'), width: '7rem', render: (row) => format.number(row.member_count) },
    { id: 'open', kind: 'number', title: t('fields.openReviews'), width: '9rem', render: (row) => format.number(row.open_review_count) },
    stateColumn({ id: 'active', title: t('fields.state'), isOn: (row) => row.active, label: (on) => t(on ? 'state.active' : 'state.inactive') }),
  ];

  return (
    <>
      <PageHeader
        title={t(titleKey, { ns: 'nav' })}
        description={t('commissions.description')}
        actions={
          canChange ? (
            <Link to="/expert-commissions/create" className="button button--primary">
              {t('commissions.create')}
            </Link>
          ) : undefined
        }
      />
      <FilterBar label={t('commissions.filters')}>
        <SearchBox label={t('commissions.search')} value={search} onSearch={(text) => set('search', text)} />
        <SelectField
          label={t('fields.field')}
          value={field}
          emptyLabel={t('commissions.anyField')}
          options={ACADEMIC_FIELD_CATEGORIES.map((value) => ({ value, label: t(`academicFields.${value}`) }))}
          onChange={(value) => set('field', value)}
        />
        <SelectField
          label={t('fields.state')}
          value={active}
          emptyLabel={t('commissions.anyState')}
          options={[
            { value: 'true', label: t('state.active') },
            { value: 'false', label: t('state.inactive') },
          ]}
          onChange={(value) => set('active', value)}
        />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('commissions.table'), columns, rowKey: (row) => row.id, emptyText: t('commissions.empty') }}
        count={(count) => t('commissions.count', { count })}
        noAccess={t('noAccess')}
      />
    </>
  );
}
