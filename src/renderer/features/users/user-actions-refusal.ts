import type { TFunction } from 'i18next';
import { USER_MESSAGES } from '../../../shared/api/users';
import { fieldMessageTranslation } from '../../../shared/errors';
import { serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused user or group change in the reader's words. The server answers its refusals (400,
// 409, 412) already translated in `detail` or per field; one that still reads as the contract's
// English (USER_MESSAGES) is translated here, anything else is shown as it came.

const MESSAGE_KEYS = new Map<string, string>(Object.entries(USER_MESSAGES).map(([key, text]) => [text, `users:messages.${key}`]));

/** A message of the contract (USER_MESSAGES or the generic field checks) in the reader's language; others as they are. */
export function userMessage(message: string, t: TFunction): string {
  const key = MESSAGE_KEYS.get(message);
  if (key) return t(key);
  const known = fieldMessageTranslation(message);
  return known ? t(known.key, { ...known.values, defaultValue: message }) : message;
}

export interface Refusal {
  /** The server's messages by request field. */
  fields: Record<string, string>;
  /** One sentence for the whole action (null when only fields were refused). */
  message: string | null;
  status: number | undefined;
}

export function refusalOf(error: unknown, t: TFunction): Refusal {
  if (!error) return { fields: {}, message: null, status: undefined };
  const translated = translateError(error, t);
  const fields: Record<string, string> = {};
  for (const [path, messages] of Object.entries(translated.fieldErrors)) {
    const first = messages[0];
    const field = path.split('.')[0];
    if (first && field) fields[field] ??= userMessage(first, t);
  }
  const status = asTransportError(error).status;
  const detail = serverText(error, 'detail');
  const said = detail && (status === 400 || status === 409 || status === 412) ? userMessage(detail, t) : null;
  const formErrors = translated.formErrors.map((message) => userMessage(message, t));
  const message = said ?? (formErrors.length > 0 ? formErrors.join(' ') : Object.keys(fields).length > 0 ? null : translated.message);
  return { fields, message, status };
}

/** Every refusal as one text, for a dialog without fields of its own. */
export function refusalText(error: unknown, t: TFunction): string | null {
  if (!error) return null;
  const refusal = refusalOf(error, t);
  return [refusal.message, ...Object.values(refusal.fields)].filter(Boolean).join(' ') || null;
}
