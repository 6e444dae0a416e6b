import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Link, useParams } from 'react-router-dom';
import type { ApplicationDetail } from '../../../shared/api/applications';
import type { ApplicationDecisions } from '../../../shared/api/recognition-decisions';
import { Alert } from '../../components/alert';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { asTransportError } from '../../lib/transport-error';
import { useDecisionApplication, useDecisionOptions, useDecisions } from './api';
import { DecisionBuilder } from './decision-builder';
import { DecisionCitations } from './decision-citations';
import { DecisionReview } from './decision-review';
import { DecisionView } from './decision-view';
import './decisions.css';

const BUILDING_ACTIONS = new Set(['prepare_decision', 'grant_recognition', 'deny_recognition']);

/**
 * The recognition decision of an application (services 1 and 2): the builder while the caller may
 * prepare or take it, the agency officer's review while a prepared decision waits for approval,
 * otherwise the decision as kept; below, the decisions it superseded.
 */
export function RecognitionDecisionScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['decisions', 'common', 'errors']);
  const applicationId = Number(useParams().applicationId);
  const application = useDecisionApplication(applicationId);
  const decisions = useDecisions(applicationId);
  const building = application.data?.allowed_actions.some((move) => BUILDING_ACTIONS.has(move.action)) ?? false;
  const options = useDecisionOptions(applicationId, building);

  if (application.isPending || decisions.isPending || (building && options.isPending)) return <Spinner label={t('common:loading')} />;
  const error = application.error ?? decisions.error ?? options.error;
  if (error) {
    const notFound = asTransportError(error).status === 404;
    return (
      <>
        <PageHeader title={t(titleKey, { ns: 'nav' })} />
        <Alert tone="error" title={notFound ? t('notFound') : isAccessDenied(error) ? t('common:noAccess.application') : translateError(error, t).message}>
          <Link to={`/applications/${applicationId}`}>{t('backToApplication')}</Link>
        </Alert>
      </>
    );
  }
  const reload = () => void Promise.all([application.refetch(), decisions.refetch(), options.refetch()]);
  return <DecisionPage application={application.data!} decisions={decisions.data!} options={building ? options.data! : null} onReload={reload} />;
}

function DecisionPage({
  application,
  decisions,
  options,
  onReload,
}: {
  application: ApplicationDetail;
  decisions: ApplicationDecisions;
  options: Parameters<typeof DecisionBuilder>[0]['options'] | null;
  onReload(): void;
}) {
  const { t } = useTranslation('decisions');
  const format = useFormat();
  const { current, history } = decisions;
  const reviewing = current?.state === 'prepared' && application.allowed_actions.some((move) => move.action === 'approve' || move.action === 'reject');
  return (
    <>
      <PageHeader title={t(options ? 'builder.title' : 'title', { reference: application.reference })} description={`${application.applicant.full_name} · ${t(`applications:service.${application.service_type}`)}`} />
      <p>
        <Link to={`/applications/${application.id}`}>{t('backToApplication')}</Link>
      </p>
      {options ? (
        <>
          {current?.state === 'prepared' ? <Alert tone="info">{t('builder.sentBack')}</Alert> : null}
          <DecisionBuilder key={`${application.id}-${current?.id ?? 'new'}`} application={application} options={options} previous={current?.state === 'prepared' ? current : null} onReload={onReload} />
        </>
      ) : current ? (
        <div className="decision-layout">
          <section className="card" aria-labelledby="decision-current">
            <Heading level={2} id="decision-current" className="card__title">
              {t(current.state === 'prepared' ? 'view.preparedTitle' : 'view.currentTitle')}
            </Heading>
            <DecisionView decision={current} reference={application.reference} headingLevel={2} />
            <DecisionCitations decisionId={current.id} headingLevel={3} />
          </section>
          {reviewing ? <DecisionReview application={application} decision={current} onReload={onReload} /> : null}
        </div>
      ) : (
        <p>{t('view.none')}</p>
      )}
      {history.length > 0 ? (
        <section className="card" aria-labelledby="decision-history">
          <Heading level={2} id="decision-history" className="card__title">
            {t('history.title')}
          </Heading>
          {history.map((decision) => (
            <details key={decision.id} className="decision-history__item">
              <summary>{t('history.item', { outcome: t(`outcome.${decision.outcome}`), date: format.dateTime(decision.prepared_at), name: decision.prepared_by?.full_name ?? '—' })}</summary>
              <DecisionView decision={decision} reference={application.reference} headingLevel={3} />
            </details>
          ))}
        </section>
      ) : null}
    </>
  );
}
