import { useTranslation } from 'react-i18next';
import { Link } from 'react-aria-components';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';

/** Any path the route table does not know (spec §2: "any other path", for anyone). */
export function NotFoundScreen() {
  const { t } = useTranslation('common');
  return (
    <main className="standalone-page" id="main">
      <PageHeader title={t('notFound.title')} />
      <EmptyState
        title={t('notFound.description')}
        action={
          <Link href="/" className="link">
            {t('notFound.home')}
          </Link>
        }
      />
    </main>
  );
}
