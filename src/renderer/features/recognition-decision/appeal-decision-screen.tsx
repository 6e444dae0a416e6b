import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';
import { useAppealDecisionOptions, useAppealUnderReview } from './api';
import { DecisionBuilder } from './decision-builder';
import './decisions.css';

/**
 * /appeals/:appealId/decision: the appeal's reviewer changes the decision appealed against with
 * the same builder; the new decision is approved as it is sent and supersedes the old one.
 */
export function AppealDecisionScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['decisions', 'common', 'errors', 'nav']);
  const appealId = Number(useParams().appealId);
  const appeal = useAppealUnderReview(appealId);
  const changing = appeal.data?.may_decide.includes('changed') ?? false;
  const options = useAppealDecisionOptions(appealId, changing);

  if (appeal.isPending || (changing && options.isPending)) return <Spinner label={t('common:loading')} />;
  const error = appeal.error ?? options.error;
  if (error || !appeal.data) {
    const notFound = !error || asTransportError(error).status === 404;
    return (
      <>
        <PageHeader title={t(titleKey, { ns: 'nav' })} />
        <Alert tone="error" title={notFound ? t('appealChange.notFound') : isAccessDenied(error) ? t('appealChange.noAccess') : translateError(error, t).message}>
          <Link to="/appeals">{t('appealChange.backToAppeals')}</Link>
        </Alert>
      </>
    );
  }
  const { application } = appeal.data;
  // Decided, or not the caller's to change: said here, with the way to the appeal's own screen
  // (a silent redirect left a person who followed a link wondering where the form went).
  if (!changing) {
    return (
      <>
        <PageHeader title={t('appealChange.title', { reference: application.reference })} />
        <Alert tone="info" title={t('appealChange.notOpen')}>
          <Link to={`/appeals/${appealId}`}>{t('appealChange.backToAppeal')}</Link>
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('appealChange.title', { reference: application.reference })} description={`${application.applicant_name} · ${t(`applications:service.${application.service_type}`)}`} />
      <p>
        <Link to={`/appeals/${appealId}`}>{t('appealChange.backToAppeal')}</Link>
      </p>
      <Alert tone="info">{t('appealChange.explain')}</Alert>
      <DecisionBuilder
        application={{ id: application.id, reference: application.reference, service_type: application.service_type, version: 0 }}
        options={options.data!}
        previous={null}
        onReload={() => void Promise.all([appeal.refetch(), options.refetch()])}
        appeal={{ id: appeal.data.id, version: appeal.data.version }}
      />
    </>
  );
}
