import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ACTION_REQUESTS } from '../../../shared/api/applications';
import type { PaymentDetail } from '../../../shared/api/payments';
import { hasPermission } from '../../../shared/auth/permissions';
import { Button } from '../../components/button';
import { DetailsList } from '../../components/details-list';
import { Dialog } from '../../components/dialog';
import { DownloadButton } from '../../components/download-button';
import { FormTextAreaField } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { useExemptionReview, type ExemptionOutcome } from './api';
import { DialogRefusal } from './dialog-refusal';

/**
 * The applicant's request to be exempted from the fee: the reason, the proof documents (opened as
 * the application screen opens its documents), the review once made, and, while the application
 * waits for it, approve or reject for those who review exemptions.
 */
export function ExemptionSection({ payment, onReload }: { payment: PaymentDetail; onReload(): void }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const [reviewing, setReviewing] = useState<ExemptionOutcome | null>(null);
  const exemption = payment.exemption;
  if (!exemption) return null;
  const mayReview = exemption.awaiting_review && hasPermission(user, 'payments.review_exemption');
  const review = exemption.review;

  return (
    <section className="payment-section" aria-labelledby="payment-exemption">
      <h2 id="payment-exemption" className="section-title">
        {t('exemption.title')}
      </h2>
      {exemption.awaiting_review ? <p>{t('exemption.awaiting')}</p> : null}
      <DetailsList rows={[[t('exemption.reason'), exemption.reason]]} />
      <h3 className="section-title">{t('exemption.proofs')}</h3>
      {exemption.proof_documents.length === 0 ? (
        <p>{t('exemption.noProofs')}</p>
      ) : (
        <ul className="payment-proofs">
          {exemption.proof_documents.map((document) => (
            <li key={document.id} className="payment-proofs__item">
              <span>{document.file_name}</span>
              <DownloadButton documentId={document.id} fileName={document.file_name} action="open" label={t('exemption.openProof', { name: document.file_name })} variant="quiet" />
            </li>
          ))}
        </ul>
      )}
      <h3 className="section-title">{t('exemption.review')}</h3>
      {review ? (
        <DetailsList
          rows={[
            [t('exemption.outcome'), t(`exemption.outcomes.${review.outcome}`)],
            [t('exemption.notes'), review.notes],
            [t('exemption.reviewedBy'), review.reviewed_by?.full_name],
            [t('exemption.reviewedAt'), format.dateTime(review.reviewed_at)],
          ]}
        />
      ) : (
        <p>{t('exemption.notReviewed')}</p>
      )}
      {mayReview ? (
        <div className="payment-actions">
          <Button variant="primary" onPress={() => setReviewing('approve_exemption')}>
            {t('exemption.approve')}
          </Button>
          <Button variant="danger" onPress={() => setReviewing('reject_exemption')}>
            {t('exemption.reject')}
          </Button>
        </div>
      ) : null}
      {reviewing ? <ExemptionReviewDialog payment={payment} outcome={reviewing} onClose={() => setReviewing(null)} onReload={onReload} /> : null}
    </section>
  );
}

interface ReviewValues {
  notes: string;
}

/** The review's request: the workflow action's, with notes required to reject (the workflow's rule). */
const reviewRequest = (outcome: ExemptionOutcome) => {
  const action = ACTION_REQUESTS[outcome];
  return outcome === 'reject_exemption' ? action.extend({ notes: action.shape.notes.unwrap().min(1) }) : action;
};
type ReviewRequest = z.output<(typeof ACTION_REQUESTS)['approve_exemption']>;
const REVIEW_FIELDS = ['notes'] as const;

function ExemptionReviewDialog({ payment, outcome, onClose, onReload }: { payment: PaymentDetail; outcome: ExemptionOutcome; onClose(): void; onReload(): void }) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const review = useExemptionReview(payment.id, payment.application.id, i18n.resolvedLanguage ?? i18n.language);
  const rejecting = outcome === 'reject_exemption';
  const form = useSchemaForm<ReviewValues, ReviewRequest>({
    schema: reviewRequest(outcome),
    defaultValues: { notes: '' },
    toRequest: (values) => ({ version: payment.application.version, notes: values.notes }),
    // Missing notes in the workflow's words, the ones the server answers with.
    describe: (issue, translate) => (issue.path[0] === 'notes' && issue.code === 'too_small' ? translate('payments:exemption.notesRequired') : undefined),
    refusal: review.error,
  });
  // The refusal's field messages are on the fields (the form's `refusal`); the rest is said above the buttons (DialogRefusal).
  const close = () => {
    review.reset();
    onClose();
  };

  const submit = (request: ReviewRequest) => review.mutate({ outcome, version: request.version, notes: request.notes ?? '' }, { onSuccess: close });

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && close()} title={t(rejecting ? 'exemption.rejectTitle' : 'exemption.approveTitle', { reference: payment.application.reference })} isBusy={review.isPending}>
      <div className="dialog__body">
        <p>{t(rejecting ? 'exemption.rejectExplained' : 'exemption.approveExplained')}</p>
        <FormTextAreaField control={form.control} name="notes" label={t(rejecting ? 'exemption.notesRequiredLabel' : 'exemption.notesOptionalLabel')} />
        <DialogRefusal
          error={review.error}
          shownFields={REVIEW_FIELDS}
          onReload={() => {
            close();
            onReload();
          }}
        />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={review.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant={rejecting ? 'danger' : 'primary'} onPress={() => void form.handleSubmit(submit)()} isPending={review.isPending}>
          {t(rejecting ? 'exemption.reject' : 'exemption.approve')}
        </Button>
      </div>
    </Dialog>
  );
}
