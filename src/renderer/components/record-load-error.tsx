import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { isAccessDenied, translateError } from '../lib/error-translator';
import { asTransportError } from '../lib/transport-error';
import { Alert } from './alert';
import { PageHeader } from './page-header';

/** The feature's own texts for a record it could not show (keys in the feature's namespace). */
export interface RecordLoadErrorTexts {
  namespace: string;
  notFoundTitle: string;
  notFoundDescription: string;
  noAccess: string;
  back: string;
}

/**
 * A record screen that could not show its record: not found (a 404, or an address without a
 * valid id, which is a record that does not exist), no access, or the failure as it was; with a
 * way back to the list.
 */
export function RecordLoadError({ titleKey, error, texts, listPath }: { titleKey: string; error: unknown; texts: RecordLoadErrorTexts; listPath: string }) {
  const { t } = useTranslation([texts.namespace, 'nav', 'common', 'errors']);
  const notFound = !error || asTransportError(error).status === 404;
  const denied = !notFound && isAccessDenied(error);
  return (
    <>
      <PageHeader title={t(titleKey, { ns: 'nav' })} />
      <Alert tone="error" title={notFound ? t(texts.notFoundTitle) : denied ? t(texts.noAccess) : translateError(error, t).message}>
        <p>{notFound ? t(texts.notFoundDescription) : denied ? t('common:noAccess.hint') : t('common:couldNotLoad')}</p>
        <Link to={listPath}>{t(texts.back)}</Link>
      </Alert>
    </>
  );
}
