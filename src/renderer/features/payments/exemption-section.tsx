import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentDetail } from '../../../shared/api/payments';
import { hasPermission } from '../../../shared/auth/permissions';
import { Button } from '../../components/button';
import { DetailsList } from '../../components/details-list';
import { Dialog } from '../../components/dialog';
import { DownloadButton } from '../../components/download-button';
import { RefusalAlert } from '../../components/refusal-alert';
import { TextAreaField } from '../../components/text-area-field';
import { describeRefusal, unshownFieldMessages } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { useExemptionReview, type ExemptionOutcome } from './api';

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

function ExemptionReviewDialog({ payment, outcome, onClose, onReload }: { payment: PaymentDetail; outcome: ExemptionOutcome; onClose(): void; onReload(): void }) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const review = useExemptionReview(payment.id, payment.application.id, i18n.resolvedLanguage ?? i18n.language);
  const [notes, setNotes] = useState('');
  const [checked, setChecked] = useState(false);
  const rejecting = outcome === 'reject_exemption';
  const refusal = review.error ? describeRefusal(review.error, t, { 403: t('errors.forbidden'), 409: t('errors.conflict'), 412: t('errors.stale') }) : null;
  const serverNotes = refusal?.fieldErrors.notes?.join(' ');
  const notesProblem = rejecting && notes.trim() === '' ? t('exemption.notesRequired') : undefined;
  const close = () => {
    review.reset();
    onClose();
  };

  function submit() {
    setChecked(true);
    if (notesProblem) return;
    review.mutate({ outcome, version: payment.application.version, notes: notes.trim() }, { onSuccess: close });
  }

  return (
    <Dialog holdsUnsavedWork isOpen onOpenChange={(open) => !open && close()} title={t(rejecting ? 'exemption.rejectTitle' : 'exemption.approveTitle', { reference: payment.application.reference })} isBusy={review.isPending}>
      <div className="dialog__body">
        <p>{t(rejecting ? 'exemption.rejectExplained' : 'exemption.approveExplained')}</p>
        <TextAreaField
          label={t(rejecting ? 'exemption.notesRequiredLabel' : 'exemption.notesOptionalLabel')}
          value={notes}
          onChange={setNotes}
          errorMessage={(checked ? notesProblem : undefined) ?? serverNotes}
        />
        {refusal ? (
          <RefusalAlert
            title={t('errors.refused')}
            message={refusal.message}
            details={unshownFieldMessages(refusal.fieldErrors, ['notes'])}
            reload={
              refusal.offerReload
                ? {
                    label: t('errors.reload'),
                    onReload: () => {
                      close();
                      onReload();
                    },
                  }
                : null
            }
          />
        ) : null}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={review.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant={rejecting ? 'danger' : 'primary'} onPress={submit} isPending={review.isPending}>
          {t(rejecting ? 'exemption.reject' : 'exemption.approve')}
        </Button>
      </div>
    </Dialog>
  );
}
