import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';

// Issue 15: replaced by the real screen.
export function UserDetailScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('nav');
  return <PageHeader title={t(titleKey)} />;
}
