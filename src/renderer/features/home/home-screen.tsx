import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { currentUserAtom } from '../../lib/session';
import { DashboardCards } from './dashboard-cards';
import { SystemStatusCard } from './system-status-card';

/** Dashboard home (spec §2): the caseload's figures from GET /api/dashboard/ and the system status. */
export function HomeScreen() {
  const { t } = useTranslation('home');
  const user = useAtomValue(currentUserAtom);
  const name = user ? user.first_name.trim() || user.full_name.trim() || user.username : '';
  return (
    <>
      <PageHeader title={t('welcome', { name })} description={t('intro')} />
      <div className="dashboard-grid">
        <DashboardCards />
        <SystemStatusCard />
      </div>
    </>
  );
}
