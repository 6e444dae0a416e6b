import { useTranslation } from 'react-i18next';
import { refundRequest, type PaymentDetail, type RefundRequest } from '../../../shared/api/payments';
import { checkRefusal, refusalOfIssue } from '../../../shared/refusals';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormTextAreaField, FormTextField } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useRefund } from './api';
import { apiAmount, cents } from './payment-amounts';
import { DialogRefusal } from './dialog-refusal';

const FIELDS = ['amount', 'reason'] as const;

interface RefundValues {
  /** As typed: "20", "20.5" or "20,50". */
  amount: string;
  reason: string;
}

/**
 * The refund request, with the server's bounds on the amount that only this payment knows: more
 * than zero, at most what is refundable; each named by the code the server refuses it with.
 */
const refundOf = (refundable: string) =>
  refundRequest.superRefine((request, context) => {
    const amount = cents(request.amount);
    if (amount === 0) context.addIssue({ code: 'custom', path: ['amount'], params: checkRefusal('payment_refund_not_positive'), input: request.amount });
    else if (amount > cents(refundable)) context.addIssue({ code: 'custom', path: ['amount'], params: checkRefusal('payment_refund_too_large'), input: request.amount });
  });

/**
 * A refund of (part of) what was paid, with the reason; at most what is still refundable, said in
 * words before sending. The payment's version goes with it: someone else's refund meanwhile
 * answers 412, and the dialog offers to reload.
 */
export function RefundDialog({ payment, isOpen, onClose, onReload }: { payment: PaymentDetail; isOpen: boolean; onClose(): void; onReload(): void }) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const format = useFormat();
  const refund = useRefund(payment.id, payment.application.id, i18n.resolvedLanguage ?? i18n.language);
  const most = format.money(payment.refundable);
  const form = useSchemaForm<RefundValues, RefundRequest>({
    schema: refundOf(payment.refundable),
    defaultValues: { amount: payment.refundable, reason: '' },
    toRequest: (values) => ({ version: payment.version, amount: apiAmount(values.amount), reason: values.reason }),
    describe: (issue, translate) => {
      if (issue.path[0] !== 'amount') return undefined;
      // Before sending, the dialog can say how much is refundable, which the server's text does not.
      const refusal = issue.code === 'custom' ? refusalOfIssue(issue)?.code : undefined;
      if (refusal === 'payment_refund_not_positive') return translate('payments:refund.amountZero');
      if (refusal === 'payment_refund_too_large') return translate('payments:refund.tooMuch', { amount: most });
      return translate('payments:refund.amountInvalid');
    },
    refusal: refund.error,
  });
  const { control } = form;

  const close = () => {
    refund.reset();
    form.clearErrors();
    onClose();
  };
  // The refusal's field messages are on the fields (the form's `refusal`); the rest is said above the buttons (DialogRefusal).

  const submit = (request: RefundRequest) => refund.mutate(request, { onSuccess: close });

  return (
    <Dialog holdsUnsavedWork isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('refund.title', { reference: payment.application.reference })} isBusy={refund.isPending}>
      <div className="dialog__body">
        <FormTextField control={control} name="amount" label={t('refund.amount')} description={t('refund.amountHint', { amount: most })} inputMode="decimal" />
        <FormTextAreaField control={control} name="reason" label={t('refund.reason')} />
        <DialogRefusal
          error={refund.error}
          shownFields={FIELDS}
          onReload={() => {
            close();
            onReload();
          }}
        />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={refund.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="danger" onPress={() => void form.handleSubmit(submit)()} isPending={refund.isPending}>
          {t('refund.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
