import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../../../shared/api/payments';
import { Icon, type IconName } from '../../components/icon';

// A payment's status in words with a mark, coloured by how it stands: never colour alone.

const LOOK: Record<PaymentStatus, { tone: 'success' | 'warning' | 'info' | 'danger'; mark: IconName }> = {
  pending: { tone: 'warning', mark: 'pending' },
  paid: { tone: 'success', mark: 'check' },
  partially_refunded: { tone: 'info', mark: 'refundPart' },
  refunded: { tone: 'info', mark: 'refund' },
  exempted: { tone: 'success', mark: 'circle' },
  cancelled: { tone: 'danger', mark: 'close' },
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payments');
  const { tone, mark } = LOOK[status];
  return (
    <span className={`badge badge--${tone}`}>
      <Icon name={mark} />{' '}
      {t(`status.${status}`)}
    </span>
  );
}
