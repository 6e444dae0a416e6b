import type { TFunction } from 'i18next';
import { ERROR_CODES } from '../../../shared/errors';
import { serverText } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

/** Spec §8: the server's message, else its detail, else 'Login failed' (429 included). */
export function signInErrorMessage(error: unknown, t: TFunction): string {
  // The server words this one in English only; it is said in the reader's language.
  if (asTransportError(error).code === ERROR_CODES.temporaryPasswordExpired) return t('errors:temporary_password_expired');
  return serverText(error, 'message') ?? serverText(error, 'detail') ?? t('auth:errors.loginFailed');
}

/** Spec §8: two-factor failures show the server's `error` field, else the step's fallback. */
export function twoFactorErrorMessage(error: unknown, fallback: string): string {
  return serverText(error, 'error') ?? fallback;
}
