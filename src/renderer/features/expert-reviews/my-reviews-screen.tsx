import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { SelectField } from '../../components/select-field';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { isAdmin } from '../../../shared/auth/permissions';
import { EXPERT_REVIEW_STATUSES, type ReviewListItem } from '../../../shared/api/experts';
import { useMyReviews } from './api';
import { FilterBar, ListResults } from '../../components/list-screen';
import { useListAddress } from '../../lib/list-address';

const FILTERS = ['status'];

/** /expert-reviews: the reviews assigned to the caller (admins: all), open ones first with overdue ones marked in words. */
export function MyExpertReviewsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['experts', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const address = useListAddress(FILTERS);
  const status = address.params.get('status') ?? '';
  const list = useMyReviews({ page: address.page, page_size: address.pageSize, status });
  const admin = isAdmin(user);

  const due = (row: ReviewListItem) => (row.overdue ? t('reviews.dueWithMarker', { date: format.date(row.due_date) }) : format.date(row.due_date));
  const columns: DataColumn<ReviewListItem>[] = [
    { id: 'reference', kind: 'reference', title: t('fields.application'), isRowHeader: true, text: (row) => row.application_reference, render: (row) => <Link to={`/expert-reviews/${row.id}`}>{row.application_reference}</Link> },
    { id: 'applicant', kind: 'text', title: t('fields.applicant'), text: (row) => row.applicant_name },
    { id: 'commission', kind: 'text', title: t('fields.commission'), text: (row) => format.name(row.commission_names), hideBelow: 900 },
    ...(admin ? [{ id: 'reviewer', kind: 'text' as const, title: t('fields.reviewer'), text: (row: ReviewListItem) => row.reviewer_name, hideBelow: 1000 }] : []),
    {
      id: 'due',
      kind: 'text',
      title: t('fields.dueDate'),
      width: '12rem',
      text: due,
      render: (row) => (row.overdue ? <span className="overdue-marker">{due(row)}</span> : due(row)),
    },
    {
      id: 'status',
      kind: 'status',
      title: t('fields.status'),
      width: '11rem',
      text: (row) => (row.submitted_at ? `${t(`status.${row.status}`)} (${format.date(row.submitted_at)})` : t(`status.${row.status}`)),
      render: (row) => <span className={row.status === 'submitted' ? 'badge badge--success' : 'badge'}>{t(`status.${row.status}`)}</span>,
    },
  ];

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t(admin ? 'reviews.descriptionAdmin' : 'reviews.description')} />
      <FilterBar label={t('reviews.filters')}>
        <SelectField
          label={t('fields.status')}
          value={status}
          emptyLabel={t('reviews.anyStatus')}
          options={EXPERT_REVIEW_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          onChange={(value) => address.set({ status: value })}
        />
      </FilterBar>
      <ListResults
        list={list}
        address={address}
        table={{ label: t('reviews.table'), columns, rowKey: (row) => row.id, emptyText: t('reviews.empty') }}
        count={(count) => t('reviews.count', { count })}
        noAccess={t('noAccess')}
      />
    </>
  );
}
