import type { TFunction } from 'i18next';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../shared/domain/application-status';
import { translateError, serverText } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// A refused action in words: the status it is in now (409), someone else's change (412), no
// permission (403), field messages (400).

export interface ActionRefusal {
  message: string;
  fieldErrors: Record<string, string[]>;
  /** 412 and 409: the screen offers to reload. */
  offerReload: boolean;
}

const NOTES_MESSAGES: Record<string, string> = {
  'Notes are required for this action.': 'errors.notesRequired',
  'Review notes are required when rejecting exemption requests': 'errors.exemptionNotes',
  "The council's comments are required to record its decision.": 'errors.councilNotes',
  'A reason is required to invalidate an application.': 'errors.invalidateNotes',
};

export function notesMessageKey(serverMessage: string): string {
  return NOTES_MESSAGES[serverMessage] ?? 'errors.notesRequired';
}

export function describeRefusal(error: unknown, t: TFunction): ActionRefusal {
  const transport = asTransportError(error);
  if (transport.status === 412) return { message: t('applications:errors.stale'), fieldErrors: {}, offerReload: true };
  if (transport.status === 403) return { message: t('applications:errors.forbidden'), fieldErrors: {}, offerReload: false };
  if (transport.status === 409) {
    const body = transport.body as { status?: unknown } | undefined;
    const status = body?.status;
    const detail = serverText(error, 'detail') ?? '';
    if (typeof status === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(status) && detail.includes('not allowed while')) {
      return { message: t('applications:errors.conflict', { status: t(`applications:status.${status as ApplicationStatus}`) }), fieldErrors: {}, offerReload: true };
    }
    return { message: t('applications:errors.conflictOther', { message: detail }), fieldErrors: {}, offerReload: true };
  }
  const translated = translateError(error, t);
  const fieldErrors = Object.fromEntries(
    Object.entries(translated.fieldErrors).map(([field, messages]) => [field, field === 'notes' ? messages.map((m) => t(`applications:${notesMessageKey(m)}`)) : messages]),
  );
  return { message: translated.message, fieldErrors, offerReload: false };
}
