import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

/**
 * A service that could not be shown: the not-found state for an id no service has (or no valid id
 * at all), the refusal for a user without access, or the failure as it was.
 */
export function ServiceLoadError({ titleKey, error }: { titleKey: string; error: unknown }) {
  const { t } = useTranslation(['services', 'nav', 'common', 'errors']);
  // No error but no data: the address holds no valid id, which is a service that does not exist.
  const notFound = !error || asTransportError(error).status === 404;
  const denied = !notFound && isAccessDenied(error);
  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} />
      <Alert tone="error" title={notFound ? t('notFound.title') : denied ? t('noAccess') : translateError(error, t).message}>
        <p>{notFound ? t('notFound.description') : denied ? t('common:noAccess.hint') : t('common:couldNotLoad')}</p>
        <Link to="/services">{t('notFound.back')}</Link>
      </Alert>
    </>
  );
}
