import { useTranslation } from 'react-i18next';
import type { RecognitionDecision } from '../../../shared/api/recognition-decisions';
import { DownloadButton } from '../../components/download-button';

/**
 * The decision PDF as stored when the decision was approved: open it in the PDF viewer or save it.
 * Nothing while the decision waits for approval; a demo decision whose PDF the server has not made
 * yet says so.
 */
export function DecisionPdfDownload({ decision, reference }: { decision: RecognitionDecision; reference: string }) {
  const { t } = useTranslation('decisions');
  if (!decision.approved_at) return null;
  if (!decision.pdf) return <p className="decision-pdf__pending">{t('pdf.pending')}</p>;
  const file = { source: 'decision_pdf' as const, documentId: decision.id, applicationId: decision.application_id, fileName: `recognition-decision-${reference}.pdf`, sha256: decision.pdf.sha256 };
  return (
    <div className="action-list decision-pdf" role="group" aria-label={t('pdf.group')}>
      <DownloadButton {...file} action="open" label={t('pdf.open')} variant="secondary" />
      <DownloadButton {...file} label={t('pdf.save')} variant="quiet" />
    </div>
  );
}
