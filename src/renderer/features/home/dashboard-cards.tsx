import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { deskTileAddress, listAddress, serviceFilter, STATISTIC_FILTERS, statusFilter, type DashboardAnswer } from '../../../shared/api/dashboard';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { useFormat } from '../../lib/format';
import { hasPermission, type PermissionName } from '../../../shared/auth/permissions';
import { isAccessDenied, isConnectionFailure, translateError } from '../../lib/error-translator';
import { currentUserAtom } from '../../lib/session';
import { CASELOAD_PERMISSION, useDashboard, useDesk } from './api';
import { RecentApplicationsTable } from './recent-applications-table';
import './home.css';

// The dashboard's figures (spec §2). The desk: the caller's own work, one tile per list filter
// (DESK_TILES), each opening the list whose total it shows. The caseload (officers, admins):
// statistics, processing times, completed this month, recent applications, time by stage; every
// linked figure opens the list under the filter it was counted with (STATISTIC_FILTERS).

const statisticLink = (filter: keyof typeof STATISTIC_FILTERS) => listAddress('applications', STATISTIC_FILTERS[filter]);

/** The reports screen's permission (route-table.ts): the quick action is offered only with it. */
const REPORTS_PERMISSION: PermissionName = 'reports.view_reports';

/** The busiest statuses shown on the caseload card; the list has the rest. */
const TOP_STATUSES = 8;

function Card({ id, title, wide, children }: { id: string; title: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <section className={wide ? 'card dashboard-card--wide' : 'card'} aria-labelledby={id}>
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

/** The desk, then the caseload cards for a user whose permissions allow them (no request otherwise). */
export function DashboardCards() {
  const user = useAtomValue(currentUserAtom);
  return (
    <>
      <DeskCard />
      {hasPermission(user, CASELOAD_PERMISSION) ? <CaseloadCards /> : null}
    </>
  );
}

/** The caller's tiles; none at all (no card) for a role with no listed work of its own. */
function DeskCard() {
  const { t } = useTranslation(['home', 'common']);
  const { number } = useFormat();
  const desk = useDesk();
  if (desk.isPending) return <Spinner label={t('common:loading')} />;
  if (desk.isError) {
    return (
      <section className="card" role="alert">
        <Alert tone="error" title={t('dashboard.couldNotLoad')}>
          <p>{isConnectionFailure(desk.error) ? t('dashboard.couldNotLoadHint') : translateError(desk.error, t).message}</p>
          <Button onPress={() => void desk.refetch()} isPending={desk.isFetching}>
            {t('dashboard.retry')}
          </Button>
        </Alert>
      </section>
    );
  }
  if (desk.data.tiles.length === 0) return null;
  return (
    <Card id="dashboard-desk" title={t('desk.title')} wide>
      <ul className="desk-tiles" aria-label={t('desk.title')}>
        {desk.data.tiles.map(({ tile, count }) => (
          <li key={tile}>
            <Link className="desk-tile" to={deskTileAddress(tile)}>
              <span className="desk-tile__count">{number(count)}</span>
              <span className="desk-tile__label">{t(`desk.tiles.${tile}`, { count })}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function CaseloadCards() {
  const { t } = useTranslation(['home', 'common']);
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Spinner label={t('common:loading')} />;
  if (dashboard.isError) {
    // A refusal is said as one (the role changed since sign-in); only a missing answer is the connection's.
    const denied = isAccessDenied(dashboard.error);
    return (
      <section className="card dashboard-card--wide" role="alert">
        <Alert tone="error" title={denied ? t('common:noAccess.dashboard') : t('dashboard.couldNotLoad')}>
          <p>
            {denied
              ? t('common:noAccess.hint')
              : isConnectionFailure(dashboard.error)
                ? t('dashboard.couldNotLoadHint')
                : translateError(dashboard.error, t).message}
          </p>
          {denied ? null : (
            <Button onPress={() => void dashboard.refetch()} isPending={dashboard.isFetching}>
              {t('dashboard.retry')}
            </Button>
          )}
        </Alert>
      </section>
    );
  }
  return <Figures data={dashboard.data} />;
}

function Figures({ data }: { data: DashboardAnswer }) {
  const { t } = useTranslation(['home', 'applications']);
  const user = useAtomValue(currentUserAtom);
  const { date, days, number } = useFormat();
  const { statistics } = data;
  return (
    <>
      <Card id="dashboard-statistics" title={t('dashboard.statistics')}>
        <div className="dashboard-figures">
          <Figure value={<Link to={statisticLink('total')}>{number(statistics.total)}</Link>} label={t('dashboard.total')} />
          <Figure value={<Link to={statisticLink('open')}>{number(statistics.open)}</Link>} label={t('dashboard.open')} />
          <Figure value={<Link to={statisticLink('approved')}>{number(statistics.approved)}</Link>} label={t('dashboard.approved')} />
          <Figure value={<Link to={statisticLink('rejected')}>{number(statistics.rejected)}</Link>} label={t('dashboard.rejected')} />
          <Figure value={<Link to={statisticLink('overdue')}>{number(statistics.overdue)}</Link>} label={t('dashboard.overdue')} />
        </div>
        {statistics.by_service.length > 0 ? (
          <>
            <Heading level={3} className="dashboard-subtitle">
              {t('dashboard.byService')}
            </Heading>
            <ul className="dashboard-counts" aria-label={t('dashboard.byService')}>
              {statistics.by_service.map((row) => (
                <li key={row.service_type}>
                  <Link to={listAddress('applications', serviceFilter(row.service_type))}>{t(`applications:service.${row.service_type}`)}</Link>
                  <strong>{number(row.count)}</strong>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </Card>
      <Card id="dashboard-month" title={t('dashboard.caseload')}>
        <div className="dashboard-figures">
          <Figure value={number(data.completed_this_month)} label={t('dashboard.completedThisMonth')} />
        </div>
        {statistics.by_status.length > 0 ? (
          <>
            <Heading level={3} className="dashboard-subtitle">
              {t('dashboard.byStatusTop')}
            </Heading>
            <ul className="dashboard-counts" aria-label={t('dashboard.byStatusTop')}>
              {[...statistics.by_status]
                .sort((a, b) => b.count - a.count)
                .slice(0, TOP_STATUSES)
                .map((row) => (
                  <li key={row.status}>
                    <Link to={listAddress('applications', statusFilter(row.status))}>{t(`applications:status.${row.status}`)}</Link>
                    <strong>{number(row.count)}</strong>
                  </li>
                ))}
            </ul>
            {statistics.by_status.length > TOP_STATUSES ? (
              <p className="dashboard-more">
                <Link to={statisticLink('total')}>{t('dashboard.allStatuses', { count: statistics.by_status.length })}</Link>
              </p>
            ) : null}
          </>
        ) : null}
      </Card>
      <Card id="dashboard-processing" title={t('dashboard.processingTimes')}>
        <div className="dashboard-figures">
          <Figure value={days(data.processing_times.average_days)} label={t('dashboard.averageDays')} />
          <Figure value={days(data.processing_times.median_days)} label={t('dashboard.medianDays')} />
          <Figure value={number(data.processing_times.closed_last_90_days)} label={t('dashboard.closed90')} />
        </div>
      </Card>
      <Card id="dashboard-stages" title={t('dashboard.byStage')}>
        <div className="dashboard-figures">
          <Figure value={days(data.average_by_stage.document_verification)} label={t('dashboard.stages.document_verification')} />
          <Figure value={days(data.average_by_stage.commission_review)} label={t('dashboard.stages.commission_review')} />
          <Figure value={days(data.average_by_stage.final_approval)} label={t('dashboard.stages.final_approval')} />
        </div>
      </Card>
      <Card id="dashboard-quick" title={t('dashboard.quickActions')}>
        <div className="action-list">
          <Link className="button button--primary" to="/applications">
            {t('dashboard.reviewApplications')}
          </Link>
          {hasPermission(user, REPORTS_PERMISSION) ? (
            <Link className="button button--secondary" to="/reports">
              {t('dashboard.generateReport')}
            </Link>
          ) : null}
        </div>
      </Card>
      <Card id="dashboard-recent" title={t('dashboard.recent')} wide>
        {data.recent_applications.length === 0 ? (
          <p>{t('dashboard.noRecent')}</p>
        ) : (
          <RecentApplicationsTable applications={data.recent_applications} date={date} />
        )}
      </Card>
    </>
  );
}
