import type { TFunction } from 'i18next';
import { NOTIFICATION_MESSAGES } from '../../../shared/api/notifications';
import { fieldMessageTranslation } from '../../../shared/errors';
import { serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused template save in the reader's words: the server translates its refusals by
// Accept-Language; one that still reads as the contract's English is translated here. A 412 is
// always "changed by someone else", whatever words came with it.

/** The refusals that name variables, recognised by their English frame around the names. */
const NAMING = ['unknownVariable', 'misplacedSecret'] as const;
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(NOTIFICATION_MESSAGES)
    .filter(([key]) => !NAMING.includes(key as (typeof NAMING)[number]))
    .map(([key, text]) => [text, `notifications:messages.${key}`]),
);
const FRAMES = NAMING.map((key) => {
  const [before, after] = NOTIFICATION_MESSAGES[key].split('{{names}}') as [string, string];
  return { key, before, after };
});

function templateMessage(message: string, t: TFunction): string {
  const key = MESSAGE_KEYS.get(message);
  if (key) return t(key);
  for (const frame of FRAMES) {
    if (message.startsWith(frame.before) && message.endsWith(frame.after) && message.length >= frame.before.length + frame.after.length) {
      return t(`notifications:messages.${frame.key}`, { names: message.slice(frame.before.length, message.length - frame.after.length) });
    }
  }
  const known = fieldMessageTranslation(message);
  return known ? t(known.key, { ...known.values, defaultValue: message }) : message;
}

export interface TemplateRefusal {
  fields: Partial<Record<'subject' | 'body', string>>;
  message: string | null;
  status: number | undefined;
}

export function templateRefusalOf(error: unknown, t: TFunction): TemplateRefusal {
  if (!error) return { fields: {}, message: null, status: undefined };
  const status = asTransportError(error).status;
  if (status === 412) return { fields: {}, message: t('notifications:messages.staleTemplate'), status };
  const translated = translateError(error, t);
  const fields: TemplateRefusal['fields'] = {};
  for (const name of ['subject', 'body'] as const) {
    const messages = translated.fieldErrors[name] ?? [];
    if (messages.length > 0) fields[name] = messages.map((message) => templateMessage(message, t)).join(' ');
  }
  const detail = serverText(error, 'detail');
  const said = detail && (status === 400 || status === 409) ? templateMessage(detail, t) : null;
  const formErrors = translated.formErrors.map((message) => templateMessage(message, t));
  const otherFields = Object.entries(translated.fieldErrors)
    .filter(([name]) => name !== 'subject' && name !== 'body')
    .flatMap(([, messages]) => messages.map((message) => templateMessage(message, t)));
  const rest = [...formErrors, ...otherFields];
  const message = said ?? (rest.length > 0 ? rest.join(' ') : Object.keys(fields).length > 0 ? null : translated.message);
  return { fields, message, status };
}
