import { useTranslation } from 'react-i18next';
import { Heading } from 'react-aria-components';
import { Link, useParams } from 'react-router-dom';
import type { AppealDetail } from '../../../shared/api/appeals';
import { Alert } from '../../components/alert';
import { DetailsList } from '../../components/details-list';
import { DownloadButton } from '../../components/download-button';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError } from '../../components/record-load-error';
import { Spinner } from '../../components/spinner';
import { useFormat } from '../../lib/format';
import { useAppeal } from './api';
import { AppealAssignForm } from './appeal-assign-form';
import { AppealOutcomeForm } from './appeal-outcome-form';
import { AppealStateText } from './appeal-state';
import './appeals.css';

const LOAD_ERROR_TEXTS = { namespace: 'appeals', notFoundTitle: 'detail.notFound', notFoundDescription: 'detail.notFoundHint', noAccess: 'detail.noAccess', back: 'detail.back' };

/** /appeals/:appealId: the case as registered, whom it went to, its outcome, and what the caller may do next. */
export function AppealDetailScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['appeals', 'nav', 'common']);
  const appealId = Number(useParams().appealId);
  const appeal = useAppeal(appealId);
  if (appeal.isPending) return <Spinner label={t('common:loading')} />;
  if (appeal.error) return <RecordLoadError titleKey={titleKey} error={appeal.error} texts={LOAD_ERROR_TEXTS} listPath="/appeals" />;
  return <AppealPage appeal={appeal.data} onReload={() => void appeal.refetch()} />;
}

function AppealPage({ appeal, onReload }: { appeal: AppealDetail; onReload(): void }) {
  const { t } = useTranslation(['appeals', 'common']);
  const format = useFormat();
  const assignee = appeal.council ? t('detail.councilAssignee', { name: format.name(appeal.council) }) : appeal.officer ? t('detail.officerAssignee', { name: appeal.officer.full_name }) : t('detail.unassigned');
  return (
    <>
      <PageHeader title={t('detail.title', { reference: appeal.application.reference })} description={`${appeal.application.applicant_name} · ${t(`service.${appeal.application.service_type}`)}`} />
      <p className="appeal-links">
        <Link to={`/applications/${appeal.application.id}`}>{t('detail.toApplication')}</Link>
        <Link to={`/applications/${appeal.application.id}/decision`}>{t('detail.toDecision')}</Link>
        <Link to="/appeals">{t('detail.back')}</Link>
      </p>
      {appeal.late ? (
        <Alert tone={appeal.late_acceptance_reason ? 'info' : 'warning'} title={t('detail.lateTitle')}>
          <p>{t('detail.lateText', { received: format.date(appeal.received_on), lastDay: format.date(appeal.appeal_last_day) })}</p>
          {appeal.late_acceptance_reason ? <p>{t('detail.lateAccepted', { reason: appeal.late_acceptance_reason })}</p> : <p>{t('detail.lateOnly')}</p>}
        </Alert>
      ) : null}
      <div className="appeal-layout">
        <section className="card" aria-labelledby="appeal-case">
          <Heading level={2} id="appeal-case" className="card__title">
            {t('detail.caseTitle')}
          </Heading>
          <DetailsList
            rows={[
              [t('detail.state'), <AppealStateText key="state" appeal={appeal} />],
              [t('detail.received'), format.date(appeal.received_on)],
              [t('detail.lastDay'), format.date(appeal.appeal_last_day)],
              [t('detail.late'), appeal.late ? t('late.yes') : t('late.no')],
              [t('detail.decisionAppealed'), t(`decisionOutcome.${appeal.decision_outcome}`)],
              [t('detail.assignee'), assignee],
              [t('detail.due'), appeal.due_date ? format.date(appeal.due_date) : t('detail.noDue')],
              [t('detail.registered'), t('detail.byOn', { name: appeal.registered_by?.full_name ?? '—', date: format.dateTime(appeal.created_at) })],
            ]}
          />
          <Heading level={3} className="appeal__heading">
            {t('detail.grounds')}
          </Heading>
          <p className="appeal__grounds">{appeal.grounds}</p>
          <Heading level={3} className="appeal__heading">
            {t('detail.letter')}
          </Heading>
          <p>
            {appeal.letter.file_name} <DownloadButton source="appeal_letter" documentId={appeal.id} fileName={appeal.letter.file_name} variant="quiet" />
          </p>
        </section>
        {appeal.state === 'decided' ? (
          <section className="card" aria-labelledby="appeal-decided">
            <Heading level={2} id="appeal-decided" className="card__title">
              {t('detail.outcomeTitle')}
            </Heading>
            <DetailsList
              rows={[
                [t('detail.outcome'), appeal.outcome ? t(`outcome.${appeal.outcome}`) : '—'],
                [t('detail.outcomeReason'), appeal.outcome_reason],
                [t('detail.decided'), appeal.decided_at ? t('detail.byOn', { name: appeal.decided_by?.full_name ?? '—', date: format.dateTime(appeal.decided_at) }) : null],
              ]}
            />
            {appeal.new_decision_id ? (
              <p>
                <Link to={`/applications/${appeal.application.id}/decision`}>{t('detail.newDecision')}</Link>
              </p>
            ) : null}
          </section>
        ) : null}
      </div>
      {appeal.may_assign ? <AppealAssignForm key={`assign-${appeal.version}`} appeal={appeal} onReload={onReload} /> : null}
      {appeal.may_decide.length > 0 ? <AppealOutcomeForm key={`outcome-${appeal.version}`} appeal={appeal} onReload={onReload} /> : null}
    </>
  );
}
