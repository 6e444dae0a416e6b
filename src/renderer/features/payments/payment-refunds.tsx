import { useTranslation } from 'react-i18next';
import type { PaymentRefund } from '../../../shared/api/payments';
import { DataTable, type DataColumn } from '../../components/data-table';
import { useFormat } from '../../lib/format';

/** The refunds made of a payment, oldest first as the server lists them. */
export function PaymentRefunds({ refunds }: { refunds: readonly PaymentRefund[] }) {
  const { t } = useTranslation('payments');
  const format = useFormat();
  const columns: DataColumn<PaymentRefund>[] = [
    { id: 'date', kind: 'date', title: t('refunds.date'), isRowHeader: true, width: '10rem', render: (row) => format.dateTime(row.created_at) },
    { id: 'amount', kind: 'amount', title: t('refunds.amount'), width: '8rem', render: (row) => format.money(row.amount) },
    { id: 'reason', kind: 'text', title: t('refunds.reason'), wraps: true, render: (row) => row.reason },
    { id: 'by', kind: 'text', title: t('refunds.by'), width: '12rem', render: (row) => row.refunded_by?.full_name ?? '—' },
  ];
  return (
    <section className="payment-section" aria-labelledby="payment-refunds">
      <h2 id="payment-refunds" className="section-title">
        {t('refunds.title')}
      </h2>
      {refunds.length === 0 ? <p>{t('refunds.none')}</p> : <DataTable label={t('refunds.title')} columns={columns} rows={refunds} rowKey={(row) => row.id} />}
    </section>
  );
}
