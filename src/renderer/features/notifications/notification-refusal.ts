import type { TFunction } from 'i18next';
import { NOTIFICATION_MESSAGES } from '../../../shared/api/notifications';
import { fieldMessageTranslation } from '../../../shared/errors';
import { serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused send or resend in the reader's words. The server translates its refusals by
// Accept-Language; one that still reads as the contract's English (NOTIFICATION_MESSAGES) is
// translated here, anything else is shown as it came.

const MESSAGE_KEYS = new Map<string, string>(Object.entries(NOTIFICATION_MESSAGES).map(([key, text]) => [text, `notifications:messages.${key}`]));

export function notificationMessage(message: string, t: TFunction): string {
  const key = MESSAGE_KEYS.get(message);
  if (key) return t(key);
  const known = fieldMessageTranslation(message);
  return known ? t(known.key, { ...known.values, defaultValue: message }) : message;
}

export interface Refusal {
  /** The first message per request field (`recipient.application_id` is filed under `recipient`). */
  fields: Record<string, string>;
  /** One sentence for the whole action, or null when only fields were refused. */
  message: string | null;
}

export function refusalOf(error: unknown, t: TFunction): Refusal {
  if (!error) return { fields: {}, message: null };
  const translated = translateError(error, t);
  const fields: Record<string, string> = {};
  for (const [path, messages] of Object.entries(translated.fieldErrors)) {
    const field = path.split('.')[0];
    if (messages[0] && field) fields[field] ??= notificationMessage(messages[0], t);
  }
  const status = asTransportError(error).status;
  const detail = serverText(error, 'detail');
  const said = detail && (status === 400 || status === 404 || status === 409) ? notificationMessage(detail, t) : null;
  const formErrors = translated.formErrors.map((message) => notificationMessage(message, t));
  const message = said ?? (formErrors.length > 0 ? formErrors.join(' ') : Object.keys(fields).length > 0 ? null : translated.message);
  return { fields, message };
}
