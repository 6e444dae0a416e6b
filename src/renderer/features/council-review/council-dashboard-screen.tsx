import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { QueueItem, RecentDecision } from '../../../shared/api/council-review';
import { Alert } from '../../components/alert';
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useCouncilDashboard } from './api';
import { OverdueMarker } from './overdue-marker';
import './council-review.css';

/**
 * Where council members land (route /councils/dashboard): their councils' applications waiting for
 * review, soonest due first with overdue ones marked in words and an icon, the next meetings and
 * the last decisions. Officers and administrators see every council's.
 */
export function CouncilDashboardScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['council-review', 'applications', 'nav', 'common']);
  const format = useFormat();
  const navigate = useNavigate();
  const dashboard = useCouncilDashboard();
  const title = t(`nav:${titleKey}`);

  if (dashboard.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Spinner label={t('common:loading')} />
      </>
    );
  }
  if (dashboard.isError) {
    return (
      <>
        <PageHeader title={title} />
        <Alert tone="error" title={isAccessDenied(dashboard.error) ? t('dashboard.noAccess') : translateError(dashboard.error, t).message} />
      </>
    );
  }
  const { councils, queue, next_meetings: meetings, recent_decisions: decisions } = dashboard.data;

  const queueColumns: DataColumn<QueueItem>[] = [
    {
      id: 'reference',
      kind: 'reference',
      title: t('dashboard.columns.reference'),
      isRowHeader: true,
      text: (row) => row.reference,
      render: (row) => <Link to={`/councils/applications/${row.id}`}>{row.reference}</Link>,
    },
    { id: 'applicant', kind: 'text', title: t('dashboard.columns.applicant'), text: (row) => row.applicant_name },
    {
      id: 'field',
      kind: 'text',
      title: t('dashboard.columns.field'),
      text: (row) => (row.academic_field_category ? t(`applications:field.${row.academic_field_category}`) : '—'),
      hideBelow: 900,
    },
    ...(councils.length > 1 ? [{ id: 'council', kind: 'text' as const, title: t('dashboard.columns.council'), text: (row: QueueItem) => format.name(row.council), hideBelow: 1100 }] : []),
    { id: 'reviewStatus', kind: 'status', title: t('dashboard.columns.reviewStatus'), text: (row) => t(`applications:reviewStatus.${row.review_status}`) },
    { id: 'assigned', kind: 'date', title: t('dashboard.columns.assigned'), text: (row) => format.date(row.assigned_at), hideBelow: 1000 },
    {
      id: 'due',
      kind: 'date',
      title: t('dashboard.columns.due'),
      text: (row) => `${format.date(row.review_due_date)}${row.overdue ? ` · ${t('overdue')}` : ''}`,
      render: (row) => (
        <span>
          {format.date(row.review_due_date)}
          {row.overdue ? <OverdueMarker /> : null}
        </span>
      ),
      sortValue: (row) => row.review_due_date ?? '9999-12-31',
    },
    {
      id: 'conflict',
      kind: 'text',
      title: t('dashboard.columns.conflict'),
      text: (row) => (row.conflict_declared ? t('dashboard.conflictDeclared') : ''),
      hideBelow: 800,
    },
  ];

  const decisionColumns: DataColumn<RecentDecision>[] = [
    {
      id: 'reference',
      kind: 'reference',
      title: t('dashboard.columns.reference'),
      isRowHeader: true,
      text: (row) => row.reference,
      render: (row) => <Link to={`/councils/applications/${row.application_id}`}>{row.reference}</Link>,
    },
    { id: 'outcome', kind: 'status', title: t('dashboard.columns.outcome'), text: (row) => t(`outcome.${row.outcome}`) },
    ...(councils.length > 1 ? [{ id: 'council', kind: 'text' as const, title: t('dashboard.columns.council'), text: (row: RecentDecision) => format.name(row.council) }] : []),
    { id: 'recorded', kind: 'date', title: t('dashboard.columns.recorded'), text: (row) => format.dateTime(row.recorded_at) },
  ];

  const overdue = queue.filter((row) => row.overdue).length;

  return (
    <>
      <PageHeader
        title={title}
        description={councils.length === 1 ? t('dashboard.descriptionOne', { council: format.name(councils[0]!) }) : t('dashboard.description')}
      />
      {councils.length === 0 ? (
        <EmptyState title={t('dashboard.noCouncils')} description={t('dashboard.noCouncilsText')} />
      ) : (
        <div className="council-dashboard">
          <section aria-labelledby="council-queue-title" className="council-dashboard__queue">
            <h2 id="council-queue-title">{t('dashboard.queueTitle')}</h2>
            <p>
              {t('dashboard.queueCount', { count: queue.length })}
              {overdue > 0 ? ` ${t('dashboard.overdueCount', { count: overdue })}` : ''}
            </p>
            {queue.length === 0 ? (
              <EmptyState title={t('dashboard.queueEmpty')} description={t('dashboard.queueEmptyText')} />
            ) : (
              <DataTable
                label={t('dashboard.queueTitle')}
                columns={queueColumns}
                rows={queue}
                rowKey={(row) => row.id}
                onRowAction={(key) => void navigate(`/councils/applications/${String(key)}`)}
              />
            )}
          </section>
          <section aria-labelledby="council-meetings-title" className="council-card">
            <h2 id="council-meetings-title">{t('dashboard.meetingsTitle')}</h2>
            {meetings.length === 0 ? (
              <p>{t('dashboard.noMeetings')}</p>
            ) : (
              <ul className="council-card__list">
                {meetings.map((meeting) => (
                  <li key={meeting.id}>
                    <strong>{format.dateTime(meeting.scheduled_at)}</strong> · {meeting.place}
                    {councils.length > 1 ? ` · ${format.name(meeting.council)}` : ''}
                    <br />
                    {t('dashboard.agendaCount', { count: meeting.agenda_count })}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="council-decisions-title" className="council-dashboard__decisions">
            <h2 id="council-decisions-title">{t('dashboard.decisionsTitle')}</h2>
            {decisions.length === 0 ? (
              <p>{t('dashboard.noDecisions')}</p>
            ) : (
              <DataTable label={t('dashboard.decisionsTitle')} columns={decisionColumns} rows={decisions} rowKey={(row) => row.id} />
            )}
          </section>
        </div>
      )}
    </>
  );
}
