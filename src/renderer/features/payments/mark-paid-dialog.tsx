import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ACTION_REQUESTS } from '../../../shared/api/applications';
import { PAYMENT_LIMITS, PAYMENT_METHODS, type PaymentDetail, type PaymentMethod } from '../../../shared/api/payments';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { FormSelectField, FormTextAreaField, FormTextField } from '../../components/form-fields';
import { useSchemaForm } from '../../lib/form';
import { useFormat } from '../../lib/format';
import { useMarkPaid } from './api';
import { apiAmount } from './payment-amounts';
import { DialogRefusal } from './dialog-refusal';

const FIELDS = ['amount', 'transaction_id', 'method', 'notes'] as const;

interface MarkPaidValues {
  /** As typed: "40", "40.5" or "40,50". */
  amount: string;
  transaction_id: string;
  method: PaymentMethod;
  notes: string;
}

type MarkPaidRequest = z.output<(typeof ACTION_REQUESTS)['mark_paid']>;

/**
 * Mark paid: the application's mark_paid action with what was paid (the amount due unless told
 * otherwise), the bank's transaction ID and how it was paid, checked by the action's request
 * schema. The server refuses an amount other than the amount due and a transaction ID already
 * recorded; both show by their fields.
 */
export function MarkPaidDialog({ payment, isOpen, onClose, onReload }: { payment: PaymentDetail; isOpen: boolean; onClose(): void; onReload(): void }) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const format = useFormat();
  const markPaid = useMarkPaid(payment.id, payment.application.id, i18n.resolvedLanguage ?? i18n.language);
  const form = useSchemaForm<MarkPaidValues, MarkPaidRequest>({
    schema: ACTION_REQUESTS.mark_paid,
    defaultValues: { amount: payment.amount_due, transaction_id: '', method: 'bank_transfer', notes: '' },
    // A decimal comma as the API's point; notes left empty are not sent.
    toRequest: (values) => ({
      version: payment.application.version,
      amount: apiAmount(values.amount),
      transaction_id: values.transaction_id,
      method: values.method,
      notes: values.notes.trim() === '' ? undefined : values.notes,
    }),
    describe: (issue, translate) => (issue.path[0] === 'amount' ? translate('payments:markPaid.amountInvalid') : undefined),
    refusal: markPaid.error,
  });
  const { control } = form;

  const close = () => {
    markPaid.reset();
    form.clearErrors();
    onClose();
  };
  // The refusal's field messages are on the fields (the form's `refusal`); the rest is said above the buttons (DialogRefusal).

  const submit = (request: MarkPaidRequest) =>
    markPaid.mutate(
      { version: request.version, amount: request.amount, transaction_id: request.transaction_id, method: request.method ?? 'bank_transfer', ...(request.notes ? { notes: request.notes } : {}) },
      { onSuccess: close },
    );

  return (
    <Dialog holdsUnsavedWork isOpen={isOpen} onOpenChange={(open) => !open && close()} title={t('markPaid.title', { reference: payment.application.reference })} isBusy={markPaid.isPending}>
      <div className="dialog__body">
        <p>{t('markPaid.explained', { amount: format.money(payment.amount_due) })}</p>
        <FormTextField control={control} name="amount" label={t('markPaid.amount')} description={t('markPaid.amountHint', { amount: format.money(payment.amount_due) })} inputMode="decimal" />
        <FormTextField control={control} name="transaction_id" label={t('markPaid.transactionId')} maxLength={PAYMENT_LIMITS.transactionId} />
        <FormSelectField control={control} name="method" label={t('markPaid.method')} options={PAYMENT_METHODS.map((option) => ({ value: option, label: t(`method.${option}`) }))} />
        <FormTextAreaField control={control} name="notes" label={t('markPaid.notes')} />
        <DialogRefusal
          error={markPaid.error}
          shownFields={FIELDS}
          onReload={() => {
            close();
            onReload();
          }}
        />
      </div>
      <div className="dialog__actions">
        <Button variant="secondary" onPress={close} isDisabled={markPaid.isPending}>
          {t('common:cancel')}
        </Button>
        <Button variant="primary" onPress={() => void form.handleSubmit(submit)()} isPending={markPaid.isPending}>
          {t('markPaid.submit')}
        </Button>
      </div>
    </Dialog>
  );
}
