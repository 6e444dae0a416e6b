import type { TFunction } from 'i18next';
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

export function describeRefusal(error: unknown, t: TFunction): PaymentRefusal {
  const transport = asTransportError(error);
  const detail = serverText(error, 'detail');
  if (transport.status === 412) return { message: detail ?? t('payments:errors.stale'), fieldErrors: {}, offerReload: true };
  if (isAccessDenied(error)) return { message: t('payments:errors.forbidden'), fieldErrors: {}, offerReload: false };
  if (transport.status === 409) return { message: detail ?? t('payments:errors.conflict'), fieldErrors: {}, offerReload: true };
  const translated = translateError(error, t);
  const { version, ...fieldErrors } = translated.fieldErrors;
  // A version refused as a field is the same story as a 412: what the screen shows is out of date.
  if (version) return { message: t('payments:errors.stale'), fieldErrors, offerReload: true };
  const formMessage = translated.formErrors[0] ?? detail;
  return { message: formMessage ?? translated.message, fieldErrors, offerReload: false };
}
