import type { TFunction } from 'i18next';
import { isAccessDenied, serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused save in words. The server answers field errors as `values.<field>` (the body's shape)
// in the reader's language; they are shown by their fields. 412 (someone saved the group since it
// was read) offers to reload.

export interface SettingsRefusal {
  message: string;
  /** By the group's field name (`values.` removed). */
  fieldErrors: Record<string, string[]>;
  offerReload: boolean;
}

export function describeSettingsRefusal(error: unknown, t: TFunction): SettingsRefusal {
  const transport = asTransportError(error);
  if (transport.status === 412) return { message: serverText(error, 'detail') ?? t('settings:errors.stale'), fieldErrors: {}, offerReload: true };
  if (isAccessDenied(error)) return { message: t('settings:errors.forbidden'), fieldErrors: {}, offerReload: false };
  const translated = translateError(error, t);
  const fieldErrors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(translated.fieldErrors)) {
    if (field === 'version') return { message: t('settings:errors.stale'), fieldErrors: {}, offerReload: true };
    fieldErrors[field.replace(/^values\./, '')] = messages;
  }
  return { message: translated.formErrors[0] ?? (Object.keys(fieldErrors).length > 0 ? t('settings:errors.fields') : translated.message), fieldErrors, offerReload: false };
}
