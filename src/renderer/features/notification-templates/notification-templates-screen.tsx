import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';

// Issue 16: built by the helpers working on this area (the route is real; the screen is being written).
export function NotificationTemplatesScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('nav');
  return <PageHeader title={t(titleKey)} />;
}
