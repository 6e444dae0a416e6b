import en from '../../../../../locales/en/server.json';
import sq from '../../../../../locales/sq/server.json';
import sr from '../../../../../locales/sr/server.json';
import { HTTP_STATUS } from '../../../../shared/api/drf';
import { ERROR_CODES } from '../../../../shared/errors';
import type { RefusalCode } from '../../../../shared/refusals';
import { ApiError, refusalDetail } from '../../../errors';
import { refusalTranslator, type RefusalTranslator } from '../../../refusal-texts';

// The refusals of a directory sign-in, in English (the API's language) with their translations in
// locales/<lang>/server.json (`directory`). The sign-in screen shows the answer's `message` before
// its `detail` (auth-errors.ts), so both carry the text and both are translated on the way out.

export const DIRECTORY_MESSAGES = en.directory;

function directoryRefusal(status: number, code: RefusalCode): ApiError {
  const message = refusalDetail(code, {});
  return new ApiError(status, code, message, { extra: { message } });
}

/** 503: the directory did not answer (or refused the service account): not the user's fault, never a 500. */
export const directoryUnavailable = () =>
  directoryRefusal(HTTP_STATUS.serviceUnavailable, ERROR_CODES.directoryUnavailable);
/** 401 like a local disabled account, said only to someone whose directory password was right. */
export const directoryAccountDisabled = () =>
  directoryRefusal(HTTP_STATUS.unauthorized, 'directory_disabled');
/** 409: a local account holds the username; the directory never takes it over. */
export const directoryUsernameTaken = () => directoryRefusal(HTTP_STATUS.conflict, 'directory_username_taken');
export const directoryEmailTaken = () => directoryRefusal(HTTP_STATUS.conflict, 'directory_email_taken');
/** 409: every user has an e-mail address (spec §3), and a first sign-in has none to give. */
export const directoryEmailMissing = () => directoryRefusal(HTTP_STATUS.conflict, 'directory_no_email');

const translateDetail = refusalTranslator({ en: en.directory, sq: sq.directory, sr: sr.directory });

/** translateRefusals' translator for the sign-in routes: `detail` and `message` of a directory refusal. */
export const translateDirectoryRefusal: RefusalTranslator = (language, body) => {
  const translated = translateDetail(language, body);
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message !== 'string' || typeof translated !== 'object' || translated === null) return translated;
  return { ...translated, message: (translateDetail(language, { detail: message }) as { detail: string }).detail };
};
