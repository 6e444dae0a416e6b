import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Heading } from 'react-aria-components';
import { Link, useParams } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/dialog';
import { DetailsList } from '../../components/details-list';
import { DownloadButton } from '../../components/download-button';
import { PageHeader } from '../../components/page-header';
import { PdfPreview } from '../../components/pdf-preview';
import { PdfUpload } from '../../components/pdf-upload';
import { QualificationDetails } from '../../components/qualification-details';
import { Spinner } from '../../components/spinner';
import { FormSelectField, FormTextAreaField } from '../../components/form-fields';
import { notifySuccess } from '../../components/toast';
import { useCountryName } from '../../lib/country-names';
import { isAccessDenied, translateError } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useSchemaForm } from '../../lib/form';
import { asTransportError } from '../../lib/transport-error';
import { EXPERT_RECOMMENDATIONS, reviewSubmit, type ExpertRecommendation, type ExpertReview, type ReviewedDocument, type ReviewSubmit } from '../../../shared/api/experts';
import { useExpertReview, useSaveDraft, useSaved, useSubmitReview } from './api';

/** /expert-reviews/{id}: the application under review, its documents (preview), and the evaluator's form. */
export function ExpertReviewScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['experts', 'nav', 'common', 'errors']);
  const id = Number(useParams().reviewId);
  const review = useExpertReview(id);

  if (review.isPending && review.fetchStatus !== 'idle') return <Spinner label={t('common:loading')} />;
  if (!review.data) {
    const notFound = !review.error || asTransportError(review.error).status === 404;
    const denied = !notFound && isAccessDenied(review.error);
    return (
      <>
        <PageHeader title={t(titleKey, { ns: 'nav' })} />
        <Alert tone="error" title={notFound ? t('review.notFoundTitle') : denied ? t('noAccess') : translateError(review.error, t).message}>
          <p>{notFound ? t('review.notFoundDescription') : denied ? t('common:noAccess.hint') : t('common:couldNotLoad')}</p>
          <Link to="/expert-reviews">{t('review.back')}</Link>
        </Alert>
      </>
    );
  }
  return <ReviewView review={review.data} titleKey={titleKey} onReload={() => review.refetch()} />;
}

function ReviewView({ review, titleKey, onReload }: { review: ExpertReview; titleKey: string; onReload(): Promise<unknown> }) {
  const { t } = useTranslation(['experts', 'nav', 'applications', 'common']);
  const format = useFormat();
  const country = useCountryName();
  const application = review.application;
  const serviceName = application[`service_name_${format.language}`];
  const education = application.education;
  const [generation, setGeneration] = useState(0);

  return (
    <>
      <PageHeader
        title={`${t(titleKey, { ns: 'nav' })}: ${application.reference}`}
        description={review.locked && review.submitted_at ? t('review.submittedOn', { date: format.dateTime(review.submitted_at) }) : t('review.dueOn', { date: format.date(review.due_date) })}
      />
      {review.overdue ? (
        <p className="overdue-marker">
          {t('overdue')}: {format.date(review.due_date)}
        </p>
      ) : null}
      <div className="detail-layout">
        <div>
          <section className="card" aria-labelledby="review-application">
            <Heading level={2} id="review-application" className="card__title">
              {t('review.applicationTitle')}
            </Heading>
            <DetailsList
              rows={[
                [t('fields.reference'), application.reference],
                [t('fields.applicant'), application.applicant_name],
                [t('fields.service'), serviceName],
                [t('fields.applicationStatus'), t(`applications:status.${application.status}`)],
                ...(education
                  ? []
                  : ([
                      [t('fields.institution'), application.institution_name],
                      [t('fields.country'), application.institution_country ? country(application.institution_country) : null],
                    ] as [string, React.ReactNode][])),
                [t('fields.field'), application.academic_field_category ? t(`academicFields.${application.academic_field_category}`) : null],
                [t('fields.commission'), format.name(review.commission_names)],
                [t('fields.requestedBy'), review.requested_by_name],
                [t('fields.requestedAt'), format.date(review.requested_at)],
              ]}
            />
          </section>
          {education ? (
            <section className="card" aria-labelledby="review-qualification">
              <Heading level={2} id="review-qualification" className="card__title">
                {t('applications:qualification.title')}
              </Heading>
              <QualificationDetails qualification={education} />
            </section>
          ) : null}
          <ReviewDocuments documents={review.documents} />
        </div>
        {/* The form keeps what was typed while the review changes under it (a report upload, a
            refetch): only the evaluator's own Reload starts it again from the server's texts. */}
        <ReviewForm key={generation} review={review} onReload={() => void onReload().then(() => setGeneration((value) => value + 1))} />
      </div>
    </>
  );
}

function ReviewDocuments({ documents }: { documents: ReviewedDocument[] }) {
  const { t } = useTranslation(['experts', 'applications']);
  const format = useFormat();
  const [shown, setShown] = useState<ReviewedDocument | null>(null);
  return (
    <section className="card" aria-labelledby="review-documents">
      <Heading level={2} id="review-documents" className="card__title">
        {t('review.documentsTitle')}
      </Heading>
      {documents.length === 0 ? <p>{t('review.noDocuments')}</p> : null}
      <ul className="check-list">
        {documents.map((document) => (
          <li key={document.id}>
            <span>
              {t(`applications:documentType.${document.document_type}`)} — {document.file_name} ({format.fileSize(document.size)})
            </span>{' '}
            {document.has_file ? (
              <Button variant="quiet" onPress={() => setShown(shown?.id === document.id ? null : document)}>
                {shown?.id === document.id ? t('review.hidePreview') : t('review.preview')}
              </Button>
            ) : (
              <span className="badge">{t('review.noFile')}</span>
            )}
          </li>
        ))}
      </ul>
      {shown ? (
        <PdfPreview
          key={shown.id}
          label={t('review.previewLabel', { name: shown.file_name })}
          request={{ source: 'document', document_id: shown.id, file_name: shown.file_name }}
        />
      ) : null}
    </section>
  );
}

interface ReviewValues {
  assessment: string;
  /** '' while none is chosen. */
  recommendation: ExpertRecommendation | '';
  comments: string;
}

function ReviewForm({ review, onReload }: { review: ExpertReview; onReload(): void }) {
  const { t } = useTranslation(['experts', 'common', 'errors']);
  const format = useFormat();
  const [confirming, setConfirming] = useState<ReviewSubmit | null>(null);
  const save = useSaveDraft(review.id);
  const submit = useSubmitReview(review.id);
  const saved = useSaved();
  const error = save.error ?? submit.error;
  const stale = !!error && asTransportError(error).status === 412;
  const fields = error ? translateError(error, t).fieldErrors : {};
  const general = error && !stale && Object.keys(fields).length === 0 ? translateError(error, t).message : null;
  const edited = () => {
    if (save.error) save.reset();
    if (submit.error) submit.reset();
  };
  // Submitting checks the texts with the server's submit schema; a draft may be incomplete. The
  // version is the review's latest (an attached report makes a new one), read when sending.
  const form = useSchemaForm<ReviewValues, ReviewSubmit>({
    schema: reviewSubmit,
    defaultValues: { assessment: review.assessment, recommendation: review.recommendation ?? '', comments: review.comments },
    toRequest: (values) => ({ version: review.version, assessment: values.assessment, recommendation: values.recommendation === '' ? undefined : values.recommendation, comments: values.comments }),
    refusal: error,
    onEdited: edited,
  });
  const { control } = form;

  if (review.locked) {
    return (
      <section className="card" aria-labelledby="review-form">
        <Heading level={2} id="review-form" className="card__title">
          {t('review.formTitle')}
        </Heading>
        <Alert tone="info">{review.submitted_at ? t('review.submittedOn', { date: format.dateTime(review.submitted_at) }) : t('review.lockedHint')}</Alert>
        <DetailsList
          rows={[
            [t('fields.recommendation'), review.recommendation ? t(`recommendations.${review.recommendation}`) : null],
            [t('fields.assessment'), <span style={{ whiteSpace: 'pre-wrap' }}>{review.assessment}</span>],
            [t('fields.comments'), review.comments],
            [t('fields.report'), <ReviewReport review={review} />],
          ]}
        />
      </section>
    );
  }

  const saveDraft = () => {
    const values = form.getValues();
    save.mutate(
      { version: review.version, assessment: values.assessment, recommendation: values.recommendation === '' ? null : values.recommendation, comments: values.comments },
      { onSuccess: () => notifySuccess('saved', t('review.draftSaved')) },
    );
  };

  return (
    <section className="card" aria-labelledby="review-form">
      <Heading level={2} id="review-form" className="card__title">
        {t('review.formTitle')}
      </Heading>
      <Form className="form" validationBehavior="aria" onSubmit={(event) => void form.handleSubmit((request) => setConfirming(request))(event)}>
        {stale ? (
          <Alert tone="warning" title={t('errors:precondition_failed')}>
            <p>{t('review.stale')}</p>
            <Button
              onPress={() => {
                edited();
                onReload();
              }}
            >
              {t('review.reload')}
            </Button>
          </Alert>
        ) : null}
        {general ? <Alert tone="error">{general}</Alert> : null}
        <FormTextAreaField control={control} name="assessment" label={t('fields.assessment')} rows={8} />
        <FormSelectField
          control={control}
          name="recommendation"
          label={t('fields.recommendation')}
          emptyLabel={t('review.chooseRecommendation')}
          options={EXPERT_RECOMMENDATIONS.map((value) => ({ value, label: t(`recommendations.${value}`) }))}
        />
        <FormTextAreaField control={control} name="comments" label={t('fields.comments')} rows={4} />
        <ReviewReport review={review} />
        <PdfUpload label={review.report ? t('review.replaceReport') : t('review.attachReport')} target={{ type: 'expert_review_report', review_id: review.id, version: review.version }} onReviewReportUploaded={saved} />
        <div className="form-actions">
          <Button isPending={save.isPending} onPress={saveDraft}>
            {t('review.saveDraft')}
          </Button>
          <Button type="submit" variant="primary">
            {t('review.submit')}
          </Button>
        </div>
      </Form>
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t('review.confirmTitle')}
        message={t('review.confirmMessage')}
        confirmLabel={t('review.confirm')}
        isPending={submit.isPending}
        onConfirm={() =>
          confirming &&
          submit.mutate(
            { ...confirming, version: review.version },
            {
              onSuccess: () => notifySuccess('sent', t('review.submitted')),
              onSettled: () => setConfirming(null),
            },
          )
        }
      />
    </section>
  );
}

/** The optional PDF report: its name and size, to open or save (the transfer bridge streams it). */
function ReviewReport({ review }: { review: ExpertReview }) {
  const { t } = useTranslation('experts');
  const format = useFormat();
  if (!review.report) return <p>{t('review.noReport')}</p>;
  return (
    <div className="form-actions">
      <span>{t('review.report', { name: review.report.file_name, size: format.fileSize(review.report.size) })}</span>
      <DownloadButton source="expert_review_report" documentId={review.id} fileName={review.report.file_name} action="open" />
      <DownloadButton source="expert_review_report" documentId={review.id} fileName={review.report.file_name} />
    </div>
  );
}
