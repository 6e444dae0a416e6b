import type { TFunction } from 'i18next';
import { COUNCIL_FIELD_MESSAGES, COUNCIL_REFUSALS, type CouncilRefusal } from '../../../shared/api/council-review';
import { notesRequiredMessage } from '../../../shared/domain/application-workflow';
import { translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused council step in the reader's words. The server sends a `reason` code with its values
// (quorum, count, field) beside the English detail; field messages are matched by their English text
// (shared with the server). 412: someone else changed the application first.

export interface CouncilRefusalText {
  message: string;
  fieldErrors: Record<string, string>;
  /** 412 and 409: reading the review again may help. */
  offerReload: boolean;
}

const FIELD_KEYS: ReadonlyMap<string, string> = new Map([
  ...(Object.entries(COUNCIL_FIELD_MESSAGES) as [string, string][]).map(([key, text]) => [text, `fieldMessages.${key}`] as const),
  [notesRequiredMessage('record_council_decision'), 'fieldMessages.commentsRequired'],
]);

export function describeCouncilRefusal(error: unknown, t: TFunction): CouncilRefusalText {
  const transport = asTransportError(error);
  if (transport.status === 412) return { message: t('council-review:refusals.stale'), fieldErrors: {}, offerReload: true };
  const body = (transport.body ?? {}) as Record<string, unknown>;
  const reason = body.reason;
  if (typeof reason === 'string' && (COUNCIL_REFUSALS as readonly string[]).includes(reason)) {
    const field = typeof body.field === 'string' ? t(`applications:field.${body.field}`, { defaultValue: body.field }) : undefined;
    return {
      message: t(`council-review:refusals.${reason as CouncilRefusal}`, { quorum: body.quorum, count: Number(body.count ?? 0), field }),
      fieldErrors: {},
      offerReload: transport.status === 409,
    };
  }
  if (transport.status === 409) return { message: t('council-review:refusals.conflictOther'), fieldErrors: {}, offerReload: true };
  if (transport.status === 403) return { message: t('council-review:refusals.forbidden'), fieldErrors: {}, offerReload: false };
  const translated = translateError(error, t);
  const fieldErrors = Object.fromEntries(
    Object.entries(translated.fieldErrors).map(([name, messages]) => {
      const first = messages[0] ?? '';
      const key = FIELD_KEYS.get(first);
      return [name, key ? t(`council-review:${key}`) : first];
    }),
  );
  return { message: translated.message, fieldErrors, offerReload: false };
}
