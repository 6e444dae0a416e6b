import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import type { DashboardAnswer, PendingTask } from '../../../shared/api/dashboard';
import { Alert } from '../../components/alert';
import { Spinner } from '../../components/spinner';
import { useDashboard } from './api';

// The dashboard's figures (spec §2): statistics, processing times, incomplete and completed
// this month, pending tasks with links into the list, recent applications, average time by stage.

/** The list filters each pending task opens. */
const TASK_LINKS: Record<PendingTask, string> = {
  assigned_to_me: '/applications?assigned_officer=me',
  unassigned: '/applications?assigned_officer=unassigned',
  awaiting_payment: '/applications?status=payment_pending',
  document_verification: '/applications?status=document_verification',
  council_review: '/applications?status=council_assigned&status=council_review',
  awaiting_decision: '/applications?status=decision_pending',
  inspectorate: '/applications?status=inspectorate_pending',
  overdue: '/applications?overdue=true',
};

function Card({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card__header">
        <Heading level={2} id={id} className="card__title">
          {title}
        </Heading>
      </div>
      {children}
    </section>
  );
}

function Figure({ value, label }: { value: React.ReactNode; label: string }) {
  return (
    <div className="figure">
      <span className="figure__value">{value}</span>
      <span className="figure__label">{label}</span>
    </div>
  );
}

export function DashboardCards() {
  const { t } = useTranslation(['home', 'common']);
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner label={t('common:loading')} />;
  if (dashboard.isError) {
    return (
      <div role="alert">
        <Alert tone="error" title={t('dashboard.couldNotLoad')}>
          {t('common:couldNotLoad')}
        </Alert>
      </div>
    );
  }
  return <Figures data={dashboard.data} />;
}

function Figures({ data }: { data: DashboardAnswer }) {
  const { t, i18n } = useTranslation(['home', 'applications']);
  const days = (value: number | null) => (value === null ? '—' : t('dashboard.days', { count: value }));
  return (
    <>
      <Card id="dashboard-statistics" title={t('dashboard.statistics')}>
        <div className="dashboard-figures">
          <Figure value={data.statistics.total} label={t('dashboard.total')} />
          <Figure value={data.statistics.open} label={t('dashboard.open')} />
          <Figure value={data.statistics.approved} label={t('dashboard.approved')} />
          <Figure value={data.statistics.rejected} label={t('dashboard.rejected')} />
          <Figure value={data.statistics.overdue} label={t('dashboard.overdue')} />
          <Figure value={<Link to="/applications/incomplete">{data.incomplete_count}</Link>} label={t('dashboard.incomplete')} />
          <Figure value={data.completed_this_month} label={t('dashboard.completedThisMonth')} />
        </div>
      </Card>
      <Card id="dashboard-processing" title={t('dashboard.processingTimes')}>
        <div className="dashboard-figures">
          <Figure value={days(data.processing_times.average_days)} label={t('dashboard.averageDays')} />
          <Figure value={days(data.processing_times.median_days)} label={t('dashboard.medianDays')} />
          <Figure value={data.processing_times.closed_last_90_days} label={t('dashboard.closed90')} />
        </div>
        <Heading level={3}>{t('dashboard.byStage')}</Heading>
        <div className="dashboard-figures">
          <Figure value={days(data.average_by_stage.document_verification)} label={t('dashboard.stages.document_verification')} />
          <Figure value={days(data.average_by_stage.commission_review)} label={t('dashboard.stages.commission_review')} />
          <Figure value={days(data.average_by_stage.final_approval)} label={t('dashboard.stages.final_approval')} />
        </div>
      </Card>
      <Card id="dashboard-tasks" title={t('dashboard.pendingTasks')}>
        <ul className="saved-filters">
          {data.pending_tasks.map((task) => (
            <li key={task.task}>
              <Link to={TASK_LINKS[task.task]}>{t(`dashboard.tasks.${task.task}`)}</Link>
              <strong>{task.count}</strong>
            </li>
          ))}
        </ul>
      </Card>
      <Card id="dashboard-recent" title={t('dashboard.recent')}>
        {data.recent_applications.length === 0 ? (
          <p>{t('dashboard.noRecent')}</p>
        ) : (
          <ul className="saved-filters">
            {data.recent_applications.map((application) => (
              <li key={application.id}>
                <Link to={`/applications/${application.id}`}>{application.reference}</Link>
                <span>{application.applicant.full_name}</span>
                <span>{t(`applications:status.${application.status}`)}</span>
                <span>{new Date(application.submitted_at).toLocaleDateString(i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card id="dashboard-quick" title={t('dashboard.quickActions')}>
        <div className="action-list">
          <Link className="button button--primary" to="/applications">
            {t('dashboard.reviewApplications')}
          </Link>
          <Link className="button button--secondary" to="/reports">
            {t('dashboard.generateReport')}
          </Link>
        </div>
      </Card>
    </>
  );
}
