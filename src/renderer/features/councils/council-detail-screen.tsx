import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Link, useParams } from 'react-router-dom';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { useFormat } from '../../lib/format';
import type { CouncilApplication, CouncilDecision, CouncilDetail, CouncilMeetingSummary } from '../../../shared/api/councils';
import { useCouncil } from './api';
import { CouncilLoadError } from './council-load-error';
import { MeetingDialog } from './meeting-dialog';
import { NewMeetingDialog } from './new-meeting-dialog';
import './councils.css';
import { StateBadge } from '../../components/state-badge';

/** /councils/{id}: members with the chair, areas, quorum, meetings, decisions and the applications under review. */
export function CouncilDetailScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['councils', 'common']);
  const id = Number(useParams().councilId);
  const detail = useCouncil(id);
  if (detail.isPending && detail.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!detail.data) return <CouncilLoadError titleKey={titleKey} error={detail.error} />;
  return <CouncilDetailView council={detail.data} />;
}

function CouncilDetailView({ council }: { council: CouncilDetail }) {
  const { t } = useTranslation(['councils', 'applications', 'common']);
  const format = useFormat();
  const [scheduling, setScheduling] = useState(false);
  const [openMeeting, setOpenMeeting] = useState<number | null>(null);
  const mayScheduleMeetings = council.can_manage_meetings && council.active;

  const meetingColumns: DataColumn<CouncilMeetingSummary>[] = [
    {
      id: 'date',
      kind: 'date',
      title: t('meeting.date'),
      isRowHeader: true,
      text: (row) => format.dateTime(row.scheduled_at),
      render: (row) => (
        <Button variant="quiet" onPress={() => setOpenMeeting(row.id)}>
          {format.dateTime(row.scheduled_at)}
        </Button>
      ),
    },
    { id: 'place', kind: 'text', title: t('meeting.place'), render: (row) => row.place, hideBelow: 900 },
    { id: 'status', kind: 'status', title: t('meeting.status'), width: '8rem', render: (row) => <span className={`badge ${row.status === 'held' ? 'badge--success' : row.status === 'scheduled' ? 'badge--info' : ''}`}>{t(`meetingStatus.${row.status}`)}</span> },
    { id: 'agenda', kind: 'number', title: t('meeting.agenda'), width: '7rem', render: (row) => format.number(row.agenda_count) },
    { id: 'minutes', kind: 'text', title: t('meeting.minutes'), width: '7rem', render: (row) => t(row.has_minutes ? 'yes' : 'no') },
  ];

  const decisionColumns: DataColumn<CouncilDecision>[] = [
    {
      id: 'reference',
      kind: 'reference',
      title: t('decision.application'),
      isRowHeader: true,
      text: (row) => row.application_reference,
      render: (row) => <Link to={`/councils/applications/${row.application_id}`}>{row.application_reference}</Link>,
    },
    {
      id: 'outcome',
      kind: 'status',
      title: t('decision.outcome'),
      width: '8rem',
      render: (row) => <span className={row.outcome === 'approved' ? 'badge badge--success' : 'badge badge--danger'}>{t(`outcome.${row.outcome}`)}</span>,
    },
    { id: 'comments', kind: 'text', title: t('decision.comments'), render: (row) => row.comments, wraps: true },
    { id: 'recorded', kind: 'date', title: t('decision.recorded'), width: '10rem', render: (row) => format.dateTime(row.recorded_at) },
    { id: 'by', kind: 'text', title: t('decision.by'), render: (row) => row.recorded_by_name ?? '—', hideBelow: 1000 },
    { id: 'meeting', kind: 'date', title: t('decision.meeting'), render: (row) => (row.meeting_scheduled_at ? format.date(row.meeting_scheduled_at) : '—'), hideBelow: 1000 },
  ];

  const applicationColumns: DataColumn<CouncilApplication>[] = [
    { id: 'reference', kind: 'reference', title: t('application.reference'), isRowHeader: true, text: (row) => row.reference, render: (row) => <Link to={`/councils/applications/${row.id}`}>{row.reference}</Link> },
    { id: 'applicant', kind: 'text', title: t('application.applicant'), render: (row) => row.applicant_name },
    { id: 'status', kind: 'status', title: t('application.status'), render: (row) => t(`applications:status.${row.status}`), hideBelow: 900 },
    { id: 'review', kind: 'text', title: t('application.reviewStatus'), render: (row) => (row.review_status ? t(`applications:reviewStatus.${row.review_status}`) : '—') },
    {
      id: 'due',
      kind: 'date',
      title: t('application.due'),
      width: '10rem',
      text: (row) => (row.review_due_date ? format.date(row.review_due_date) : '—'),
      render: (row) =>
        row.review_due_date ? (
          <span>
            {format.date(row.review_due_date)} {row.overdue ? <span className="badge badge--danger">{t('application.overdue')}</span> : null}
          </span>
        ) : (
          '—'
        ),
    },
  ];

  const chair = council.members.find((member) => member.is_chair);
  return (
    <>
      <PageHeader
        title={format.name(council)}
        description={council.description || undefined}
        actions={
          <>
            {mayScheduleMeetings ? (
              <Button variant="secondary" onPress={() => setScheduling(true)}>
                {t('meeting.new')}
              </Button>
            ) : null}
            {council.can_edit ? (
              <Link to={`/councils/${council.id}/edit`} className="button button--primary">
                {t('detail.edit')}
              </Link>
            ) : null}
          </>
        }
      />
      <div className="detail-header">
        <StateBadge on={council.active}>{t(council.active ? 'state.active' : 'state.inactive')}</StateBadge>
        <span>{t('detail.updated', { date: format.dateTime(council.updated_at) })}</span>
      </div>
      {!council.active ? <p className="council-detail__note">{t('detail.inactiveNote')}</p> : null}
      <div className="council-detail">
        <section className="card" aria-labelledby="council-overview">
          <Heading level={2} id="council-overview" className="card__title">
            {t('detail.overview')}
          </Heading>
          <DetailsList
            rows={[
              [t('fields.areas'), council.academic_field_categories.map((area) => t(`areas.${area}`)).join(', ')],
              [t('fields.quorum'), t('detail.quorumValue', { count: council.quorum })],
              [t('fields.chair'), chair?.name ?? null],
              [t('fields.openReviews'), format.number(council.open_review_count)],
            ]}
          />
        </section>
        <section className="card" aria-labelledby="council-members">
          <Heading level={2} id="council-members" className="card__title">
            {t('detail.membersTitle', { count: council.members.length })}
          </Heading>
          {council.members.length === 0 ? (
            <p>{t('detail.noMembers')}</p>
          ) : (
            <ul className="council-members">
              {council.members.map((member) => (
                <li key={member.id}>
                  {member.name} {member.is_chair ? <span className="badge badge--info">{t('detail.chair')}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="card council-section" aria-labelledby="council-meetings">
        <Heading level={2} id="council-meetings" className="card__title">
          {t('detail.meetingsTitle')}
        </Heading>
        <DataTable label={t('detail.meetingsTitle')} columns={meetingColumns} rows={council.meetings} rowKey={(row) => row.id} emptyText={t('detail.noMeetings')} />
      </section>
      <section className="card council-section" aria-labelledby="council-applications">
        <Heading level={2} id="council-applications" className="card__title">
          {t('detail.applicationsTitle', { count: council.applications_count })}
        </Heading>
        <DataTable label={t('detail.applicationsTable')} columns={applicationColumns} rows={council.applications} rowKey={(row) => row.id} emptyText={t('detail.noApplications')} />
        {council.applications_count > council.applications.length ? <p>{t('detail.moreApplications', { shown: council.applications.length, count: council.applications_count })}</p> : null}
      </section>
      <section className="card council-section" aria-labelledby="council-decisions">
        <Heading level={2} id="council-decisions" className="card__title">
          {t('detail.decisionsTitle')}
        </Heading>
        <DataTable label={t('detail.decisionsTitle')} columns={decisionColumns} rows={council.decisions} rowKey={(row) => row.id} emptyText={t('detail.noDecisions')} />
      </section>
      {scheduling ? (
        <NewMeetingDialog
          council={council}
          onClose={() => setScheduling(false)}
          onCreated={(meetingId) => {
            setScheduling(false);
            setOpenMeeting(meetingId);
          }}
        />
      ) : null}
      {openMeeting !== null ? <MeetingDialog meetingId={openMeeting} council={council} onClose={() => setOpenMeeting(null)} /> : null}
    </>
  );
}
