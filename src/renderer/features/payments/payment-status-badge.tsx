import { useTranslation } from 'react-i18next';
import type { PaymentStatus } from '../../../shared/api/payments';

// A payment's status in words with a mark, coloured by how it stands: never colour alone.

const LOOK: Record<PaymentStatus, { tone: 'success' | 'warning' | 'info' | 'danger'; mark: string }> = {
  pending: { tone: 'warning', mark: '…' },
  paid: { tone: 'success', mark: '✓' },
  partially_refunded: { tone: 'info', mark: '↺' },
  refunded: { tone: 'info', mark: '↩' },
  exempted: { tone: 'success', mark: '○' },
  cancelled: { tone: 'danger', mark: '✕' },
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payments');
  const { tone, mark } = LOOK[status];
  return (
    <span className={`badge badge--${tone}`}>
      <span aria-hidden="true">{mark} </span>
      {t(`status.${status}`)}
    </span>
  );
}
