import { useTranslation } from 'react-i18next';
import type { NotificationStatus } from '../../../shared/api/notifications';
import { Icon, type IconName } from '../../components/icon';

const LOOK: Record<NotificationStatus, { icon: IconName; tone: string }> = {
  sent: { icon: 'check', tone: 'success' },
  pending: { icon: 'pending', tone: 'info' },
  failed: { icon: 'close', tone: 'danger' },
};

/** A message's status in words with an icon beside it: never told by colour alone. */
export function NotificationStatusBadge({ status }: { status: NotificationStatus }) {
  const { t } = useTranslation('notifications');
  const look = LOOK[status];
  return (
    <span className={`badge badge--${look.tone}`}>
      <Icon name={look.icon} />{' '}
      {t(`status.${status}`)}
    </span>
  );
}
