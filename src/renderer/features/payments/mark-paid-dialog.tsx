import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_LIMITS, PAYMENT_METHODS, type PaymentDetail, type PaymentMethod } from '../../../shared/api/payments';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { RefusalAlert } from '../../components/refusal-alert';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { describeRefusal, unshownFieldMessages } from '../../lib/error-translator';
import { useFormat } from '../../lib/format';
import { useMarkPaid } from './api';
import { apiAmount, MONEY_TEXT } from './payment-amounts';

const FIELDS = ['amount', 'transaction_id', 'method', 'notes'] as const;

/**
 * Mark paid: the application's mark_paid action with what was paid (the amount due unless told
 * otherwise), the bank's transaction ID and how it was paid. The server refuses an amount other
 * than the amount due and a transaction ID already recorded; both show by their fields.
 */
export function MarkPaidDialog({ payment, isOpen, onClose, onReload }: { payment: PaymentDetail; isOpen: boolean; onClose(): void; onReload(): void }) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const format = useFormat();
  const markPaid = useMarkPaid(payment.id, payment.application.id, i18n.resolvedLanguage ?? i18n.language);
  const [amount, setAmount] = useState(payment.amount_due);
  const [transactionId, setTransactionId] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('bank_transfer');
  const [notes, setNotes] = useState('');
  const [checked, setChecked] = useState(false);

  const close = () => {
    markPaid.reset();
    setChecked(false);
    onClose();
  };
  const refusal = markPaid.error ? describeRefusal(markPaid.error, t, { 403: t('errors.forbidden'), 409: t('errors.conflict'), 412: t('errors.stale') }) : null;
  const server = (field: string) => refusal?.fieldErrors[field]?.join(' ');
  const amountProblem = !MONEY_TEXT.test(amount.trim()) ? t('markPaid.amountInvalid') : undefined;
  const transactionProblem = transactionId.trim() === '' ? t('common:validation.required') : undefined;

  function submit() {
    setChecked(true);
    if (amountProblem || transactionProblem) return;
    markPaid.mutate(
      { version: payment.application.version, amount: apiAmount(amount), transaction_id: transactionId.trim(), method, ...(notes.trim() ? { notes: notes.trim() } : {}) },
      { onSuccess: close },
    );
  }

  return (
    <Dialog holdsUnsavedWork isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('markPaid.title', { reference: payment.application.reference })} isBusy={markPaid.isPending}>
      <div className="dialog__body">
        <p>{t('markPaid.explained', { amount: format.money(payment.amount_due) })}</p>
        <TextField
          label={t('markPaid.amount')}
          description={t('markPaid.amountHint', { amount: format.money(payment.amount_due) })}
          value={amount}
          onChange={setAmount}
          inputMode="decimal"
          isRequired
          errorMessage={(checked ? amountProblem : undefined) ?? server('amount')}
        />
        <TextField
          label={t('markPaid.transactionId')}
          value={transactionId}
          onChange={setTransactionId}
          maxLength={PAYMENT_LIMITS.transactionId}
          isRequired
          errorMessage={(checked ? transactionProblem : undefined) ?? server('transaction_id')}
        />
        <SelectField
          label={t('markPaid.method')}
          value={method}
          options={PAYMENT_METHODS.map((option) => ({ value: option, label: t(`method.${option}`) }))}
          onChange={(value) => setMethod(value as PaymentMethod)}
          errorMessage={server('method')}
        />
        <TextAreaField label={t('markPaid.notes')} value={notes} onChange={setNotes} errorMessage={server('notes')} />
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
        <Button variant="secondary" onPress={close} isDisabled={markPaid.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="primary" onPress={submit} isPending={markPaid.isPending}>
          {t('markPaid.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
