import { HTTP_STATUS } from '../../../shared/api/drf';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode } from '../../../shared/errors';
import { ApiError } from '../../errors';

// The sign-in screens read `message` (login) or `error` (two-factor) before `detail`, so these
// answers carry the same text under those names too.

function signInError(status: number, code: ErrorCode, message: string = ERROR_MESSAGES[code]): ApiError {
  return new ApiError(status, code, message, { extra: { message } });
}

export const invalidCredentials = () => signInError(HTTP_STATUS.unauthorized, ERROR_CODES.invalidCredentials);
export const accountDisabled = () => signInError(HTTP_STATUS.unauthorized, ERROR_CODES.accountInactive);
/** Only after the right (temporary) password: someone without it hears 'Invalid credentials'. */
export const temporaryPasswordExpired = () => signInError(HTTP_STATUS.unauthorized, ERROR_CODES.temporaryPasswordExpired);
/** A refresh refused because the session ran out of time (idle or absolute): sign in again. */
export const sessionTimedOut = () => new ApiError(HTTP_STATUS.unauthorized, ERROR_CODES.sessionExpired);
export const backOfficeDenied = () => signInError(HTTP_STATUS.forbidden, ERROR_CODES.permissionDenied);
export const signInThrottled = (retryAfterSeconds: number) =>
  new ApiError(HTTP_STATUS.tooManyRequests, ERROR_CODES.throttled, undefined, {
    extra: { message: ERROR_MESSAGES.throttled, retry_after: retryAfterSeconds },
    headers: { 'retry-after': String(retryAfterSeconds) },
  });

export const TWO_FACTOR_MESSAGES = {
  invalidCode: ERROR_MESSAGES.two_factor_invalid,
  noPendingSignIn: 'This sign-in has expired. Please sign in again.',
  noPendingSetup: 'No two-factor set-up is in progress. Please start the set-up again.',
  alreadyEnabled: 'Two-factor authentication is already enabled. Disable it first to change the method.',
  notEnabled: ERROR_MESSAGES.two_factor_not_enabled,
  noEmailAddress: 'This account has no e-mail address to send codes to. Please choose the authenticator app.',
  wrongPassword: 'The password is not correct.',
} as const;

export function twoFactorError(
  message: string,
  code: ErrorCode = ERROR_CODES.twoFactorInvalid,
  status: number = HTTP_STATUS.badRequest,
): ApiError {
  return new ApiError(status, code, message, { extra: { error: message } });
}

/** A wrong password inside a signed-in session: 400, never 401 (a 401 would end the session). */
export const wrongTwoFactorPassword = () =>
  new ApiError(HTTP_STATUS.badRequest, ERROR_CODES.invalidCredentials, TWO_FACTOR_MESSAGES.wrongPassword, {
    extra: { error: TWO_FACTOR_MESSAGES.wrongPassword },
  });
