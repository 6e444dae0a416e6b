import { useTranslation } from 'react-i18next';
import type { PaymentTotals } from '../../../shared/api/payments';
import { useFormat } from '../../lib/format';

/** What everything the filter matches adds up to (not only the page shown). */
export function PaymentTotalsStrip({ totals }: { totals: PaymentTotals }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const figures: [string, string][] = [
    [t('totals.amountDue'), format.money(totals.amount_due)],
    [t('totals.amountPaid'), format.money(totals.amount_paid)],
    [t('totals.amountRefunded'), format.money(totals.amount_refunded)],
  ];
  return (
    <section className="payment-totals" aria-label={t('totals.label')}>
      <p className="payment-totals__count" aria-live="polite">
        {t('totals.count', { count: totals.count })}
      </p>
      <dl className="payment-totals__figures">
        {figures.map(([label, value]) => (
          <div key={label} className="payment-totals__figure">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
