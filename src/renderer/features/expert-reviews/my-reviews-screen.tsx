import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/page-header';
import { Pager } from '../../components/pager';
import { SelectField } from '../../components/select-field';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { isAdmin } from '../../../shared/auth/permissions';
import { EXPERT_REVIEW_STATUSES, type ReviewListItem } from '../../../shared/api/experts';
import { useMyReviews } from './api';

const PAGE_SIZE = 25;

/** /expert-reviews: the reviews assigned to the caller (admins: all), open ones first with overdue ones marked in words. */
export function MyExpertReviewsScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['experts', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const status = params.get('status') ?? '';
  const list = useMyReviews({ page, page_size: PAGE_SIZE, status });
  const set = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === '') next.delete(name);
      else next.set(name, value);
      if (name !== 'page') next.delete('page');
      return next;
    });
  const admin = isAdmin(user);

  const due = (row: ReviewListItem) => (row.overdue ? t('reviews.dueWithMarker', { date: format.date(row.due_date) }) : format.date(row.due_date));
  const columns: DataColumn<ReviewListItem>[] = [
    { id: 'reference', title: t('fields.application'), isRowHeader: true, text: (row) => row.application_reference, render: (row) => <Link to={`/expert-reviews/${row.id}`}>{row.application_reference}</Link> },
    { id: 'applicant', title: t('fields.applicant'), text: (row) => row.applicant_name },
    { id: 'commission', title: t('fields.commission'), text: (row) => row.commission_name, hideBelow: 900 },
    ...(admin ? [{ id: 'reviewer', title: t('fields.reviewer'), text: (row: ReviewListItem) => row.reviewer_name, hideBelow: 1000 }] : []),
    {
      id: 'due',
      title: t('fields.dueDate'),
      width: '12rem',
      text: due,
      render: (row) => (row.overdue ? <span className="overdue-marker">{due(row)}</span> : due(row)),
    },
    {
      id: 'status',
      title: t('fields.status'),
      width: '11rem',
      text: (row) => (row.submitted_at ? `${t(`status.${row.status}`)} (${format.date(row.submitted_at)})` : t(`status.${row.status}`)),
      render: (row) => <span className={row.status === 'submitted' ? 'badge badge--success' : 'badge'}>{t(`status.${row.status}`)}</span>,
    },
  ];

  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} description={t(admin ? 'reviews.descriptionAdmin' : 'reviews.description')} />
      <div className="filter-bar" role="search" aria-label={t('reviews.filters')}>
        <SelectField
          label={t('fields.status')}
          value={status}
          emptyLabel={t('reviews.anyStatus')}
          options={EXPERT_REVIEW_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
          onChange={(value) => set('status', value)}
        />
      </div>
      {list.isError ? (
        <Alert tone="error" title={isAccessDenied(list.error) ? t('noAccess') : t('common:couldNotLoad')}>
          {isAccessDenied(list.error) ? t('common:noAccess.hint') : translateError(list.error, t).message}
        </Alert>
      ) : null}
      {list.isPending ? <Spinner label={t('common:loading')} /> : null}
      {list.data ? (
        <div aria-busy={list.isFetching}>
          <DataTable label={t('reviews.table')} columns={columns} rows={list.data.results} rowKey={(row) => row.id} emptyText={t('reviews.empty')} />
          <div className="list-footer">
            <p aria-live="polite">{t('reviews.count', { count: list.data.count })}</p>
            <Pager page={page} pages={Math.ceil(list.data.count / PAGE_SIZE)} onPage={(next) => set('page', String(next))} />
          </div>
        </div>
      ) : null}
    </>
  );
}
