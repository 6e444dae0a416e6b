import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import type { PaymentDetail } from '../../../shared/api/payments';
import { hasPermission } from '../../../shared/auth/permissions';
import { Button } from '../../components/button';
import { DetailsList } from '../../components/details-list';
import { PageHeader } from '../../components/page-header';
import { RecordLoadError, type RecordLoadErrorTexts } from '../../components/record-load-error';
import { Spinner } from '../../components/spinner';
import { useFormat } from '../../lib/format';
import { currentUserAtom } from '../../lib/session';
import { usePaymentDetail } from './api';
import { ExemptionSection } from './exemption-section';
import { MarkPaidDialog } from './mark-paid-dialog';
import { cents } from './payment-amounts';
import { PaymentRefunds } from './payment-refunds';
import { PaymentStatusBadge } from './payment-status-badge';
import { ReceiptButton } from './receipt-button';
import { RefundDialog } from './refund-dialog';
import './payments.css';

const LOAD_ERROR_TEXTS: RecordLoadErrorTexts = { namespace: 'payments', notFoundTitle: 'detail.notFound', notFoundDescription: 'detail.notFoundHint', noAccess: 'detail.noAccess', back: 'detail.back' };

/** /payments/:paymentId: one payment, its refunds and exemption request, and what may be done with it now. */
export function PaymentDetailScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['payments', 'nav', 'common']);
  const raw = Number(useParams().paymentId);
  const id = Number.isInteger(raw) && raw > 0 ? raw : 0;
  const detail = usePaymentDetail(id);

  if (id === 0) return <RecordLoadError titleKey={titleKey} error={null} texts={LOAD_ERROR_TEXTS} listPath="/payments" />;
  if (detail.isPending) return <Spinner label={t('common:loading')} />;
  if (detail.isError) return <RecordLoadError titleKey={titleKey} error={detail.error} texts={LOAD_ERROR_TEXTS} listPath="/payments" />;
  return <PaymentDetails payment={detail.data} onReload={() => void detail.refetch()} refreshing={detail.isFetching} />;
}

type OpenDialog = 'markPaid' | 'refund' | null;

function PaymentDetails({ payment, onReload, refreshing }: { payment: PaymentDetail; onReload(): void; refreshing: boolean }) {
  const { t } = useTranslation(['payments', 'common']);
  const format = useFormat();
  const user = useAtomValue(currentUserAtom);
  const [open, setOpen] = useState<OpenDialog>(null);
  const mayMarkPaid = payment.status === 'pending' && hasPermission(user, 'payments.mark_paid');
  const refundable = (payment.status === 'paid' || payment.status === 'partially_refunded') && cents(payment.refundable) > 0;
  const mayRefund = refundable && hasPermission(user, 'payments.process_refund');
  const hasReceipt = payment.receipt_code !== null && (payment.status === 'paid' || payment.status === 'partially_refunded' || payment.status === 'refunded');
  const person = (who: { full_name: string } | null) => who?.full_name ?? null;
  const statement = payment.statement ? t('detail.statementLine', { file: payment.statement.file_name, line: payment.statement.line_number }) : null;

  // The service in the interface's language (the server names it by the request's Accept-Language, which a GET does not choose).
  return (
    <div aria-busy={refreshing}>
      <PageHeader title={t('detail.title', { reference: payment.application.reference })} description={`${payment.applicant_name} · ${t(`service.${payment.application.service_type}`, { defaultValue: payment.application.service_name })}`} />
      <div className="payment-header">
        <PaymentStatusBadge status={payment.status} />
        <span className="payment-header__amount">
          <span className="visually-hidden">{t('detail.amountDue')}: </span>
          {format.money(payment.amount_due)}
        </span>
        <Link to={`/applications/${payment.application.id}`}>{t('detail.openApplication', { reference: payment.application.reference })}</Link>
      </div>
      <div className="payment-actions">
        {mayMarkPaid ? (
          <Button variant="primary" onPress={() => setOpen('markPaid')}>
            {t('markPaid.open')}
          </Button>
        ) : null}
        {mayRefund ? (
          <Button variant="secondary" onPress={() => setOpen('refund')}>
            {t('refund.open')}
          </Button>
        ) : null}
        {hasReceipt ? <ReceiptButton payment={payment} /> : null}
      </div>
      <section className="payment-section" aria-labelledby="payment-summary">
        <h2 id="payment-summary" className="section-title">
          {t('detail.summary')}
        </h2>
        <DetailsList
          rows={[
            [t('detail.amountDue'), format.money(payment.amount_due)],
            [t('detail.amountPaid'), payment.amount_paid === null ? null : format.money(payment.amount_paid)],
            [t('detail.amountRefunded'), format.money(payment.amount_refunded)],
            [t('detail.currency'), payment.currency],
            [t('detail.transactionId'), payment.transaction_id],
            [t('detail.method'), payment.method ? t(`method.${payment.method}`) : null],
            [t('detail.paidAt'), payment.paid_at ? format.dateTime(payment.paid_at) : null],
            [t('detail.requestedBy'), person(payment.requested_by)],
            [t('detail.requestedAt'), format.dateTime(payment.created_at)],
            [t('detail.recordedBy'), person(payment.recorded_by)],
            [t('detail.statement'), statement],
            [t('detail.receiptCode'), payment.receipt_code],
            [t('detail.application'), <Link key="application" to={`/applications/${payment.application.id}`}>{payment.application.reference}</Link>],
          ]}
        />
      </section>
      <PaymentRefunds refunds={payment.refunds} />
      <ExemptionSection payment={payment} onReload={onReload} />
      {open === 'markPaid' ? <MarkPaidDialog payment={payment} isOpen onClose={() => setOpen(null)} onReload={onReload} /> : null}
      {open === 'refund' ? <RefundDialog payment={payment} isOpen onClose={() => setOpen(null)} onReload={onReload} /> : null}
    </div>
  );
}
