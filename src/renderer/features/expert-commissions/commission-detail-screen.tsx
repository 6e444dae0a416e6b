import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { hasPermission } from '../../../shared/auth/permissions';
import type { CommissionReview } from '../../../shared/api/experts';
import { useCommission } from './api';
import { CommissionLoadError } from './commission-load-error';

/** /expert-commissions/{id}: the commission, its members with the chair, and its reviews the caller may see. */
export function ExpertCommissionDetailScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['experts', 'nav', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const id = Number(useParams().commissionId);
  const detail = useCommission(id);

  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <CommissionLoadError titleKey={titleKey} error={detail.error} />;
  const commission = detail.data;

  const columns: DataColumn<CommissionReview>[] = [
    { id: 'reference', kind: 'reference', title: t('fields.application'), isRowHeader: true, text: (row) => row.application_reference, render: (row) => <Link to={`/applications/${row.application_id}`}>{row.application_reference}</Link> },
    { id: 'reviewer', kind: 'text', title: t('fields.reviewer'), text: (row) => row.reviewer_name },
    { id: 'status', kind: 'status', title: t('fields.status'), width: '9rem', render: (row) => t(`status.${row.status}`) },
    {
      id: 'due',
      kind: 'date',
      title: t('fields.dueDate'),
      width: '11rem',
      text: (row) => (row.overdue ? t('reviews.dueWithMarker', { date: format.date(row.due_date) }) : format.date(row.due_date)),
      render: (row) => (row.overdue ? <span className="badge badge--danger">{t('reviews.dueWithMarker', { date: format.date(row.due_date) })}</span> : format.date(row.due_date)),
    },
  ];

  return (
    <>
      <PageHeader
        title={`${t(titleKey, { ns: 'nav' })}: ${format.name(commission)}`}
        description={commission.description || undefined}
        actions={
          hasPermission(user, 'expert.change_commission') ? (
            <Link to={`/expert-commissions/${commission.id}/edit`} className="button">
              {t('commissions.edit')}
            </Link>
          ) : undefined
        }
      />
      <section className="card" aria-labelledby="commission-summary">
        <h2 id="commission-summary" className="visually-hidden">
          {format.name(commission)}
        </h2>
        <DetailsList
          rows={[
            [t('fields.field'), commission.academic_field_category ? t(`academicFields.${commission.academic_field_category}`) : t('noField')],
            [t('fields.state'), t(commission.active ? 'state.active' : 'state.inactive')],
            [t('fields.chair'), commission.members.find((member) => member.is_chair)?.full_name ?? t('commissions.noChair')],
          ]}
        />
      </section>
      <section className="card" aria-labelledby="commission-members">
        <h2 id="commission-members" className="card__title">{t('commissions.membersTitle')}</h2>
        <ul>
          {commission.members.map((member) => (
            <li key={member.id}>
              {member.full_name}
              {member.is_chair ? <span className="badge badge--info"> {t('commissions.chairBadge')}</span> : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="card" aria-labelledby="commission-reviews">
        <h2 id="commission-reviews" className="card__title">{t('commissions.reviewsTitle')}</h2>
        <DataTable label={t('commissions.reviewsTable')} columns={columns} rows={commission.reviews} rowKey={(row) => row.id} emptyText={t('commissions.noReviews')} />
      </section>
    </>
  );
}
