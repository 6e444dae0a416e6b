import { z } from 'zod';
import { DOCUMENT_TYPES } from '../document-types';
import { DOCUMENT_KINDS, DOCUMENT_STATUSES } from '../domain/application-status';
import { applicationDocument } from './applications';
import { paginated, pageQuery, recordId } from './drf';
import { safeText, TEXT_LIMITS } from './safe-text';

// Documents and PDFs: upload, download, the documents screen and the upload limits.
// Uploads are streamed: either the raw PDF as the request body (Content-Type application/pdf,
// metadata in the query) or multipart/form-data with the same fields and one `file` part.

export const PDF_MEDIA_TYPE = 'application/pdf';

/** What the server publishes so clients can refuse a file before sending it. */
export const uploadLimitsAnswer = z.object({
  max_upload_bytes: z.number().int().positive(),
  accepted_media_types: z.array(z.string()),
});
export type UploadLimits = z.infer<typeof uploadLimitsAnswer>;

/** File names: no path separators or control characters, at most 200 characters. */
export const uploadFileName = safeText({ max: 200 })
  .min(1, 'This field is required')
  .refine((name) => !/[\\/]/.test(name), 'Invalid format');

export const documentUploadQuery = z.object({
  document_type: z.enum(DOCUMENT_TYPES),
  kind: z.enum(DOCUMENT_KINDS).default('original'),
  file_name: uploadFileName,
});
export type DocumentUploadQuery = z.input<typeof documentUploadQuery>;

export const storedDocument = applicationDocument.extend({
  application_id: z.number().int(),
  application_reference: z.string(),
  sha256: z.string().nullable(),
  media_type: z.string(),
  uploaded_by: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
});
export type StoredDocument = z.infer<typeof storedDocument>;

export const documentListQuery = pageQuery.extend({
  document_type: z.enum(DOCUMENT_TYPES).optional(),
  status: z.enum(DOCUMENT_STATUSES).optional(),
  kind: z.enum(DOCUMENT_KINDS).optional(),
  application: z.coerce.number().pipe(recordId).optional(),
  search: safeText({ max: TEXT_LIMITS.search }).optional(),
});
export const documentListAnswer = paginated(storedDocument);

export const DOCUMENT_PATHS = {
  limits: '/documents/limits/',
  list: '/documents/',
  detail: (id: number) => `/documents/${id}/`,
  /** GET streams the file (Range supported). */
  content: (id: number) => `/documents/${id}/content/`,
  /** POST streams a new document of the application. */
  upload: (applicationId: number) => `/applications/${applicationId}/documents/`,
  /** POST streams the inspectorate's verification PDF (one per inspectorate request). */
  inspectorateUpload: (applicationId: number) => `/applications/${applicationId}/inspectorate-document/`,
} as const;
