import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_LIMITS, type PaymentDetail } from '../../../shared/api/payments';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { RefusalAlert } from '../../components/refusal-alert';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { describeRefusal, unshownFieldMessages } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useRefund } from './api';
import { apiAmount, cents, MONEY_TEXT } from './payment-amounts';

const FIELDS = ['amount', 'reason'] as const;

/**
 * A refund of (part of) what was paid, with the reason; at most what is still refundable, said in
 * words before sending. The payment's version goes with it: someone else's refund meanwhile
 * answers 412, and the dialog offers to reload.
 */
export function RefundDialog({ payment, isOpen, onClose, onReload }: { payment: PaymentDetail; isOpen: boolean; onClose(): void; onReload(): void }) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const format = useFormat();
  const refund = useRefund(payment.id, payment.application.id, i18n.resolvedLanguage ?? i18n.language);
  const [amount, setAmount] = useState(payment.refundable);
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const most = format.money(payment.refundable);

  const close = () => {
    refund.reset();
    setChecked(false);
    onClose();
  };
  const refusal = refund.error ? describeRefusal(refund.error, t, { 403: t('errors.forbidden'), 409: t('errors.conflict'), 412: t('errors.stale') }) : null;
  const server = (field: string) => refusal?.fieldErrors[field]?.join(' ');
  const text = amount.trim();
  const amountProblem = !MONEY_TEXT.test(text)
    ? t('refund.amountInvalid')
    : cents(text) === 0
      ? t('refund.amountZero')
      : cents(text) > cents(payment.refundable)
        ? t('refund.tooMuch', { amount: most })
        : undefined;
  const reasonProblem = reason.trim() === '' ? t('common:validation.required') : undefined;

  function submit() {
    setChecked(true);
    if (amountProblem || reasonProblem) return;
    refund.mutate({ version: payment.version, amount: apiAmount(text), reason: reason.trim() }, { onSuccess: close });
  }

  return (
    <Dialog holdsUnsavedWork isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('refund.title', { reference: payment.application.reference })} isBusy={refund.isPending}>
      <div className="dialog__body">
        <TextField
          label={t('refund.amount')}
          description={t('refund.amountHint', { amount: most })}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          isRequired
          errorMessage={(checked ? amountProblem : undefined) ?? server('amount')}
        />
        <TextAreaField label={t('refund.reason')} value={reason} onChange={(value) => setReason(value.slice(0, PAYMENT_LIMITS.reason))} errorMessage={(checked ? reasonProblem : undefined) ?? server('reason')} />
        {refusal ? (
          <RefusalAlert
            title={t('errors.refused')}
            message={refusal.message}
            details={unshownFieldMessages(refusal.fieldErrors, FIELDS)}
            reload={
              refusal.offerReload
                ? {
                    label: t('errors.reload'),
                    onReload: () => {
                      close();
                      onReload();
                    },
                  }
                : null
            }
          />
        ) : null}
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={refund.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="danger" onPress={submit} isPending={refund.isPending}>
          {t('refund.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
