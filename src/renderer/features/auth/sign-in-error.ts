import type { TFunction } from 'i18next';
import { serverText } from '../../lib/error-translator';

/** Spec §8: the server's message, else its detail, else 'Login failed' (429 included). */
export function signInErrorMessage(error: unknown, t: TFunction): string {
  return serverText(error, 'message') ?? serverText(error, 'detail') ?? t('auth:errors.loginFailed');
}

/** Spec §8: two-factor failures show the server's `error` field, else the step's fallback. */
export function twoFactorErrorMessage(error: unknown, fallback: string): string {
  return serverText(error, 'error') ?? fallback;
}
