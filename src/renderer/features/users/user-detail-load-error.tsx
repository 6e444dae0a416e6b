import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

/** A user who could not be shown: not found (or no valid id), no access, or the failure as it was. */
export function UserDetailLoadError({ titleKey, error }: { titleKey: string; error: unknown }) {
  const { t } = useTranslation(['users', 'nav', 'common']);
  const notFound = !error || asTransportError(error).status === 404;
  const denied = !notFound && isAccessDenied(error);
  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} />
      <Alert tone="error" title={notFound ? t('notFound.title') : denied ? t('noAccess') : translateError(error, t).message}>
        <p>{notFound ? t('notFound.description') : denied ? t('common:noAccess.hint') : t('common:couldNotLoad')}</p>
        <Link to="/users">{t('notFound.back')}</Link>
      </Alert>
    </>
  );
}
