import type { TFunction } from 'i18next';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../shared/domain/application-status';
import { serverText, translateError } from '../../lib/error-translator';
import { asTransportError } from '../../lib/transport-error';

// Refusals of the inspectorate's calls in the person's words. Server messages are matched by
// their text where the server gives no finer code (src/server/workflow/perform-action.ts,
// src/server/modules/documents/document-registry.ts).

const DOCUMENT_FIRST = 'Upload the inspectorate verification document first.';
const SECOND_UPLOAD = 'The inspectorate verification document has already been uploaded.';
const NOTES_REQUIRED = 'Notes are required for this action.';

export interface DecisionRefusal {
  message: string;
  /** The server's message about the notes, shown under the field. */
  notesError: string | null;
  /** 409 and 412: what the panel shows is out of date; offer to read it again. */
  offerReload: boolean;
}

function statusOf(body: unknown): ApplicationStatus | null {
  const status = body && typeof body === 'object' ? (body as { status?: unknown }).status : undefined;
  return typeof status === 'string' && (APPLICATION_STATUSES as readonly string[]).includes(status) ? (status as ApplicationStatus) : null;
}

export function describeDecisionRefusal(error: unknown, t: TFunction): DecisionRefusal {
  const transport = asTransportError(error);
  const detail = serverText(error, 'detail') ?? '';
  switch (transport.status) {
    case 412:
      return { message: t('inspectorate:refusal.stale'), notesError: null, offerReload: true };
    case 409: {
      if (detail === DOCUMENT_FIRST) return { message: t('inspectorate:refusal.documentFirst'), notesError: null, offerReload: true };
      const status = statusOf(transport.body);
      if (status && detail.includes('not allowed while')) {
        return { message: t('inspectorate:refusal.status', { status: t(`applications:status.${status}`) }), notesError: null, offerReload: true };
      }
      return { message: t('inspectorate:refusal.conflict', { message: detail || t('errors:conflict') }), notesError: null, offerReload: true };
    }
    case 403:
      return { message: t('inspectorate:refusal.forbidden'), notesError: null, offerReload: false };
    case 404:
      return { message: t('inspectorate:refusal.notFound'), notesError: null, offerReload: false };
    default: {
      const translated = translateError(error, t);
      const notes = translated.fieldErrors.notes?.[0];
      const notesError = notes === undefined ? null : notes === NOTES_REQUIRED ? t('inspectorate:decision.notesRequired') : notes;
      const others = Object.entries(translated.fieldErrors)
        .filter(([field]) => field !== 'notes')
        .flatMap(([, messages]) => messages);
      const message = [...others, ...translated.formErrors].join(' ') || translated.message;
      return { message, notesError, offerReload: false };
    }
  }
}

/** For PdfUpload: the refusals of the verification upload this screen knows; null leaves the rest to the upload zone. */
export function describeUploadRefusal(error: unknown, t: TFunction): string | null {
  const transport = asTransportError(error);
  if (transport.status === 409) {
    return serverText(error, 'detail') === SECOND_UPLOAD ? t('inspectorate:upload.onlyOne') : t('inspectorate:upload.notWaiting');
  }
  if (transport.status === 403) return t('inspectorate:upload.forbidden');
  if (transport.status === 404) return t('inspectorate:refusal.notFound');
  return null;
}
