import { useTranslation } from 'react-i18next';
import type { ApplicationDetail } from '../../../shared/api/applications';
import { DownloadButton } from '../../components/download-button';
import { useApplicationDecisions } from './api';

/** Statuses in which a recognition (services 1 and 2) has its approved decision. */
const DECIDED = new Set(['approved', 'rejected', 'pre_university_recognition', 'pre_university_non_recognition']);

/**
 * The decided recognition's decision PDF, saved as it was stored at approval, beside the way to
 * the decision itself; nothing before the decision is approved or while its PDF is not made yet.
 */
export function DecisionPdfEntry({ application }: { application: ApplicationDetail }) {
  const { t } = useTranslation('applications');
  const recognition = application.service_type === 1 || application.service_type === 2;
  const decisions = useApplicationDecisions(application.id, recognition && DECIDED.has(application.status));
  const decision = decisions.data?.current;
  if (!decision?.pdf || !decision.approved_at) return null;
  return (
    <DownloadButton
      source="decision_pdf"
      documentId={decision.id}
      applicationId={application.id}
      fileName={`recognition-decision-${application.reference}.pdf`}
      sha256={decision.pdf.sha256}
      label={t('detail.decisionPdf')}
    />
  );
}
