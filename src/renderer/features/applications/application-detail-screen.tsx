import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Heading, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Link, useParams } from 'react-router-dom';
import type { ApplicationDetail } from '../../../shared/api/applications';
import { isClosedStatus, type ApplicationStatus } from '../../../shared/domain/application-status';
import type { ActionName } from '../../../shared/domain/application-workflow';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DetailsList } from '../../components/details-list';
import { hasPermission, mayVerifyAuthenticity } from '../../../shared/auth/permissions';
import { currentUserAtom } from '../../lib/session';
import { useAtomValue } from 'jotai';
import { DeadlineComputation } from './deadline-computation';
import { DocumentsTab } from './documents-tab';
import { SimilarDecisionsPanel } from '../../components/similar-decisions-panel';
import { AuthenticityPanel } from '../../components/authenticity-panel';
import { LegalHoldPanel } from '../../components/legal-hold-panel';
import { WatchFlagBanner } from '../../components/watch-flag';
import { ExpertReviewsPanel } from './expert-reviews-panel';
import { AppealsPanel } from './appeals-panel';
import { ConfirmationRequestsPanel } from './confirmation-requests-panel';
import { VerdictEntry } from './verdict-entry';
import { DecisionPdfEntry } from './decision-pdf-entry';
import { PageHeader } from '../../components/page-header';
import { Spinner } from '../../components/spinner';
import { notifySuccess } from '../../components/toast';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';
import { useCountryName } from '../../lib/country-names';
import { useFormat } from '../../lib/format';
import { studyPeriod } from '../../components/qualification-details';
import { ActionDialog } from './action-dialog';
import { useApplicationDetail } from './api';
import { StatusBadge } from './status-badge';

/** The actions of a structured recognition decision (services 1 and 2): the decision screen offers them. */
const DECISION_ACTIONS: ReadonlySet<ActionName> = new Set(['prepare_decision', 'grant_recognition', 'deny_recognition', 'approve', 'reject', 'send_back']);

type OpenAction = { action: ActionName; documents?: readonly { id: number; file_name: string }[] } | null;

export function ApplicationDetailScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['applications', 'common', 'errors', 'experts', 'precedents']);
  const format = useFormat();
  const country = useCountryName();
  const id = Number(useParams().id);
  const detail = useApplicationDetail(id);
  const [open, setOpen] = useState<OpenAction>(null);
  const user = useAtomValue(currentUserAtom);

  if (detail.isPending) return <Spinner label={t('common:loading')} />;
  if (detail.isError) {
    const notFound = asTransportError(detail.error).status === 404;
    return (
      <>
        <PageHeader title={t(titleKey, { ns: 'nav' })} />
        <Alert tone="error" title={notFound ? t('errors.notFound') : isAccessDenied(detail.error) ? t('common:noAccess.application') : translateError(detail.error, t).message}>
          <Link to="/applications">{t('detail.back')}</Link>
        </Alert>
      </>
    );
  }
  const application = detail.data;
  const { date, dateTime } = format;
  // Absent means withheld for this role (docs/access.md); null means the applicant gave none.
  const withheldOr = <T,>(value: T | null | undefined, show: (v: T | null) => string | T | null = (v) => v): string | T | null =>
    value === undefined ? t('detail.notShownForRole') : show(value);
  const statusTargets = application.allowed_actions.filter((m) => m.action === 'update_status' && m.to).map((m) => m.to as ApplicationStatus);
  const otherActions = [...new Set(application.allowed_actions.map((m) => m.action))].filter(
    // submit_verdict runs from the verdict editor, once the verdict has its PDF; a recognition
    // decision is prepared, taken and approved on the decision screen.
    (a) => a !== 'update_status' && a !== 'approve_document' && a !== 'reject_document' && a !== 'submit_verdict' && !DECISION_ACTIONS.has(a),
  ).filter(
    // The council's decision is taken on the council review screen (who took part, the quorum),
    // which opens to those who review for councils.
    (a) => a !== 'record_council_decision' || hasPermission(user, 'councils.review_application'),
  );
  const decisionLink = decisionLinkOf(application);
  // A decided recognition (services 1 and 2) may be appealed: its appeals have their own tab.
  const appealable = (application.service_type === 1 || application.service_type === 2) && isClosedStatus(application.status);
  const reviewActions = application.allowed_actions.map((m) => m.action).filter((a): a is 'approve_document' | 'reject_document' => a === 'approve_document' || a === 'reject_document');
  const mayUpload = !application.archived && (hasPermission(user, 'documents.change_document') || hasPermission(user, 'applications.change_application'));

  return (
    <>
      <PageHeader title={`${application.reference} · ${application.applicant.full_name}`} description={t(`service.${application.service_type}`)} />
      <div className="detail-header">
        <StatusBadge status={application.status} />
        <span>
          {t('detail.fields.priority')}: {t(`priority.${application.priority}`)}
        </span>
        <span>
          {t('detail.fields.officer')}: {application.assigned_officer?.full_name ?? t('filters.unassigned')}
        </span>
        <span className={application.overdue ? 'overdue-marker' : undefined}>
          {t('detail.fields.deadline')}: {date(application.deadline)}
          {application.overdue ? ` · ${t('list.overdue')}` : ''}
        </span>
        {/* The case's age: from submission to today, or to the decision that closed it. */}
        <span>{t(isClosedStatus(application.status) ? 'detail.ageClosed' : 'detail.ageOpen', { count: application.days_in_system })}</span>
      </div>
      {application.watch_flag ? <WatchFlagBanner category={application.watch_flag} /> : null}
      {/* The actions come first: beside the tabs on a wide window, above them as a band on an office
          monitor (1280–1500 px), so a tab's tables get the page's width. */}
      <div className="detail-layout detail-layout--actions">
        <section className="card detail-layout__actions" aria-labelledby="application-actions">
          <Heading level={2} id="application-actions" className="card__title">
            {t('detail.actions')}
          </Heading>
          {statusTargets.length === 0 && otherActions.length === 0 && !decisionLink && !application.allowed_actions.some((m) => m.action === 'submit_verdict') ? <p>{t('detail.noActions')}</p> : null}
          <div className="action-list">
            <VerdictEntry application={application} />
            {decisionLink ? (
              <Link to={`/applications/${application.id}/decision`} className={`button button--${decisionLink === 'view' ? 'secondary' : 'primary'}`}>
                {t(`detail.decisionLink.${decisionLink}`)}
              </Link>
            ) : null}
            <DecisionPdfEntry application={application} />
            {statusTargets.length > 0 ? (
              <Button variant="primary" onPress={() => setOpen({ action: 'update_status' })}>
                {t('detail.updateStatus')}
              </Button>
            ) : null}
            {otherActions.map((action) =>
              action === 'record_council_decision' ? (
                <Link key={action} to={`/councils/applications/${application.id}`} className="button button--secondary">
                  {t(`action.${action}`)}
                </Link>
              ) : (
                <Button key={action} variant={action.startsWith('reject') || action === 'invalidate' ? 'danger' : 'secondary'} onPress={() => setOpen({ action })}>
                  {t(`action.${action}`)}
                </Button>
              ),
            )}
          </div>
        </section>
        <Tabs className="detail-layout__main">
          <TabList aria-label={t('detail.tabsLabel')} className="tab-list">
            <Tab id="overview" className="tab">{t('detail.tabs.overview')}</Tab>
            <Tab id="personal" className="tab">{t('detail.tabs.personal')}</Tab>
            <Tab id="institution" className="tab">{t('detail.tabs.institution')}</Tab>
            <Tab id="documents" className="tab">{t('detail.tabs.documents')}</Tab>
            <Tab id="timeline" className="tab">{t('detail.tabs.timeline')}</Tab>
            {application.service_type === 1 ? <Tab id="expert-reviews" className="tab">{t('experts:panel.title')}</Tab> : null}
            {application.service_type === 1 || application.service_type === 2 ? <Tab id="similar-decisions" className="tab">{t('precedents:title')}</Tab> : null}
            {appealable ? <Tab id="appeals" className="tab">{t('detail.tabs.appeals')}</Tab> : null}
          </TabList>
          <TabPanel id="overview">
            <Overview application={application} date={date} />
          </TabPanel>
          <TabPanel id="personal">
            <DetailsList
              rows={[
                [t('detail.fields.firstName'), application.applicant.first_name],
                [t('detail.fields.lastName'), application.applicant.last_name],
                [t('detail.fields.email'), withheldOr(application.applicant.email)],
                [t('detail.fields.phone'), withheldOr(application.applicant.phone)],
                [t('detail.fields.personalId'), withheldOr(application.applicant.personal_id)],
                [t('detail.fields.dateOfBirth'), withheldOr(application.applicant.date_of_birth, date)],
                [t('detail.fields.country'), country(application.applicant.country)],
                [t('detail.fields.city'), withheldOr(application.applicant.city)],
                [t('detail.fields.address'), withheldOr(application.applicant.address)],
              ]}
            />
            <LegalHoldPanel applicationId={application.id} reference={application.reference} mayChange={hasPermission(user, 'applications.change_application')} />
          </TabPanel>
          <TabPanel id="institution">
            {application.education ? (
              <DetailsList
                rows={[
                  [t('detail.fields.institution'), application.education.institution_name],
                  [t('detail.fields.country'), country(application.education.institution_country)],
                  [t('detail.fields.institutionType'), application.education.institution_type ? t(`institutionType.${application.education.institution_type}`) : null],
                  [t('detail.fields.institutionEmail'), application.education.institution_email],
                  [t('detail.fields.institutionWebsite'), application.education.institution_website],
                  [t('detail.fields.programme'), application.education.program_name],
                  [t('detail.fields.originalTitle'), application.education.original_title],
                  [t('detail.fields.degreeLevel'), application.education.degree_level ? t(`degreeLevel.${application.education.degree_level}`) : null],
                  [t('detail.fields.languageOfInstruction'), application.education.language_of_instruction ? format.languageName(application.education.language_of_instruction) : null],
                  [t('detail.fields.studyMode'), application.education.study_mode ? t(`studyMode.${application.education.study_mode}`) : null],
                  [t('detail.fields.studyPeriod'), studyPeriod(application.education, date, t)],
                  [t('detail.fields.duration'), application.education.duration],
                  [t('detail.fields.graduationDate'), date(application.education.graduation_date)],
                  [t('detail.fields.ects'), application.education.ects_credits === null ? null : format.number(application.education.ects_credits)],
                  [t('detail.fields.gradingScale'), application.education.grading_scale],
                  [t('detail.fields.finalGrade'), application.education.final_grade],
                  [t('detail.fields.purpose'), application.education.purpose_details],
                ]}
              />
            ) : (
              <p>{application.education === undefined ? t('detail.notShownForRole') : t('detail.noEducation')}</p>
            )}
            <AuthenticityPanel applicationId={application.id} />
          </TabPanel>
          <TabPanel id="documents">
            <DocumentsTab
              application={application}
              mayUpload={mayUpload}
              reviewActions={reviewActions}
              onUploaded={() => void detail.refetch()}
              onReview={(action, documents) => setOpen({ action, documents })}
              date={date}
            />
            {mayVerifyAuthenticity(user) ? <ConfirmationRequestsPanel applicationId={application.id} documents={application.documents} mayWrite={!application.archived} /> : null}
          </TabPanel>
          <TabPanel id="timeline">
            <ol className="timeline" aria-label={t('detail.timelineLabel')}>
              {application.timeline.map((entry) => (
                <li key={entry.id}>
                  <strong>{t(`action.${entry.action}`, { defaultValue: entry.action })}</strong>
                  {entry.from_status && entry.to_status ? (
                    <span> — {t('detail.fromTo', { from: t(`status.${entry.from_status}`), to: t(`status.${entry.to_status}`) })}</span>
                  ) : null}
                  <div className="timeline__meta">
                    {dateTime(entry.at)} · {entry.actor?.full_name ?? t('detail.system')}
                  </div>
                  {entry.notes ? <p>{entry.notes}</p> : null}
                </li>
              ))}
            </ol>
          </TabPanel>
          {application.service_type === 1 ? (
            <TabPanel id="expert-reviews">
              <ExpertReviewsPanel applicationId={application.id} />
            </TabPanel>
          ) : null}
          {application.service_type === 1 || application.service_type === 2 ? (
            <TabPanel id="similar-decisions">
              <SimilarDecisionsPanel applicationId={application.id} />
            </TabPanel>
          ) : null}
          {appealable ? (
            <TabPanel id="appeals">
              <AppealsPanel applicationId={application.id} mayRegister={hasPermission(user, 'applications.prepare_decision')} />
            </TabPanel>
          ) : null}
        </Tabs>
      </div>
      {open ? (
        <ActionDialog
          application={application}
          action={open.action}
          targets={statusTargets}
          documents={open.documents}
          onReload={() => detail.refetch()}
          onClose={(done, summary) => {
            setOpen(null);
            if (done) notifySuccess('updated', summary ?? t('detail.done', { action: t(`action.${open.action}`) }));
          }}
        />
      ) : null}
    </>
  );
}

/** What the way to the recognition decision offers now: build it, review it, or read it (services 1 and 2). */
function decisionLinkOf(application: ApplicationDetail): 'build' | 'review' | 'view' | null {
  if (application.service_type !== 1 && application.service_type !== 2) return null;
  const moves = new Set(application.allowed_actions.map((m) => m.action));
  if (moves.has('prepare_decision') || moves.has('grant_recognition') || moves.has('deny_recognition')) return 'build';
  if (moves.has('approve') || moves.has('reject')) return 'review';
  const decided = ['decision_pending', 'approved', 'rejected', 'pre_university_recognition', 'pre_university_non_recognition'];
  return decided.includes(application.status) ? 'view' : null;
}

function Overview({ application, date }: { application: ApplicationDetail; date(value: string | null): string }) {
  const { t } = useTranslation('applications');
  const { money, name } = useFormat();
  const { decision, inspectorate, payment } = application;
  return (
    <>
      <DetailsList
        rows={[
          [t('detail.fields.reference'), application.reference],
          [t('detail.fields.service'), t(`service.${application.service_type}`)],
          [t('detail.fields.status'), <StatusBadge key="status" status={application.status} />],
          [t('detail.fields.submitted'), date(application.submitted_at)],
          [t('detail.fields.council'), application.council ? name(application.council) : null],
          [t('detail.fields.reviewStatus'), application.review_status ? t(`reviewStatus.${application.review_status}`) : null],
          [t('detail.fields.reviewDue'), date(application.review_due_date)],
          [t('detail.fields.councilComments'), application.council_comments],
          [t('detail.fields.academicField'), application.academic_field_category ? t(`field.${application.academic_field_category}`) : null],
          [
            t('detail.fields.decision'),
            decision ? t('detail.decisionText', { outcome: t(`detail.outcome.${decision.outcome}`), by: decision.decided_by?.full_name ?? '—', date: date(decision.decided_at) }) : null,
          ],
          [
            t('detail.fields.inspectorate'),
            inspectorate
              ? t('detail.inspectorateText', { outcome: t(`detail.outcome.${inspectorate.outcome}`), by: inspectorate.verified_by?.full_name ?? '—', date: date(inspectorate.verified_at) })
              : null,
          ],
          [
            t('detail.fields.payment'),
            payment === undefined
              ? t('detail.notShownForRole')
              : payment
                ? t('detail.paymentText', { amount: money(payment.amount), transaction: payment.transaction_id, date: date(payment.paid_at) })
                : null,
          ],
        ]}
      />
      {application.deadlines ? <DeadlineComputation deadlines={application.deadlines} /> : null}
      {application.application_notes.length > 0 ? (
        <>
          <Heading level={3}>{t('detail.fields.applicationNotes')}</Heading>
          <ul>
            {application.application_notes.map((note) => (
              <li key={note.id}>
                {note.text} — {note.author?.full_name ?? '—'}, {date(note.created_at)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
