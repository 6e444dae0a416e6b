import type { TFunction } from 'i18next';
import { isAccessDenied, serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused news write in words. 412 (someone saved the article since it was read) offers to
// reload; a cover the server would not take (413 too large, 415 not an image) says why; the
// server's field errors are listed by their field.

export interface NewsRefusal {
  message: string;
  fieldErrors: Record<string, string[]>;
  stale: boolean;
}

export function describeNewsRefusal(error: unknown, t: TFunction): NewsRefusal {
  const transport = asTransportError(error);
  if (transport.status === 412) return { message: t('news:errors.stale'), fieldErrors: {}, stale: true };
  if (transport.status === 413) return { message: serverText(error, 'detail') ?? t('news:errors.coverTooLarge'), fieldErrors: {}, stale: false };
  if (transport.status === 415) return { message: serverText(error, 'detail') ?? t('news:errors.coverType'), fieldErrors: {}, stale: false };
  if (isAccessDenied(error)) return { message: t('news:errors.forbidden'), fieldErrors: {}, stale: false };
  const translated = translateError(error, t);
  if (Object.keys(translated.fieldErrors).some((field) => field === 'version')) return { message: t('news:errors.stale'), fieldErrors: {}, stale: true };
  const message = translated.formErrors[0] ?? serverText(error, 'detail') ?? (Object.keys(translated.fieldErrors).length > 0 ? t('news:errors.fields') : translated.message);
  return { message, fieldErrors: translated.fieldErrors, stale: false };
}
