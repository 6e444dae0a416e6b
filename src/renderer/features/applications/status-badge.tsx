import { useTranslation } from 'react-i18next';
import { CLOSED_STATUSES, WAITING_FOR_APPLICANT_STATUSES, type ApplicationStatus } from '../../../shared/domain/application-status';

function tone(status: ApplicationStatus): string {
  if (status === 'approved' || status === 'pre_university_recognition' || status === 'verified' || status === 'inspectorate_verified') return 'success';
  if (CLOSED_STATUSES.includes(status) || status === 'suspicious' || status === 'inspectorate_rejected') return 'danger';
  if (WAITING_FOR_APPLICANT_STATUSES.includes(status) || status === 'payment_pending' || status === 'pending') return 'warning';
  return 'info';
}

export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation('applications');
  return <span className={`badge badge--${tone(status)}`}>{t(`status.${status}`)}</span>;
}
