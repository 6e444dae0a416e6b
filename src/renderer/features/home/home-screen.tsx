import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { currentUserAtom } from '../../lib/session';
import { SystemStatusCard } from './system-status-card';

/** Dashboard home. Later versions add recent applications, statistics and pending tasks. */
export function HomeScreen() {
  const { t } = useTranslation('home');
  const user = useAtomValue(currentUserAtom);
  const name = user ? user.first_name.trim() || user.full_name.trim() || user.username : '';
  return (
    <>
      <PageHeader title={t('welcome', { name })} description={t('intro')} />
      <div className="dashboard-grid">
        <SystemStatusCard />
      </div>
    </>
  );
}
