import type { TFunction } from 'i18next';
import { PAYMENT_MESSAGES } from '../../../shared/api/payments';
import { isAccessDenied, serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused write in words. The server sends its refusals in the reader's language (the calls name
// it); the field messages stay by their fields, the rest is one sentence for the dialog's alert.
// 412 (someone changed the payment or the application meanwhile) and 409 (its status moved on)
// offer to reload what the screen shows.

export interface PaymentRefusal {
  message: string;
  fieldErrors: Record<string, string[]>;
  offerReload: boolean;
}

// Messages of the payment ledger that reach the page in English where the answering module has no
// translation of them (mark_paid runs in the applications module): translated here by their text.
const KNOWN_MESSAGES: Record<string, string> = {
  [PAYMENT_MESSAGES.transactionTaken]: 'payments:serverMessages.transactionTaken',
  [PAYMENT_MESSAGES.amountDiffers]: 'payments:serverMessages.amountDiffers',
  [PAYMENT_MESSAGES.refundTooLarge]: 'payments:serverMessages.refundTooLarge',
  [PAYMENT_MESSAGES.notPaid]: 'payments:serverMessages.notPaid',
  [PAYMENT_MESSAGES.stale]: 'payments:errors.stale',
};
const known = (message: string, t: TFunction) => (KNOWN_MESSAGES[message] ? t(KNOWN_MESSAGES[message]) : message);

export function describeRefusal(error: unknown, t: TFunction): PaymentRefusal {
  const transport = asTransportError(error);
  const sent = serverText(error, 'detail');
  const detail = sent === undefined ? undefined : known(sent, t);
  if (transport.status === 412) return { message: detail ?? t('payments:errors.stale'), fieldErrors: {}, offerReload: true };
  if (isAccessDenied(error)) return { message: t('payments:errors.forbidden'), fieldErrors: {}, offerReload: false };
  if (transport.status === 409) return { message: detail ?? t('payments:errors.conflict'), fieldErrors: {}, offerReload: true };
  const translated = translateError(error, t);
  const { version, ...fields } = translated.fieldErrors;
  const fieldErrors = Object.fromEntries(Object.entries(fields).map(([field, messages]) => [field, messages.map((message) => known(message, t))]));
  // A version refused as a field is the same story as a 412: what the screen shows is out of date.
  if (version) return { message: t('payments:errors.stale'), fieldErrors, offerReload: true };
  const formMessage = translated.formErrors.map((message) => known(message, t))[0] ?? detail;
  return { message: formMessage ?? translated.message, fieldErrors, offerReload: false };
}
