import type { ApplicationDetail, ApplicationDocument } from '../../../shared/api/applications';

/**
 * The inspectorate's PDF for the current request: the newest verification document uploaded
 * since the application was last sent to the inspectorate — the same rule the server applies
 * before it accepts an approval or refuses a second upload.
 */
export function currentVerificationDocument(application: Pick<ApplicationDetail, 'documents' | 'history'>): ApplicationDocument | null {
  const requests = application.history.filter((entry) => entry.action === 'request_inspectorate').map((entry) => Date.parse(entry.created_at));
  const requestedAt = requests.length > 0 ? Math.max(...requests) : Number.NEGATIVE_INFINITY;
  const candidates = application.documents
    .filter((document) => document.document_type === 'verification_request' && Date.parse(document.uploaded_at) >= requestedAt)
    .sort((a, b) => Date.parse(b.uploaded_at) - Date.parse(a.uploaded_at));
  return candidates[0] ?? null;
}
