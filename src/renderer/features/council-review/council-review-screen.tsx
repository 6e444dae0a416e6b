import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { ApplicationDocument } from '../../../shared/api/applications';
import type { CouncilApplicationReview, ExpertReviewSummary } from '../../../shared/api/council-review';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataColumn } from '../../components/data-table';
import { DetailsList } from '../../components/details-list';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PdfPreview } from '../../components/pdf-preview';
import { QualificationDetails } from '../../components/qualification-details';
import { RefusalAlert } from '../../components/refusal-alert';
import { Spinner } from '../../components/spinner';
import { TextAreaField } from '../../components/text-area-field';
import { notifySuccess } from '../../components/toast';
import { describeRefusal, isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { asTransportError } from '../../lib/transport-error';
import { useCouncilAction, useCouncilReview, useDeclareConflict } from './api';
import { DecisionForm } from './decision-form';
import { OverdueMarker } from './overdue-marker';
import { councilStepWords } from './refusal-words';
import './council-review.css';

/**
 * One application as its council reviews it (route /councils/applications/:id): the summary, the
 * qualification under review, the expert reviews, the conflicts of interest and the quorum, and the
 * review form (start the review, then record the decision with who took part), with the documents
 * and their preview beside it.
 */
export function CouncilApplicationReviewScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['council-review', 'applications', 'nav', 'common']);
  const id = Number(useParams().id);
  const review = useCouncilReview(id);
  const title = t(`nav:${titleKey}`);

  if (review.isPending) {
    return (
      <>
        <PageHeader title={title} />
        <Spinner label={t('common:loading')} />
      </>
    );
  }
  if (review.isError) {
    const notFound = asTransportError(review.error).status === 404;
    return (
      <>
        <PageHeader title={title} />
        <Alert tone="error" title={notFound ? t('review.notFound') : isAccessDenied(review.error) ? t('review.noAccess') : translateError(review.error, t).message}>
          <Link to="/councils/dashboard">{t('review.back')}</Link>
        </Alert>
      </>
    );
  }
  return <ReviewContent title={title} review={review.data} onReload={() => void review.refetch()} />;
}

function ReviewContent({ title, review, onReload }: { title: string; review: CouncilApplicationReview; onReload(): void }) {
  const { t } = useTranslation(['council-review', 'applications', 'common']);
  const format = useFormat();
  const { application, council, participation } = review;
  const open = application.review_status === 'pending_review' || application.review_status === 'in_review';

  return (
    <>
      <PageHeader
        title={title}
        description={t('review.description', { reference: application.reference, applicant: application.applicant_name })}
        actions={<Link to={`/applications/${application.id}`}>{t('review.openApplication')}</Link>}
      />
      <div className="council-review council-review--split">
        <div className="council-review__main">
          <section aria-labelledby="review-qualification-title">
            <h2 id="review-qualification-title">{t('applications:qualification.title')}</h2>
            {review.qualification ? <QualificationDetails qualification={review.qualification} /> : <p>{t('applications:qualification.none')}</p>}
          </section>

          <section aria-labelledby="review-summary-title">
            <h2 id="review-summary-title">{t('review.summaryTitle')}</h2>
            <DetailsList
              rows={[
                [t('review.fields.reference'), application.reference],
                [t('review.fields.service'), format.name(application.service)],
                [t('review.fields.applicant'), application.applicant_name],
                [t('review.fields.field'), application.academic_field_category ? t(`applications:field.${application.academic_field_category}`) : null],
                [t('review.fields.status'), t(`applications:status.${application.status}`)],
                [t('review.fields.reviewStatus'), application.review_status ? t(`applications:reviewStatus.${application.review_status}`) : null],
                [
                  t('review.fields.due'),
                  application.review_due_date ? (
                    <>
                      {format.date(application.review_due_date)}
                      {application.overdue ? <OverdueMarker /> : null}
                    </>
                  ) : null,
                ],
                [t('review.fields.council'), council ? format.name(council) : t('review.noCouncil')],
                [t('review.fields.outcome'), application.council_outcome ? t(`outcome.${application.council_outcome}`) : null],
                [t('review.fields.comments'), application.council_comments],
                [t('review.fields.reviewNotes'), application.review_notes],
              ]}
            />
          </section>

          <ExpertReviewsSection applicationId={application.id} reviews={review.expert_reviews} />
          <ConflictsSection review={review} open={open} />

          <section aria-labelledby="review-form-title">
            <h2 id="review-form-title">{t('review.formTitle')}</h2>
            {council ? <QuorumStatus review={review} /> : null}
            {!participation.may_decide && participation.refusal ? (
              <Alert tone="info" title={t(`review.cannotDecide.${participation.refusal}`)} />
            ) : null}
            {open && review.missing_documents.length > 0 ? <MissingDocuments review={review} /> : null}
            <ReviewActions review={review} onReload={onReload} />
          </section>

          <DecisionsSection review={review} />
        </div>
        {/* The file beside the form: the member reads a document while deciding, without losing the form. */}
        <DocumentsSection documents={review.documents} />
      </div>
    </>
  );
}

/** Said before a member tries: the server refuses the decision while any of these is missing. */
function MissingDocuments({ review }: { review: CouncilApplicationReview }) {
  const { t } = useTranslation(['council-review', 'applications']);
  return (
    <Alert tone="warning" title={t('review.missingDocuments.title')}>
      <p>{t('review.missingDocuments.text')}</p>
      <ul>
        {review.missing_documents.map((type) => (
          <li key={type}>{t(`applications:documentType.${type}`, { defaultValue: type })}</li>
        ))}
      </ul>
      <Link to={`/applications/${review.application.id}`}>{t('review.missingDocuments.open')}</Link>
    </Alert>
  );
}

function DocumentsSection({ documents }: { documents: readonly ApplicationDocument[] }) {
  const { t } = useTranslation(['council-review', 'applications']);
  const format = useFormat();
  const [previewed, setPreviewed] = useState<number | null>(null);
  const shown = documents.find((document) => document.id === previewed && document.has_file) ?? null;
  const columns: DataColumn<ApplicationDocument>[] = [
    // Beside the form the column is narrow: what a document is comes first, its file name when there is room.
    { id: 'type', kind: 'text', title: t('review.documents.type'), isRowHeader: true, text: (row) => t(`applications:documentType.${row.document_type}`, { defaultValue: row.document_type }) },
    { id: 'name', kind: 'text', title: t('review.documents.name'), text: (row) => row.file_name, hideBelow: 560 },
    { id: 'status', kind: 'status', title: t('review.documents.status'), text: (row) => t(`applications:documentStatus.${row.status}`, { defaultValue: row.status }), hideBelow: 900 },
    { id: 'size', kind: 'number', title: t('review.documents.size'), text: (row) => format.fileSize(row.size), hideBelow: 1000 },
    {
      id: 'preview',
      kind: 'actions',
      title: t('review.documents.preview'),
      wraps: true,
      render: (row) =>
        row.has_file ? (
          <Button
            variant="quiet"
            aria-pressed={previewed === row.id}
            aria-label={`${t(previewed === row.id ? 'review.documents.hide' : 'review.documents.show')}: ${row.file_name}`}
            onPress={() => setPreviewed(previewed === row.id ? null : row.id)}
          >
            {t(previewed === row.id ? 'review.documents.hide' : 'review.documents.show')}
          </Button>
        ) : (
          t('review.documents.noFile')
        ),
    },
  ];
  return (
    <section aria-labelledby="review-documents-title" className="council-review__documents">
      <h2 id="review-documents-title">{t('review.documents.title')}</h2>
      {documents.length === 0 ? (
        <p>{t('review.documents.none')}</p>
      ) : (
        <DataTable label={t('review.documents.title')} columns={columns} rows={documents} rowKey={(row) => row.id} />
      )}
      {shown ? (
        <PdfPreview
          key={shown.id}
          request={{ source: 'document', document_id: shown.id, file_name: shown.file_name, sha256: shown.sha256 }}
          label={t('review.documents.previewOf', { name: shown.file_name })}
        />
      ) : null}
    </section>
  );
}

function ExpertReviewsSection({ applicationId, reviews }: { applicationId: number; reviews: readonly ExpertReviewSummary[] }) {
  const { t } = useTranslation('council-review');
  const format = useFormat();
  return (
    <section aria-labelledby="review-experts-title">
      <h2 id="review-experts-title">{t('review.experts.title')}</h2>
      {reviews.length === 0 ? <p>{t('review.experts.none')}</p> : null}
      {reviews.map((expert) => (
        <article key={expert.id} className="council-card council-review__locked" aria-label={t('review.experts.byLabel', { reviewer: expert.reviewer, commission: format.name(expert.commission) })}>
          <h3>{t('review.experts.heading', { commission: format.name(expert.commission), reviewer: expert.reviewer })}</h3>
          {expert.status === 'submitted' ? (
            <DetailsList
              rows={[
                [t('review.experts.status'), t('review.experts.submitted', { date: format.dateTime(expert.submitted_at) })],
                [t('review.experts.recommendation'), expert.recommendation ? t(`recommendation.${expert.recommendation}`) : null],
                [t('review.experts.assessment'), expert.assessment],
                [t('review.experts.comments'), expert.comments],
                [t('review.experts.report'), expert.report_present ? t('review.experts.reportAttached') : t('review.experts.noReport')],
              ]}
            />
          ) : (
            <p>{t('review.experts.pending', { date: format.date(expert.due_date) })}</p>
          )}
        </article>
      ))}
      <p>
        <Link to={`/applications/${applicationId}`}>{t('review.experts.request')}</Link>
      </p>
    </section>
  );
}

function ConflictsSection({ review, open }: { review: CouncilApplicationReview; open: boolean }) {
  const { t } = useTranslation('council-review');
  const format = useFormat();
  const [declaring, setDeclaring] = useState(false);
  const mayDeclare = open && review.participation.member && !review.participation.conflict_declared;
  return (
    <section aria-labelledby="review-conflicts-title">
      <h2 id="review-conflicts-title">{t('review.conflicts.title')}</h2>
      {review.conflicts.length === 0 ? (
        <p>{t('review.conflicts.none')}</p>
      ) : (
        <ul className="council-card__list">
          {review.conflicts.map((conflict) => (
            <li key={conflict.member.id}>
              <strong>{conflict.member.full_name}</strong> · {format.dateTime(conflict.declared_at)}
              <br />
              {conflict.reason}
            </li>
          ))}
        </ul>
      )}
      {mayDeclare ? (
        <p>
          <Button onPress={() => setDeclaring(true)}>{t('review.conflicts.declare')}</Button>
        </p>
      ) : null}
      {declaring ? <ConflictDialog applicationId={review.application.id} onClose={() => setDeclaring(false)} /> : null}
    </section>
  );
}

function ConflictDialog({ applicationId, onClose }: { applicationId: number; onClose(): void }) {
  const { t } = useTranslation('council-review');
  const declare = useDeclareConflict(applicationId);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const refusal = declare.error ? describeRefusal(declare.error, t, councilStepWords(t)) : null;
  const submit = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    declare.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          notifySuccess('saved', t('review.conflicts.declared'));
          onClose();
        },
      },
    );
  };
  return (
    <Dialog isOpen onOpenChange={(isOpen) => (isOpen ? undefined : onClose())} title={t('review.conflicts.dialogTitle')} isBusy={declare.isPending}>
      <p>{t('review.conflicts.dialogText')}</p>
      {refusal && !refusal.fieldErrors.reason ? <RefusalAlert message={refusal.message} /> : null}
      <TextAreaField
        label={t('review.conflicts.reason')}
        value={reason}
        onChange={setReason}
        errorMessage={missing ? t('fieldMessages.reasonRequired') : refusal?.fieldErrors.reason?.[0]}
      />
      <div className="dialog__actions">
        <Button onPress={onClose} isDisabled={declare.isPending}>
          {t('review.cancel')}
        </Button>
        <Button variant="primary" onPress={submit} isPending={declare.isPending}>
          {t('review.conflicts.submit')}
        </Button>
      </div>
    </Dialog>
  );
}

function QuorumStatus({ review }: { review: CouncilApplicationReview }) {
  const { t } = useTranslation('council-review');
  const council = review.council!;
  const available = council.members.filter((member) => !member.conflict).length;
  const met = available >= council.quorum;
  return (
    <p className="council-review__quorum">
      {t('review.quorum.status', { count: council.members.length, available, quorum: council.quorum })}{' '}
      <strong>{met ? t('review.quorum.reachable') : t('review.quorum.unreachable')}</strong>
    </p>
  );
}

function ReviewActions({ review, onReload }: { review: CouncilApplicationReview; onReload(): void }) {
  const { t } = useTranslation('council-review');
  const run = useCouncilAction(review.application.id);
  const actions = new Set(review.application.allowed_actions.map((move) => move.action));
  const refusal = run.error ? describeRefusal(run.error, t, councilStepWords(t)) : null;
  if (actions.has('start_council_review')) {
    return (
      <div>
        <p>{t('review.startText')}</p>
        {refusal ? <RefusalAlert message={refusal.message} reload={refusal.offerReload ? { label: t('review.reload'), onReload } : null} /> : null}
        <Button
          variant="primary"
          isPending={run.isPending}
          onPress={() => run.mutate({ action: 'start_council_review', body: { version: review.application.version } }, { onSuccess: () => notifySuccess('updated', t('review.started')) })}
        >
          {t('review.start')}
        </Button>
      </div>
    );
  }
  if (actions.has('record_council_decision')) return <DecisionForm review={review} onReload={onReload} />;
  if (review.participation.may_decide && review.application.review_status !== 'completed') return <p>{t('review.nothingToDo')}</p>;
  return null;
}

function DecisionsSection({ review }: { review: CouncilApplicationReview }) {
  const { t } = useTranslation('council-review');
  const format = useFormat();
  return (
    <section aria-labelledby="review-decisions-title">
      <h2 id="review-decisions-title">{t('review.decisions.title')}</h2>
      {review.decisions.length === 0 ? (
        <EmptyState title={t('review.decisions.none')} />
      ) : (
        review.decisions.map((decision) => (
          <article key={decision.id} className="council-card" aria-label={t('review.decisions.label', { date: format.dateTime(decision.recorded_at) })}>
            <DetailsList
              rows={[
                [t('review.decisions.outcome'), t(`outcome.${decision.outcome}`)],
                [t('review.decisions.comments'), decision.comments],
                [t('review.decisions.reviewNotes'), decision.review_notes],
                [t('review.decisions.participants'), decision.participants.map((person) => person.full_name).join(', ')],
                [t('review.decisions.meeting'), decision.meeting ? `${format.dateTime(decision.meeting.scheduled_at)} · ${decision.meeting.place}` : null],
                [t('review.decisions.recordedBy'), decision.recorded_by?.full_name],
                [t('review.decisions.recordedAt'), format.dateTime(decision.recorded_at)],
              ]}
            />
          </article>
        ))
      )}
    </section>
  );
}
