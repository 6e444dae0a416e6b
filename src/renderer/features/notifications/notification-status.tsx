import { useTranslation } from 'react-i18next';
import type { NotificationStatus } from '../../../shared/api/notifications';

const LOOK: Record<NotificationStatus, { icon: string; tone: string }> = {
  sent: { icon: '✓', tone: 'success' },
  pending: { icon: '◷', tone: 'info' },
  failed: { icon: '✕', tone: 'danger' },
};

/** A message's status in words with an icon beside it: never told by colour alone. */
export function NotificationStatusBadge({ status }: { status: NotificationStatus }) {
  const { t } = useTranslation('notifications');
  const look = LOOK[status];
  return (
    <span className={`badge badge--${look.tone}`}>
      <span aria-hidden="true">{look.icon} </span>
      {t(`status.${status}`)}
    </span>
  );
}
